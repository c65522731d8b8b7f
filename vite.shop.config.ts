import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { runtimeEnvScript } from './scripts/vite-runtime-env.ts';
import { prerenderPages } from './scripts/vite-prerender.ts';

const root = fileURLToPath(new URL('./src/shop', import.meta.url));
const backend = process.env.BACKEND_URL ?? 'http://127.0.0.1:54321';

export default defineConfig({
  root,
  base: '/',
  publicDir: fileURLToPath(new URL('./src/shop/public', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    runtimeEnvScript(),
    // Before the service worker lists the files: the public pages as HTML (scripts/prerender.ts).
    prerenderPages(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      includeAssets: ['icons/favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Churrasqueira Differdange',
        short_name: 'Churrasqueira',
        description: 'Poulet grillé au feu de bois à Differdange : commandez en ligne, livraison ou à emporter.',
        lang: 'fr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#1c1512',
        theme_color: '#1c1512',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The prerendered pages (index.html, menu.html, menu/<category>.html…) are precached: a navigation to
        // /menu gets menu.html (cleanURLs), offline too. Other routes get the empty shell the app renders in.
        globPatterns: ['**/*.{js,css,html,svg,woff2}', 'icons/*.png', 'images/hero.webp', 'images/hero-grill.webp'],
        navigateFallback: '/shell.html',
        // Backend paths must reach the network, never the SPA shell.
        navigateFallbackDenylist: [
          /^\/admin/,
          /^\/rest\//,
          /^\/auth\//,
          /^\/realtime\//,
          /^\/functions\//,
          /^\/env\.js/,
          /^\/mailbox/,
        ],
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname === '/env.js',
            handler: 'NetworkFirst',
            options: { cacheName: 'runtime-env' },
          },
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/images/'),
            handler: 'CacheFirst',
            options: { cacheName: 'images', expiration: { maxEntries: 120, maxAgeSeconds: 30 * 24 * 3600 } },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist/shop', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    // The fonts' rarely used parts (src/shop/styles/fonts.css) stay files: inlined, every page would load them
    // with the render-blocking stylesheet.
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
    // bench/shop.bench.ts reads the chunk graph from it: the JavaScript each route loads before it paints.
    manifest: true,
    // No "significant time in plugins" notice: on a busy machine it says nothing about the app.
    rolldownOptions: {
      checks: { bundlerTimings: false },
      // The libraries as chunks of their own: a prerendered page's boot script (src/shop/boot.ts) evaluates
      // them one per task, where one entry chunk would be a single long task on a phone.
      output: {
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
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
