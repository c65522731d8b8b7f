import { restaurantDate } from '../../../src/shared/domain/restaurant-time';
import { MENU_CATEGORIES } from '../../../src/shared/domain/menu-categories';
import { fr } from '../../../src/shop/i18n/fr';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { setUnavailable } from './shop-helpers';

// The public pages arrive as HTML rendered at build time (React Router's prerender); React takes them over
// (hydrateRoot) with the data they were rendered with, then the live reads update them.
/** Records the <main> the HTML parser made: hydration keeps it, a render after a mismatch replaces it. */
const RECORD_PARSED_MAIN = () => {
  new MutationObserver((_, observer) => {
    const main = document.getElementById('main');
    if (!main) return;
    (window as unknown as { parsedMain: Element }).parsedMain = main;
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
};
const MAIN_WAS_KEPT = () =>
  document.getElementById('main') === (window as unknown as { parsedMain?: Element }).parsedMain;

/** Holds the requests for `pattern` back until the function it returns is called. */
async function holdBack(page: Page, pattern: string | RegExp): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return () => release();
}

/** React Router's client entry: the module that hydrates the page once the route's modules are loaded. */
const ENTRY = '**/assets/entry.client-*.js';

const ROUTES = [
  '/',
  '/menu',
  '/menu/hungryburgers',
  '/contact',
  '/suivi-commande',
  '/a-propos',
  '/localisation',
  '/avis',
  '/mentions-legales',
];

test.describe('prerendered pages', () => {
  test('hydrate without a mismatch, keeping the HTML the server sent', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (m) => logged.push(m.text()));
    page.on('pageerror', (e) => logged.push(e.message));
    await page.addInitScript(RECORD_PARSED_MAIN);
    for (const route of ROUTES) {
      const response = await page.goto(route);
      const html = await response!.text();
      expect(html, route).toContain('window.__reactRouterContext');
      // Read without JavaScript, the menu has every category, and the reviews page our customers' reviews.
      if (route === '/menu') {
        for (const { slug } of MENU_CATEGORIES) expect(html, slug).toContain(`id="categorie-${slug}"`);
      }
      if (route === '/avis') expect(html).toContain('data-testid="reviews-list"');
      // The sign-in links the build rendered unseen (the session is not known then) show once it is hydrated.
      await expect(page.locator('header [aria-hidden="true"] a[href="/login"]')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      const kept = await page.evaluate(MAIN_WAS_KEPT);
      expect(kept, `${route}: the prerendered <main> was kept`).toBe(true);
    }
    expect(logged.filter((m) => /hydrat|Minified React error #4(18|19|21|23|25)/i.test(m))).toEqual([]);
  });

  test("the page is painted before any of the app's code is asked for", async ({ page }) => {
    for (const route of ['/', '/menu/hungryburgers', '/contact']) {
      await page.goto(route);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
      const { painted, firstModule } = await page.evaluate(() => ({
        painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
        firstModule: Math.min(
          ...performance
            .getEntriesByType('resource')
            .filter((e) => /\/assets\/[^/]+\.js$/.test(new URL(e.name).pathname))
            .map((e) => e.startTime),
        ),
      }));
      expect(painted, route).toBeLessThan(Infinity);
      expect(firstModule, `${route}: the first module asked for after the first paint`).toBeGreaterThan(painted);
    }
  });

  test('no time-zone formatter is made while a page loads, hydrates and reads live: the clock runs on the offsets the page carries', async ({
    page,
  }) => {
    // The first Intl.DateTimeFormat with a time zone loads ICU's zone data: one long task on a phone.
    await page.addInitScript(() => {
      const Real = Intl.DateTimeFormat;
      const made: string[] = ((window as unknown as { zoneFormatters: string[] }).zoneFormatters = []);
      Intl.DateTimeFormat = new Proxy(Real, {
        construct(target, args: ConstructorParameters<typeof Real>) {
          if (args[1]?.timeZone) made.push(args[1].timeZone);
          return Reflect.construct(target, args);
        },
        apply(target, self, args: ConstructorParameters<typeof Real>) {
          if (args[1]?.timeZone) made.push(args[1].timeZone);
          return Reflect.apply(target, self, args);
        },
      });
    });
    for (const route of ['/', '/menu', '/menu/hungryburgers', '/contact', '/suivi-commande']) {
      await page.goto(route);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
      await page.waitForLoadState('networkidle');
      // The notice and the footer read the restaurant's clock once hydrated (« Ouvert » / « Ouvre à … »).
      await expect(page.locator('footer')).toContainText(/\d{2}[:h]\d{2}/);
      const made = await page.evaluate(() => (window as unknown as { zoneFormatters: string[] }).zoneFormatters);
      expect(made, route).toEqual([]);
    }
  });

  test('once hydrated, the page reads each of its public reads once: the live follow catches up, no refetch before', async ({
    page,
  }) => {
    const reads: string[] = [];
    const answered: string[] = [];
    const rest = (url: string) => {
      const { pathname, search } = new URL(url);
      return pathname.startsWith('/rest/v1/') ? `${pathname}${search}` : null;
    };
    page.on('request', (r) => {
      const read = rest(r.url());
      if (read) reads.push(read);
    });
    page.on('response', (r) => {
      const read = rest(r.url());
      if (read) answered.push(read);
    });
    await page.goto('/');
    // The catch-up reads every public read of the page at once when the channels have joined: the store
    // settings, the opening hours (their settings row and the exceptions) and the offers. A refetch when React
    // took the page over would have come before it.
    const tables = () => [...new Set(answered.map((read) => read.split('?')[0]))].sort();
    await expect
      .poll(() => ({
        tables: tables(),
        settingsReads: new Set(answered.filter((r) => r.includes('store_settings'))).size,
      }))
      .toEqual({
        tables: ['/rest/v1/offers', '/rest/v1/opening_exceptions', '/rest/v1/store_settings'],
        settingsReads: 2,
      });
    expect(
      reads.filter((read, i) => reads.indexOf(read) !== i),
      'a read made twice',
    ).toEqual([]);
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

test.describe('prerendered pages while React takes them over', () => {
  // The service worker would serve the code from its cache, out of reach of the tests' routes.
  test.use({ serviceWorkers: 'block' });

  test('a day closed since the build and a saved cart: hydrated as built, then live', async ({ page, backend }) => {
    const today = restaurantDate(new Date());
    await page.goto('/menu/grillades');
    await page.getByRole('button', { name: 'Ajouter Poulet entier grillé au panier' }).click();
    await expect(page.getByTestId('cart-badge')).toHaveText('1');
    await backend.service.from('opening_exceptions').insert({ day: today, is_closed: true, reason: 'Inventaire' });
    try {
      await page.addInitScript(RECORD_PARSED_MAIN);
      const response = await page.goto('/menu/grillades');
      expect(await response!.text()).not.toContain('Inventaire');
      await expect(page.getByTestId('store-notice').getByTestId('closed-today')).toContainText(
        "Fermé aujourd'hui (Inventaire)",
      );
      await expect(page.getByTestId('footer-hours')).toContainText("Fermé aujourd'hui (Inventaire)");
      await expect(page.getByTestId('cart-badge')).toHaveText('1');
      expect(await page.evaluate(MAIN_WAS_KEPT), 'the prerendered <main> was kept').toBe(true);
      // The page fixture fails the test on any logged error, React's hydration mismatch (#418) among them.
    } finally {
      await backend.service.from('opening_exceptions').delete().eq('day', today);
    }
  });

  test('a tap on a link before React has taken the page over goes to its page', async ({ page }) => {
    const release = await holdBack(page, ENTRY);
    await page.goto('/');
    const link = page.getByRole('link', { name: 'Commander Maintenant' });
    await link.click();
    await expect(page).toHaveURL(/\/menu$/);
    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notre Menu');
  });

  test('nothing in the header moves when React takes the page over: the sign-in links held their place', async ({
    page,
  }) => {
    // Where the header's links and buttons are laid out (shown or held unseen), as the build drew them (the app
    // held back) and once hydrated.
    const places = () =>
      page
        .getByTestId('site-header')
        .locator('a, button')
        .evaluateAll((elements) =>
          elements
            .filter((e) => e.getClientRects().length > 0)
            .map((e) => {
              const { x, y, width } = e.getBoundingClientRect();
              return `${e.textContent?.trim() || e.getAttribute('aria-label')}: ${Math.round(x)},${Math.round(y)} ${Math.round(width)}`;
            }),
        );
    const entryAsked = page.waitForRequest(ENTRY);
    const releaseEntry = await holdBack(page, ENTRY);
    await page.goto('/menu');
    await entryAsked;
    await page.evaluate(() => document.fonts.ready);
    const built = await places();
    releaseEntry();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    // Shown where the header has room for them (and otherwise in the phone's menu, closed here).
    await expect(page.getByTestId('site-header').getByRole('link', { name: fr.account.signIn })).toBeVisible({
      visible: page.viewportSize()!.width >= 768,
    });
    expect(await places()).toEqual(built);
  });

  test('a tap on a button before React has taken the page over is not taken; once React listens it adds', async ({
    page,
  }) => {
    const release = await holdBack(page, ENTRY);
    await page.goto('/menu/grillades', { waitUntil: 'commit' });
    const add = page.getByRole('button', { name: 'Ajouter Poulet entier grillé au panier' });
    const cart = page.getByTestId('cart-button');
    // No code yet: a tap would do nothing, so the page takes none (the tap falls on the card), drawn as usual.
    await expect(add).toHaveCSS('pointer-events', 'none');
    await expect(cart).toHaveCSS('pointer-events', 'none');
    await expect(add).toBeEnabled();
    const hit = await add.evaluate((e) => {
      e.scrollIntoView({ block: 'center' });
      const box = e.getBoundingClientRect();
      return e.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
    });
    expect(hit, 'a tap before React lands on the button').toBe(false);
    // Playwright waits for the button to take taps, as a customer's second tap would find it.
    const clicked = add.click();
    release();
    await clicked;
    await expect(add).toHaveCSS('pointer-events', 'auto');
    await expect(page.getByTestId('cart-badge')).toHaveText('1');
    await cart.click();
    await expect(page.getByTestId('cart-panel')).toBeVisible();
  });

  test('a form shown before React has taken the page over waits for it: nothing typed is lost, nothing sent natively', async ({
    page,
  }) => {
    const release = await holdBack(page, ENTRY);
    // The tracking search likewise: a tap before would send it natively and reload the page empty.
    await page.goto('/suivi-commande', { waitUntil: 'commit' });
    await expect(page.getByPlaceholder('ID de commande ou téléphone...')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Rechercher' })).toBeDisabled();
    await page.goto('/inscription-defi-burj-khalifa', { waitUntil: 'commit' });
    const form = page.getByRole('form', { name: 'Inscription au défi' });
    await expect(form.getByLabel('E-mail')).toBeDisabled();
    await expect(form.getByRole('button', { name: "S'inscrire au défi" })).toBeDisabled();
    release();
    await form.getByLabel('E-mail').fill('pas-un-email');
    await form.getByRole('button', { name: "S'inscrire au défi" }).click();
    await expect(form.getByText('Veuillez entrer une adresse e-mail valide.')).toBeVisible();
    await expect(form.getByLabel('E-mail')).toHaveValue('pas-un-email');
    expect(new URL(page.url()).search).toBe('');
  });
});
