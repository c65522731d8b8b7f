/**
 * The shop's build around React Router's prerender (vite.shop.config.ts, react-router.config.ts):
 *
 * - before the pages are rendered, the data they show comes from PRERENDER_SUPABASE_URL and
 *   PRERENDER_SUPABASE_ANON_KEY (or the build's VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY): a hosted project
 *   or a running embedded backend; otherwise from an embedded backend started here on an in-memory database,
 *   migrated and seeded (the seed's menu), so that a build needs no server;
 * - once they are written: the pages moved into dist/shop as the backend serves them (`/menu` is menu.html, the
 *   other routes start from shell.html), the hashes of their inline scripts for the Content-Security-Policy
 *   (csp-hashes.json, read by src/backend/static.ts), the PWA's manifest and the service worker, which precaches them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import { generateSW } from 'workbox-build';
import WebSocket from 'ws';
import { BUILD_DATA_SOURCE, type BuildDataSource } from '../src/shop/app/public-data.server.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SHOP_DIR = path.join(ROOT, 'dist/shop');
/** The file the backend reads the pages' script hashes from (src/backend/static.ts). */
export const CSP_HASHES_FILE = 'csp-hashes.json';

/** The PWA's manifest (written into the build with the service worker). */
const WEB_MANIFEST = {
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
};

const RUNNING = Symbol.for('shop-build:backend');
type Running = { close(): Promise<void> };
const shared = globalThis as { [RUNNING]?: Promise<Running>; [BUILD_DATA_SOURCE]?: BuildDataSource };

/**
 * Starts the data source of the prerender once per build and tells the pages' loader where it is
 * (src/shop/app/public-data.server.ts, in the same process).
 */
export function prerenderDataSource(): Plugin {
  return {
    name: 'shop-prerender-data-source',
    apply: 'build',
    async buildStart() {
      if (shared[RUNNING]) return void (await shared[RUNNING]);
      const url = process.env.PRERENDER_SUPABASE_URL || process.env.VITE_SUPABASE_URL;
      const anonKey = process.env.PRERENDER_SUPABASE_ANON_KEY || process.env.VITE_SUPABASE_ANON_KEY;
      if ((url && !anonKey) || (!url && anonKey))
        throw new Error('Prerender: set both PRERENDER_SUPABASE_URL and PRERENDER_SUPABASE_ANON_KEY, or neither.');
      shared[RUNNING] = (async () => {
        // Node 20 has no WebSocket, which the public client's realtime part looks for (never used here).
        const transport = WebSocket as unknown as BuildDataSource['transport'];
        if (url && anonKey) {
          shared[BUILD_DATA_SOURCE] = { url, anonKey, transport };
          return { close: async () => {} };
        }
        // The backend's TypeScript, loaded as it is (the config that imports this file is bundled without it).
        const { startBackend } = (await tsImport(
          pathToFileURL(path.join(ROOT, 'src/backend/server.ts')).href,
          import.meta.url,
        )) as typeof import('../src/backend/server.ts');
        const backend = await startBackend(
          {
            port: 0,
            host: '127.0.0.1',
            dataDir: null,
            databaseUrl: null,
            jwtSecret: crypto.randomBytes(32).toString('hex'),
            supabaseDir: path.join(ROOT, 'supabase'),
          },
          { ...process.env, DISPATCH: 'off', RETENTION_AUTO: 'off', BACKUP_AUTO: 'off' },
        );
        shared[BUILD_DATA_SOURCE] = { url: backend.url, anonKey: backend.anonKey, transport };
        return { close: () => backend.close() };
      })();
      await shared[RUNNING];
    },
  };
}

async function stopDataSource(): Promise<void> {
  const source = shared[RUNNING];
  delete shared[RUNNING];
  delete shared[BUILD_DATA_SOURCE];
  await (await source)?.close();
}

/** `menu/index.html` → `menu.html`; the SPA fallback → `shell.html`. */
function placePages(dir: string, base = dir): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path.relative(base, file) !== 'assets') placePages(file, base);
      continue;
    }
    if (entry.name === 'index.html' && dir !== base) {
      fs.renameSync(file, `${dir}.html`);
      if (fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
    }
  }
}

