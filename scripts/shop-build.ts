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
 * The page as the browser should load it. The page is already what the customer reads: the app's code waits for it
 * to be painted. React Router lists the page's modules as modulepreload links and imports them in a module script;
 * fetched at once, they would compete with the stylesheet, the fonts and the first picture, and on a phone their
 * evaluation (React taking the page over) would come before the first paint whenever they arrive first (from the
 * service worker's cache). So the links go, and the module script (`afterFirstPaint`) asks for the same modules once
 * the page has been painted, or at the visitor's first tap or key, whichever is first, and evaluates them one
 * per task, each after those it imports, so that none blocks the page for long. The empty shell of the other routes
 * has nothing to paint: it loads its modules at once (its links at the end of the body, next to the script). A
 * module script is deferred, not async, so that it runs after /env.js (the configuration it reads), in order.
 */
export function placeScripts(
  html: string,
  { prerendered, importsOf }: { prerendered: boolean; importsOf: (href: string) => string[] },
): string {
  const links: string[] = [];
  const page = html
    .replace(/<script type="module" async="">/g, '<script type="module">')
    .replace(/<link rel="modulepreload"[^>]*\/?>/g, (link) => {
      links.push(/href="([^"]+)"/.exec(link)![1]);
      return '';
    });
  if (/<script\b[^>]*\basync\b/.test(page)) throw new Error('A page of the shop still has an async script.');
  const modules = [...page.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)];
  if (modules.length !== 1) throw new Error(`A page of the shop has ${modules.length} module scripts, not one.`);
  const [tag, code] = modules[0];
  const script = prerendered
    ? `<script type="module">${afterFirstPaint(code, links, importsOf)}</script>`
    : links.map((href) => `<link rel="modulepreload" href="${href}"/>`).join('') + tag;
  return page.replace(tag, () => script);
}

/** The modulepreload links a page adds in one task (EVALUATE). */
const LINKS_PER_TASK = 4;

/**
 * Where a page waits before its modules are asked for: its first contentful paint (the browser's own paint timing),
 * or a first tap or key. A tab opened in the background paints nothing until it is shown: there, a second later it
 * goes on anyway. A page on screen waits for its paint (a slow stylesheet or a busy phone can hold it past a second:
 * the code must not overtake it), up to 5 seconds in case the browser never says it painted; one without paint
 * timing goes on at once.
 */
const PAINTED = `await new Promise((go) => {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return go();
  new PerformanceObserver((list) => list.getEntriesByName('first-contentful-paint').length > 0 && go()).observe({ type: 'paint', buffered: true });
  setTimeout(go, document.visibilityState === 'hidden' ? 1000 : 5000);
  for (const type of ['pointerdown', 'keydown', 'touchstart']) addEventListener(type, go, { once: true, capture: true, passive: true });
});`;

/**
 * Every module is asked for, a few per task (a modulepreload link costs its task 3-8 ms on a slow phone when a service
 * worker answers: the ~38 of /menu in one task blocked for 100-140 ms); each is evaluated once it has arrived and
 * those before it are, in a task of its own.
 */
const EVALUATE = `const fetched = [];
for (const [i, href] of ORDER.entries()) {
  if (i > 0 && i % ${LINKS_PER_TASK} === 0) await new Promise((next) => setTimeout(next, 0));
  fetched.push(new Promise((done) => {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href });
    link.onload = link.onerror = done;
    document.head.append(link);
  }));
}
const loaded = {};
for (const [i, href] of ORDER.entries()) {
  await fetched[i];
  loaded[href] = await import(href);
  await new Promise((next) => setTimeout(next, 0));
}`;

/**
 * React Router's module script behind `PAINTED`: its modules (`preloads`, the route modules it imports) evaluated by
 * `EVALUATE` in the order of their static imports (`importsOf`), then its own code, which imports the client entry
 * (that one hydrates the page: last, as React Router has it).
 */
export function afterFirstPaint(code: string, preloads: string[], importsOf: (href: string) => string[]): string {
  const imports: { name: string | null; url: string }[] = [];
  const rest = code.replace(
    /^\s*import (?:\* as (\w+) from )?"([^"]+)";\s*$/gm,
    (_line, name: string | undefined, url: string) => {
      imports.push({ name: name ?? null, url });
      return '';
    },
  );
  const entry = /import\("([^"]+)"\);\s*$/.exec(rest)?.[1];
  if (imports.length === 0 || !entry || /^\s*import\s/m.test(rest))
    throw new Error('Unexpected module script: ' + code.slice(0, 200));
  // Each module after those it imports; the entry's own imports too, the entry itself left to the page's code.
  const order: string[] = [];
  const visit = (href: string, path: string[]) => {
    if (order.includes(href) || href === entry) return;
    if (path.includes(href)) throw new Error(`Import cycle: ${[...path, href].join(' → ')}`);
    for (const dep of importsOf(href)) visit(dep, [...path, href]);
    order.push(href);
  };
  for (const href of [...imports.map((i) => i.url), ...preloads, ...importsOf(entry)]) visit(href, []);
  const named = imports
    .filter((i) => i.name)
    .map((i) => `const ${i.name} = loaded[${JSON.stringify(i.url)}];`)
    .join('\n');
  return [PAINTED, `const ORDER = ${JSON.stringify(order)};`, EVALUATE, named, rest.trim()].join('\n');
}

/** The modules a built chunk imports statically (`import{…}from"./x.js"`, `import"./x.js"`), as /assets/ paths. */
function chunkImports(dir: string): (href: string) => string[] {
  const known = new Map<string, string[]>();
  return (href) => {
    let found = known.get(href);
    if (!found) {
      const code = fs.readFileSync(path.join(dir, href), 'utf8');
      const base = path.posix.dirname(href);
      found = [...code.matchAll(/\bimport\s*(?:\{[^}]*\}\s*from\s*|[\w$*\s,]+\s+from\s*)?"(\.{1,2}\/[^"]+\.js)"/g)].map(
        ([, rel]) => path.posix.join(base, rel),
      );
      known.set(href, found);
    }
    return found;
  };
}

/** Every page of the shop (and the shell), its scripts placed (placeScripts). */
function placePageScripts(dir: string): void {
  const importsOf = chunkImports(dir);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const prerendered = path.relative(dir, file) !== 'shell.html';
    fs.writeFileSync(file, placeScripts(fs.readFileSync(file, 'utf8'), { prerendered, importsOf }));
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
