import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStaleApps } from '../../src/backend/cli/build-apps.js';
import { formatEuro } from '../../src/shared/domain/money.js';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';

// The shop's public pages are rendered to HTML at build time (scripts/prerender.ts) from the seeded database,
// and the backend serves each for its route: the menu paints before any JavaScript has loaded.
const root = path.resolve(import.meta.dirname, '..', '..');
const shop = path.join(root, 'dist', 'shop');

/** The text of an HTML page as a visitor reads it: tags dropped, entities of the names decoded. */
function visibleText(html: string): string {
  const body = html.slice(html.indexOf('<div id="root">'));
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
    // The data the page hydrates with carries the whole menu.
    const { rows: all } = await b.db.query<{ n: number }>(`select count(*)::int as n from public.menu_items`);
    const html = fs.readFileSync(path.join(shop, 'menu.html'), 'utf8');
    const data = JSON.parse(/<script type="application\/json" id="prerender-data">(.*?)<\/script>/s.exec(html)![1]);
    const menu = data.queries.queries.find((q: { queryKey: string[] }) => q.queryKey[0] === 'menu').state.data;
    expect(data.path).toBe('/menu');
    expect(menu.items).toHaveLength(all[0].n);
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
    expect(shell).toContain('<div id="root"></div>');
    for (const route of ['/login', '/nulle-part/ici', '/menu/inconnue']) {
      const r = await get(route);
      expect(r.status, route).toBe(200);
      expect(await r.text(), route).toBe(shell);
    }
    // A missing file with an extension stays a 404.
    expect((await get('/menu/inconnue.png')).status).toBe(404);
  });
});
