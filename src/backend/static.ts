import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { BackendContext } from './context.js';
import type { RouteHandler } from './http.js';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  // React Router's prerendered route data (turbo-stream), fetched on a navigation in the shop.
  '.data': 'text/x-script',
};

/** The shop's prerendered pages whose content follows the query string (see the handler). */
const QUERY_PAGES = new Set(['/suivi-commande']);

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.svg',
  '.txt',
  '.map',
  '.data',
]);

/** The runtime configuration the SPAs read before they start (see src/shared/data/client.ts). */
export function envScript(ctx: BackendContext): string {
  const env = {
    SUPABASE_URL: ctx.publicUrl,
    SUPABASE_ANON_KEY: ctx.jwt.anonKey,
    GOOGLE_MAPS_API_KEY: ctx.config.env.GOOGLE_MAPS_API_KEY || undefined,
    REVIEWS_WIDGET_SRC: ctx.config.env.REVIEWS_WIDGET_SRC || undefined,
  };
  return `window.__ENV__ = ${JSON.stringify(env)};\n`;
}

/** Origins of the map embeds the shop's location and tracking pages frame (src/shop/features/pages/location-page.tsx). */
const MAP_FRAMES = ['https://www.google.com', 'https://maps.google.com', 'https://www.openstreetmap.org'];

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** An http(s) origin and its WebSocket twin, for supabase-js's REST and realtime. */
function withWebSocket(origin: string): string[] {
  return [origin, origin.replace(/^http/, 'ws')];
}

/**
 * The Content-Security-Policy of the shop (`app` 'shop') or the admin: scripts only from this origin,
 * the API and realtime of this origin and of the configured Supabase URL, the map embeds (shop),
 * self-hosted fonts, the service worker; nothing may frame the admin. Inline styles stay allowed
 * (React style attributes and the toast library's styles), inline scripts do not, but for those of a prerendered
 * page of the shop, each allowed by its hash (`scriptHashes`: the build's csp-hashes.json, scripts/shop-build.ts).
 */
export function contentSecurityPolicy(
  ctx: BackendContext,
  app: 'shop' | 'admin',
  requestHost: string | undefined,
  scriptHashes: readonly string[] = [],
): string {
  const connect = new Set<string>(["'self'"]);
  if (requestHost && !/^[A-Za-z0-9.\-[\]:]+$/.test(requestHost)) requestHost = undefined;
  // 'self' covers ws: only in CSP level 3 browsers; the explicit origin covers the others.
  if (requestHost) for (const o of withWebSocket(`http://${requestHost}`)) connect.add(o);
  for (const url of [ctx.publicUrl, ctx.config.env.SUPABASE_URL, ctx.config.env.VITE_SUPABASE_URL]) {
    const o = originOf(url);
    if (o) for (const x of withWebSocket(o)) connect.add(x);
  }
  if (requestHost && ctx.publicUrl.startsWith('https:'))
    for (const o of withWebSocket(`https://${requestHost}`)) connect.add(o);
  const scripts = ["'self'", ...scriptHashes];
  const frames = app === 'shop' ? [...MAP_FRAMES] : [];
  const widget = app === 'shop' ? originOf(ctx.config.env.REVIEWS_WIDGET_SRC) : null;
  if (widget) {
    scripts.push(widget);
    connect.add(widget);
    frames.push(widget);
  }
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${[...connect].join(' ')}`,
    "media-src 'self' data: blob:",
    "worker-src 'self'",
    "manifest-src 'self'",
    // The admin previews promotion e-mails in a sandboxed srcdoc frame (about:srcdoc follows 'self').
    `frame-src ${frames.length ? ["'self'", ...frames].join(' ') : "'self'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${app === 'admin' ? "'none'" : "'self'"}`,
  ].join('; ');
}

interface App {
  prefix: string;
  root: string;
}

function missingBuildPage(app: string): string {
  return `<!doctype html><html lang="fr"><meta charset="utf-8"><title>Application non construite</title>
<body style="font-family:system-ui;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>L'application « ${app} » n'est pas construite</h1>
<p>Lancez <code>npm start</code> (qui construit ce qui manque) ou <code>npm run build</code>, puis rechargez cette page.</p>
</body></html>`;
}

/**
 * Serves the built shop at `/` and the admin at `/admin/`, each with a history fallback to its
 * shell.html or index.html, plus `/env.js`; the shop's prerendered pages for their routes. Hashed assets are cached for a year; HTML and env.js never.
 */
