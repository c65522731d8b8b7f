/**
 * Renders the shop's public pages to HTML (src/shop/entry-server.tsx) into the built shop, dist/shop:
 * `index.html` becomes the home page, `menu.html`, `menu/<category>.html`, `contact.html`… the others, and
 * the empty app shell the other routes start from is kept as `shell.html`. The pages carry the menu, the
 * restaurant's identity, the opening hours and the offers as they are in the database now:
 *
 * - with PRERENDER_SUPABASE_URL and PRERENDER_SUPABASE_ANON_KEY (or the build's VITE_SUPABASE_URL and
 *   VITE_SUPABASE_ANON_KEY), from that project: a hosted one, or a running embedded backend;
 * - otherwise from an embedded backend started here on an in-memory database, migrated and seeded (the
 *   seed's menu), so that a build needs no server.
 *
 * `vite build --config vite.shop.config.ts` runs it (scripts/vite-prerender.ts) before the service worker
 * lists the files; `npx tsx scripts/prerender.ts` re-renders an existing build when the menu changed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build as bundle } from 'esbuild';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATA_ID = 'prerender-data';

/** The file a route's page is written to: `/` → index.html, `/menu/grillades` → menu/grillades.html. */
export function pageFile(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}.html`;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The shell with a page in #root (and the page's own title) and its data before the app's script. The preloads React puts first (the
 * page's pictures) go to the head, where the browser finds them before it parses the page.
 */
export function pageHtml(shell: string, body: string, data: string, title?: string): string {
  const root = '<div id="root"></div>';
  if (!shell.includes(root)) throw new Error(`The shop's index.html has no ${root}`);
  const preloads = /^(?:<link [^>]*\/?>)*/.exec(body)![0];
  return shell
    .replace(/<title>[^<]*<\/title>/, (shellTitle) => (title ? `<title>${escapeText(title)}</title>` : shellTitle))
    .replace('</head>', () => `${preloads ? `  ${preloads}\n  ` : ''}</head>`)
    .replace(
      root,
      () =>
        `<script type="application/json" id="${DATA_ID}">${data}</script>\n    <div id="root">${body.slice(preloads.length)}</div>`,
    );
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The app's entry and the modules it imports (the build's manifest), each after those it imports: the order
 * in which importing them one by one evaluates each module in a task of its own.
 */
export function moduleOrder(manifest: Record<string, ManifestChunk>, entry = 'index.html'): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    for (const dependency of chunk.imports ?? []) visit(dependency);
    order.push(`/${chunk.file}`);
  };
  visit(entry);
  return order;
}

/**
 * The shell a prerendered page starts from: the app's entry script replaced by the boot script
 * (src/shop/boot.ts, bundled here with the modules to import written in), which evaluates the app once the
 * page has painted. The shell's modulepreload links go: fetched during the load, at high priority, the
 * code would compete with the page's stylesheet, fonts and first picture on a slow connection; the boot
 * script asks for all the modules at once when it starts.
 */
