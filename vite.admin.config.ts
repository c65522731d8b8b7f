import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const backend = process.env.BACKEND_URL || 'http://127.0.0.1:54321';

export default defineConfig({
  root: fileURLToPath(new URL('./src/admin', import.meta.url)),
  base: '/admin/',
  publicDir: fileURLToPath(new URL('./src/admin/public', import.meta.url)),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL('./dist/admin', import.meta.url)),
    emptyOutDir: true,
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