export function createStaticHandler(ctx: BackendContext): RouteHandler {
  const apps: App[] = [
    { prefix: '/admin', root: path.join(ctx.config.distDir, 'admin') },
    { prefix: '', root: path.join(ctx.config.distDir, 'shop') },
  ];

  // Compressed bodies, keyed by path and ETag, so each asset is gzipped once.
  const gzipCache = new Map<string, Buffer>();

  // The hashes of the shop's prerendered pages' inline scripts, by file, read again when the build changes them.
  let hashes: { mtimeMs: number; byFile: Record<string, string[]> } | null = null;
  const scriptHashes = (root: string, file: string): string[] => {
    const list = path.join(root, 'csp-hashes.json');
    const stat = fs.statSync(list, { throwIfNoEntry: false });
    if (!stat) return [];
    if (hashes?.mtimeMs !== stat.mtimeMs) {
      try {
        hashes = {
          mtimeMs: stat.mtimeMs,
          byFile: JSON.parse(fs.readFileSync(list, 'utf8')) as Record<string, string[]>,
        };
      } catch {
        return [];
      }
    }
    return hashes.byFile[path.relative(root, file).split(path.sep).join('/')] ?? [];
  };

  return async (req, res, url) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method Not Allowed');
      return;
    }
    if (url.pathname === '/env.js') {
      res.writeHead(200, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      });
      res.end(req.method === 'HEAD' ? undefined : envScript(ctx));
      return;
    }
    if (url.pathname === '/admin') {
      res.writeHead(301, { Location: '/admin/' });
      res.end();
      return;
    }
    const app = apps.find((a) => a.prefix === '' || url.pathname.startsWith(a.prefix + '/'))!;
    let rel: string;
    try {
      rel = decodeURIComponent(url.pathname.slice(app.prefix.length));
    } catch {
      rel = '\0';
    }
    if (rel.includes('\0')) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Bad Request');
      return;
    }
    const root = path.resolve(app.root);
    let file = path.resolve(root, '.' + path.posix.normalize('/' + rel));
    if (file !== root && !file.startsWith(root + path.sep)) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not Found');
      return;
    }
    // A page prerendered at build time (React Router's prerender, react-router.config.ts): /menu is
    // menu.html, /menu/grillades/ is menu/grillades.html; `/` is index.html, the home page. A page whose content
    // follows its query string (the order tracking's ?q= and ?id=) is rendered by the browser when it has one:
    // from the shell, as the service worker does.
    const queryPage = app.prefix === '' && url.search !== '' && QUERY_PAGES.has(rel.replace(/\/+$/, ''));
    if (file !== root && !path.extname(file) && !queryPage) {
      const page = fs.statSync(file + '.html', { throwIfNoEntry: false });
      if (page?.isFile()) file += '.html';
    }
    let stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat?.isDirectory()) {
      file = path.join(file, 'index.html');
      stat = fs.statSync(file, { throwIfNoEntry: false });
    }
    const ext = path.extname(file).toLowerCase();
    if (!stat?.isFile()) {
      // A missing file with an extension is a real 404 (a broken image must not receive HTML).
      if (ext && ext !== '.html') {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Not Found');
        return;
      }
      // The other routes start from the empty app shell (index.html itself when nothing was prerendered).
      file = path.join(root, 'shell.html');
      stat = fs.statSync(file, { throwIfNoEntry: false });
      if (!stat?.isFile()) {
        file = path.join(root, 'index.html');
        stat = fs.statSync(file, { throwIfNoEntry: false });
      }
      if (!stat?.isFile()) {
        res.writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(missingBuildPage(app.prefix === '' ? 'boutique' : 'admin'));
        return;
      }
    }
    const type = MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const immutable = /\/assets\//.test(file) && /[-.][A-Za-z0-9_-]{8,}\.\w+$/.test(file);
    const isHtml = type.startsWith('text/html');
    const headers: Record<string, string> = {
      'Content-Type': type,
      'Cache-Control': immutable
        ? 'public, max-age=31536000, immutable'
        : isHtml || file.endsWith('sw.js')
          ? 'no-cache'
          : 'public, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    };
    const appName = app.prefix === '/admin' ? 'admin' : 'shop';
    headers['Content-Security-Policy'] = contentSecurityPolicy(
      ctx,
      appName,
      req.headers.host,
      appName === 'shop' && isHtml ? scriptHashes(root, file) : [],
    );
    if (isHtml) headers['X-Frame-Options'] = appName === 'admin' ? 'DENY' : 'SAMEORIGIN';
    if (appName === 'admin') headers['Referrer-Policy'] = 'same-origin';
    const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    headers.ETag = etag;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const gzip =
      COMPRESSIBLE.has(path.extname(file).toLowerCase()) &&
      /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (gzip) {
      headers['Content-Encoding'] = 'gzip';
      headers.Vary = 'Accept-Encoding';
      const key = `${file}:${etag}`;
      let body = gzipCache.get(key);
      if (!body) {
        body = zlib.gzipSync(fs.readFileSync(file));
        if (gzipCache.size > 500) gzipCache.clear();
        gzipCache.set(key, body);
      }
      headers['Content-Length'] = String(body.length);
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    headers['Content-Length'] = String(stat.size);
    res.writeHead(200, headers);
    if (req.method === 'HEAD') res.end();
    else fs.createReadStream(file).pipe(res);
  };
}
