import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { prerenderDataSource } from './scripts/shop-build.ts';

// React Router's framework mode (react-router.config.ts, src/shop/app/routes.ts): the public pages are
// prerendered with their data, the build ends in dist/shop with the service worker (scripts/shop-build.ts).
const backend = process.env.BACKEND_URL ?? 'http://127.0.0.1:54321';

export default defineConfig({
  base: '/',
  publicDir: fileURLToPath(new URL('./src/shop/public', import.meta.url)),
  plugins: [tailwindcss(), prerenderDataSource(), reactRouter()],
  build: {
    sourcemap: false,
    // The fonts' rarely used parts (src/shop/styles/fonts.css) stay files: inlined, every page would load them
    // with the render-blocking stylesheet.
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
    // No "significant time in plugins" notice: on a busy machine it says nothing about the app. The libraries every
    // page hydrates with in a few chunks, each evaluated in a task of its own after the first paint
    // (scripts/shop-build.ts): one chunk would be one long task on a phone.
    rolldownOptions: {
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
            { name: 'libraries', test: /node_modules[\\/](react|@tanstack[\\/][^\\/]+|zustand)[\\/]/ },
          ],
        },
      },
    },
    // bench/shop.bench.ts reads the chunk graph from it: the JavaScript each route loads to become interactive.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/env.js': backend,
      '/rest': backend,
      '/auth': backend,
      '/functions': backend,
      '/realtime': { target: backend, ws: true },
    },
  },
});