/**
 * The page as the browser should load it. React Router lists the page's modules as modulepreload links in its
 * head, where they would be fetched before the stylesheet, the fonts and the first picture, which the first paint
 * waits for: they go to the end of the body, next to the scripts that import them, after everything the page
 * shows. And its module script is async, which could run the app before /env.js (deferred), the configuration
 * it reads: deferred too, it runs after it, in order.
 */
export function placeScripts(html: string): string {
  const links: string[] = [];
  const head = html.slice(0, html.indexOf('</head>')).replace(/<link rel="modulepreload"[^>]*\/?>/g, (link) => {
    links.push(link);
    return '';
  });
  let body = html.slice(html.indexOf('</head>')).replace(/<script type="module" async="">/g, '<script type="module">');
  const scripts = body.search(/<script\b[^>]*>(?!<\/script>)/);
  if (links.length > 0 && scripts >= 0) body = body.slice(0, scripts) + links.join('') + body.slice(scripts);
  if (/<script\b[^>]*\basync\b/.test(body)) throw new Error('A page of the shop still has an async script.');
  return head + body;
}

/** Every page of the shop (and the shell), its scripts placed (placeScripts). */
function placePageScripts(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    fs.writeFileSync(file, placeScripts(fs.readFileSync(file, 'utf8')));
  }
}

/** The sha256 of every inline script of each page, by file (relative to the shop's directory). */
export function inlineScriptHashes(dir: string): Record<string, string[]> {
  const hashes: Record<string, string[]> = {};
  const visit = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const file = path.join(d, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name.endsWith('.html')) {
        const html = fs.readFileSync(file, 'utf8');
        const found = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
          .filter(([, attributes, body]) => !/\bsrc=/.test(attributes) && body.length > 0)
          .map(([, , body]) => `'sha256-${crypto.createHash('sha256').update(body).digest('base64')}'`);
        hashes[path.relative(dir, file).split(path.sep).join('/')] = [...new Set(found)];
      }
    }
  };
  visit(dir);
  return hashes;
}

/** The service worker (vite-plugin-pwa wrote one before the pages existed): the same settings, the pages in. */
async function writeServiceWorker(dir: string): Promise<void> {
  const { warnings } = await generateSW({
    swDest: path.join(dir, 'sw.js'),
    globDirectory: dir,
    // The prerendered pages (index.html, menu.html, menu/<category>.html…) are precached: a navigation to
    // /menu gets menu.html (cleanURLs), offline too. Other routes get the empty shell the app renders in.
    globPatterns: [
      '**/*.{js,css,html,svg,woff2,data}',
      'manifest.webmanifest',
      'icons/*.png',
      'images/hero.webp',
      'images/hero-grill.webp',
    ],
    dontCacheBustURLsMatching: /^assets\//,
    cleanupOutdatedCaches: true,
    offlineGoogleAnalytics: false,
    sourcemap: false,
    mode: 'production',
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
  });
  for (const warning of warnings) console.warn(`Service worker: ${warning}`);
}

/** After React Router has written the pages (its buildEnd): dist/shop as the backend serves it. */
export async function finishShopBuild(buildDirectory: string): Promise<void> {
  try {
    const client = path.join(buildDirectory, 'client');
    fs.rmSync(SHOP_DIR, { recursive: true, force: true });
    fs.renameSync(client, SHOP_DIR);
    fs.rmSync(buildDirectory, { recursive: true, force: true });
    fs.renameSync(path.join(SHOP_DIR, '__spa-fallback.html'), path.join(SHOP_DIR, 'shell.html'));
    placePages(SHOP_DIR);
    placePageScripts(SHOP_DIR);
    fs.writeFileSync(path.join(SHOP_DIR, CSP_HASHES_FILE), JSON.stringify(inlineScriptHashes(SHOP_DIR)));
    fs.writeFileSync(path.join(SHOP_DIR, 'manifest.webmanifest'), JSON.stringify(WEB_MANIFEST));
    await writeServiceWorker(SHOP_DIR);
  } finally {
    await stopDataSource();
  }
}
