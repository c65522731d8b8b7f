import { expect, test } from '../support/fixtures';
import { setUnavailable } from './shop-helpers';

// The public pages arrive as HTML rendered at build time (scripts/prerender.ts); React takes them over
// (hydrateRoot) with the data they were rendered with, then the live reads update them.
const ROUTES = ['/', '/menu', '/menu/hungryburgers', '/contact', '/suivi-commande', '/a-propos', '/mentions-legales'];

test.describe('prerendered pages', () => {
  test('hydrate without a mismatch, keeping the HTML the server sent', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (m) => logged.push(m.text()));
    page.on('pageerror', (e) => logged.push(e.message));
    await page.addInitScript(() => {
      // The <main> the HTML parser made: hydration keeps it, a render after a mismatch replaces it.
      new MutationObserver((_, observer) => {
        const main = document.getElementById('main');
        if (!main) return;
        (window as unknown as { parsedMain: Element }).parsedMain = main;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    for (const route of ROUTES) {
      const response = await page.goto(route);
      expect(await response!.text(), route).toContain('<script type="application/json" id="prerender-data">');
      // The sign-in links replace the placeholder the build rendered only once the page is hydrated.
      await expect(page.locator('header a[href="/login"]').first()).toBeAttached();
      await page.waitForLoadState('networkidle');
      const kept = await page.evaluate(
        () => document.getElementById('main') === (window as unknown as { parsedMain?: Element }).parsedMain,
      );
      expect(kept, `${route}: the prerendered <main> was kept`).toBe(true);
    }
    expect(logged.filter((m) => /hydrat|Minified React error #4(18|19|21|23|25)/i.test(m))).toEqual([]);
  });

  test('a dish made unavailable after the build shows as unavailable once hydrated', async ({
    page,
    backend,
  }, testInfo) => {
    // One dish per viewport project: the two projects may run at the same time on one backend.
    const itemId = testInfo.project.name === 'phone' ? 'cnf-3' : 'cnf-4';
    try {
      await setUnavailable(backend, itemId, true);
      const response = await page.goto('/menu/chic-n-fries');
      // The page as built: the dish could be ordered then.
      const html = await response!.text();
      const card = html.slice(html.indexOf(`data-item-id="${itemId}"`)).split('data-item-id=')[1];
      expect(card).toContain('Ajouter');
      expect(card).not.toContain('Indisponible');
      const dish = page.locator(`[data-item-id="${itemId}"]`);
      await expect(dish.getByRole('button', { name: /Indisponible/ })).toBeDisabled();
    } finally {
      await setUnavailable(backend, itemId, false);
    }
  });
});
