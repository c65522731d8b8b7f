import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStaleApps } from '../../src/backend/cli/build-apps.js';
import { formatEuro } from '../../src/shared/domain/money.js';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';

// The shop's public pages are rendered to HTML at build time (React Router's prerender) from the seeded database,
// and the backend serves each for its route: the menu paints before any JavaScript has loaded.
const root = path.resolve(import.meta.dirname, '..', '..');
const shop = path.join(root, 'dist', 'shop');

/** The text of an HTML page as a visitor reads it: tags dropped, entities of the names decoded. */
function visibleText(html: string): string {
  const body = html.slice(html.indexOf('<main')).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, ' ');
  return body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}

beforeAll(() => buildStaleApps(root), 600_000);

describe.each(testDatabases())('prerendered shop pages on %s', (kind) => {
  let b: TestBackend;

  beforeAll(async () => {
    b = await startTestBackend(kind, { distDir: path.join(root, 'dist') });
  });
  afterAll(async () => {
    await b?.close();
  });

  const get = (route: string) => fetch(`${b.url}${route}`, { headers: { 'Accept-Encoding': 'identity' } });

  it("menu.html holds the seed's dishes and prices of the first sections, as visible text", async () => {
    const text = visibleText(fs.readFileSync(path.join(shop, 'menu.html'), 'utf8'));
    const { rows } = await b.db.query<{ name: string; price: string; item_type: string }>(
      `select name, price::text, item_type from public.menu_items
        where category_id in ('entrees', 'chic_n_fries') and item_type = 'dish' order by sort_order`,
    );
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      expect(text, row.name).toContain(row.name);
      if (Number(row.price) > 0) expect(text, row.name).toContain(formatEuro(Number(row.price)));
    }
    // The data the page hydrates with (React Router's, in the page) carries the whole menu: every dish the shop shows.
    const { rows: shown } = await b.db.query<{ id: string }>(
      `select id from public.menu_items where not hidden and deleted_at is null`,
    );
    const html = fs.readFileSync(path.join(shop, 'menu.html'), 'utf8');
    expect(html).toContain('window.__reactRouterContext');
    const data = html.slice(html.indexOf('window.__reactRouterContext'));
    for (const { id } of shown) expect(data, id).toContain(`\\"${id}\\"`);
  });

  it('serves the prerendered page for /menu, /menu/ and /menu/<category>, the shell for other routes', async () => {
    for (const [route, file] of [
      ['/menu', 'menu.html'],
      ['/menu/', 'menu.html'],
      ['/menu/hungryburgers', 'menu/hungryburgers.html'],
      ['/contact', 'contact.html'],
      ['/', 'index.html'],
    ]) {
      const r = await get(route);
      expect(r.status, route).toBe(200);
      expect(r.headers.get('content-type'), route).toBe('text/html; charset=utf-8');
      expect(r.headers.get('cache-control'), route).toBe('no-cache');
      expect(await r.text(), route).toBe(fs.readFileSync(path.join(shop, file), 'utf8'));
    }
    const burgers = visibleText(await (await get('/menu/hungryburgers')).text());
    expect(burgers).toContain('Classic Burger');
    expect(burgers).toContain(formatEuro(12.77));
    // A client route that is not prerendered, and an unknown one, start from the empty shell.
    const shell = fs.readFileSync(path.join(shop, 'shell.html'), 'utf8');
    expect(shell).not.toMatch(/<main\b/);
    // The tracking page with a search in its address is the browser's to render (its HTML has no search).
    for (const route of ['/login', '/nulle-part/ici', '/menu/inconnue', '/suivi-commande?id=abc']) {
      const r = await get(route);
      expect(r.status, route).toBe(200);
      expect(await r.text(), route).toBe(shell);
    }
    // A missing file with an extension stays a 404.
    expect((await get('/menu/inconnue.png')).status).toBe(404);
  });

  it('runs the app after /env.js, the configuration it reads: no async script, the module script after it', async () => {
    for (const route of ['/', '/menu', '/contact', '/login']) {
      const html = await (await get(route)).text();
      expect(html, route).not.toMatch(/<script\b[^>]*\basync\b/);
      const env = html.indexOf('<script defer="" src="/env.js">');
      expect(env, route).toBeGreaterThan(0);
      expect(html.indexOf('<script type="module">'), route).toBeGreaterThan(env);
    }
  });

  it("asks for a prerendered page's code once it is painted; the shell of the other routes loads it at once", async () => {
    for (const route of ['/', '/menu', '/menu/hungryburgers', '/contact']) {
      const html = await (await get(route)).text();
      // No module is fetched with the page: the module script asks for them once the page has painted.
      expect(html, route).not.toContain('rel="modulepreload"');
      const script = /<script type="module">([\s\S]*?)<\/script>/.exec(html)![1];
      expect(script, route).toMatch(/^await new Promise/);
      expect(script, route).toContain("'first-contentful-paint'");
      expect(script, route).not.toMatch(/^\s*import\s/m);
      expect(script, route).toMatch(/import\("\/assets\/entry\.client-[\w-]+\.js"\)/);
      expect(script, route).toContain('window.__reactRouterRouteModules');
    }
    const shell = await (await get('/login')).text();
    expect(shell).toContain('rel="modulepreload"');
    expect(/<script type="module">([\s\S]*?)<\/script>/.exec(shell)![1]).toMatch(/^import "\/assets\/manifest-/);
  });

  it("allows each page's own inline scripts by their hashes, and no other inline script", async () => {
    const hashesOf = (html: string) =>
      [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
        .filter(([, attributes, body]) => !/\bsrc=/.test(attributes) && body.length > 0)
        .map(([, , body]) => `'sha256-${crypto.createHash('sha256').update(body).digest('base64')}'`);
    for (const route of ['/', '/menu', '/menu/hungryburgers', '/contact', '/login']) {
      const r = await get(route);
      const html = await r.text();
      const scripts = /script-src ([^;]*)/.exec(r.headers.get('content-security-policy') ?? '')![1].split(' ');
      const own = hashesOf(html);
      expect(own.length, route).toBeGreaterThan(0);
      for (const hash of own) expect(scripts, route).toContain(hash);
      expect(scripts.filter((s) => s.startsWith("'sha256-")).sort(), route).toEqual([...new Set(own)].sort());
      expect(scripts, route).not.toContain("'unsafe-inline'");
    }
    // Not the admin's pages, nor the shop's other files.
    const admin = await get('/admin/');
    expect(admin.headers.get('content-security-policy')).not.toContain("'sha256-");
    const sw = await get('/sw.js');
    expect(sw.headers.get('content-security-policy')).not.toContain("'sha256-");
  });
});
