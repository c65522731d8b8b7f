import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { runtimeEnvScript } from './scripts/vite-runtime-env.ts';

const backend = process.env.BACKEND_URL || 'http://127.0.0.1:54321';

export default defineConfig({
  root: fileURLToPath(new URL('./src/admin', import.meta.url)),
  base: '/admin/',
  publicDir: fileURLToPath(new URL('./src/admin/public', import.meta.url)),
  plugins: [react(), tailwindcss(), runtimeEnvScript()],
  build: {
    outDir: fileURLToPath(new URL('./dist/admin', import.meta.url)),
    emptyOutDir: true,
    // No "significant time in plugins" notice: on a busy machine it says nothing about the app.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  server: {
    port: 5174,
    proxy: {
      '/env.js': backend,
      '/rest': backend,
      '/auth': backend,
      '/functions': backend,
      '/realtime': { target: backend, ws: true },
    },
  },
});