async function bootShell(shopDir: string, shell: string): Promise<string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(shopDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const modules = moduleOrder(manifest);
  const entry = modules[modules.length - 1];
  const entryScript = new RegExp(`<script type="module" crossorigin src="${entry}"></script>`);
  if (!entryScript.test(shell)) throw new Error(`The shop's index.html does not load its entry ${entry}`);
  const { outputFiles } = await bundle({
    entryPoints: [path.join(ROOT, 'src/shop/boot.ts')],
    bundle: true,
    format: 'esm',
    minify: true,
    write: false,
    target: 'es2022',
    define: { SHOP_MODULES: JSON.stringify(modules) },
  });
  const code = outputFiles[0].contents;
  const file = `assets/boot-${crypto.createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
  fs.writeFileSync(path.join(shopDir, file), code);
  return shell
    .replace(entryScript, () => `<script type="module" src="/${file}"></script>`)
    .replace(/[ \t]*<link rel="modulepreload"[^>]*>\n?/g, '');
}

/** What src/shop/entry-server.tsx exports, once built for Node. */
interface ServerEntry {
  PRERENDERED_PATHS: readonly string[];
  readFrom(client: SupabaseClient): void;
  readPublicData(): Promise<unknown>;
  renderPage(
    path: string,
    queries: unknown,
    renderedAt: number,
  ): Promise<{ html: string; queries: unknown; timeZone: string }>;
  serializePrerenderData(data: { path: string; renderedAt: number; queries: unknown; timeZone: string }): string;
  pageTitle(path: string): string;
}

async function buildServerEntry(outDir: string): Promise<ServerEntry> {
  await build({
    configFile: false,
    root: path.join(ROOT, 'src/shop'),
    publicDir: false,
    logLevel: 'warn',
    plugins: [react()],
    build: {
      ssr: 'entry-server.tsx',
      outDir,
      emptyOutDir: true,
      rolldownOptions: { checks: { bundlerTimings: false } },
    },
  });
  return (await import(`${pathToFileURL(path.join(outDir, 'entry-server.js')).href}?t=${Date.now()}`)) as ServerEntry;
}

type Source = { url: string; anonKey: string; close(): Promise<void>; label: string };

async function dataSource(): Promise<Source> {
  const url = process.env.PRERENDER_SUPABASE_URL || process.env.VITE_SUPABASE_URL;
  const anonKey = process.env.PRERENDER_SUPABASE_ANON_KEY || process.env.VITE_SUPABASE_ANON_KEY;
  if (url && anonKey) return { url, anonKey, close: async () => {}, label: url };
  if (url || anonKey)
    throw new Error('Prerender: set both PRERENDER_SUPABASE_URL and PRERENDER_SUPABASE_ANON_KEY, or neither.');
  const { startBackend } = await import('../src/backend/server.js');
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
  return { url: backend.url, anonKey: backend.anonKey, close: () => backend.close(), label: 'the seeded database' };
}

export async function prerenderShop(shopDir = path.join(ROOT, 'dist/shop')): Promise<string[]> {
  const started = Date.now();
  const index = path.join(shopDir, 'index.html');
  const shellFile = path.join(shopDir, 'shell.html');
  // The build's index.html is the shell; a second run (the menu changed) starts from the one kept aside.
  const built = fs.readFileSync(index, 'utf8');
  if (!built.includes(`id="${DATA_ID}"`)) fs.writeFileSync(shellFile, built);
  const shell = await bootShell(shopDir, fs.readFileSync(shellFile, 'utf8'));

  const server = await buildServerEntry(path.join(shopDir, '..', 'shop-server'));
  const serverBuilt = Date.now();
  const source = await dataSource();
  let queries: unknown;
  try {
    server.readFrom(
      createClient(source.url, source.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        // Never used here, but supabase-js makes its realtime client up front, and Node 20 has no WebSocket.
        realtime: { transport: WebSocket as never },
      }),
    );
    queries = await server.readPublicData();
  } finally {
    await source.close();
  }
  const renderedAt = Date.now();
  const seconds = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`;
  const written: string[] = [];
  for (const route of server.PRERENDERED_PATHS) {
    // The page and the reads it shows (its hydration reads no other).
    const page = await server.renderPage(route, queries, renderedAt);
    const data = server.serializePrerenderData({
      path: route,
      renderedAt,
      queries: page.queries,
      timeZone: page.timeZone,
    });
    const file = path.join(shopDir, pageFile(route));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, pageHtml(shell, page.html, data, server.pageTitle(route)));
    written.push(path.relative(shopDir, file));
  }
  console.log(
    `Prerendered ${written.length} pages of the shop from ${source.label} in ${seconds(started, Date.now())} ` +
      `(server build ${seconds(started, serverBuilt)}, data ${seconds(serverBuilt, renderedAt)}, pages ${seconds(renderedAt, Date.now())}).`,
  );
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await prerenderShop(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
    process.exit(0);
  } catch (e) {
    console.error(`Prerendering the shop failed: ${(e as Error).stack ?? e}`);
    process.exit(1);
  }
}
