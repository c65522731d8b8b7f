import { expect, screenshot, test } from '../support/fixtures';
import { expectFollowsUnavailable, setUnavailable } from './shop-helpers';

test.describe('menu', () => {
  test('category slug selects and scrolls to its section; unknown slug goes to entrees', async ({ page }) => {
    // The whole menu (categories, dishes, offers' prices) arrives in one request; the live follow re-reads it once
    // when its channels have joined (a change made while the page loaded is not missed), in one request too.
    const menuReads: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (/^\/rest\/v1\/(menu_categories|menu_items|offers)\b/.test(path)) menuReads.push(path);
    });
    const firstRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/rest/v1/menu_categories');
    await page.goto('/menu');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notre Menu');
    expect(await (await firstRead).json()).toContainEqual(expect.objectContaining({ id: 'grill' }));
    await expect(page.locator('[data-item-id="32"]')).toBeAttached();
    expect(menuReads.length).toBeLessThanOrEqual(2);
    expect(new Set(menuReads)).toEqual(new Set(['/rest/v1/menu_categories']));
    await page.getByTestId('category-bar').getByRole('link', { name: 'HungryBurgers' }).click();
    await expect(page).toHaveURL(/\/menu\/hungryburgers$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('HungryBurgers');
    await expect(page.getByTestId('category-bar').getByRole('link', { name: 'HungryBurgers' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('heading', { level: 2, name: 'HungryBurgers' })).toBeInViewport();

    await page.goto('/menu/plats-inconnus');
    await expect(page).toHaveURL(/\/menu\/entrees$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Entrées');
    await expect(page.getByRole('link', { name: 'Pedir Agora' })).toHaveAttribute('href', '/menu');
    await screenshot(page, 'menu');
  });

  test('a category page opens at its category without laying out the menu above it; a link up lays it out and lands', async ({
    page,
  }) => {
    const rendering = () =>
      page.evaluate(() =>
        Object.fromEntries(
          [...document.querySelectorAll('section[id^="categorie-"]')].map((s) => [
            s.id.replace('categorie-', ''),
            getComputedStyle(s).contentVisibility,
          ]),
        ),
      );
    await page.goto('/menu/hungryburgers');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await expect(page.getByRole('heading', { level: 2, name: 'HungryBurgers' })).toBeInViewport();
    // The four categories above and those below are drawn only near the screen; the one asked for at once.
    expect(await rendering()).toEqual({
      entrees: 'auto',
      'chic-n-fries': 'auto',
      grillades: 'auto',
      casadasfrancesinhas: 'auto',
      hungryburgers: 'visible',
      boissons: 'auto',
      'menu-enfant': 'auto',
      accompagnements: 'auto',
      desserts: 'auto',
    });
    await page.getByTestId('category-bar').getByRole('link', { name: 'Entrées' }).click();
    await expect(page).toHaveURL(/\/menu\/entrees$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Entrées' })).toBeInViewport();
    // Now the first category is the one asked for: drawn at once, the others below it near the screen.
    const after = await rendering();
    expect([after.entrees, after['chic-n-fries'], after.hungryburgers]).toEqual(['visible', 'auto', 'auto']);
  });

  test('category bar arrows appear past 5px and the swipe hint goes after 50px', async ({ page }) => {
    await page.goto('/menu');
    const bar = page.getByTestId('category-bar');
    if ((page.viewportSize()?.width ?? 0) >= 1280) {
      // The nine categories fit on a desktop screen: nothing to scroll, so no arrow and no hint.
      await expect(page.getByTestId('category-arrow-right')).toHaveCount(0);
      await expect(page.getByTestId('swipe-hint')).toHaveCount(0);
      return;
    }
    await expect(page.getByTestId('swipe-hint')).toBeVisible();
    await expect(page.getByTestId('category-arrow-left')).toHaveCount(0);
    await expect(page.getByTestId('category-arrow-right')).toBeVisible();
    await bar.evaluate((el) => el.scrollTo({ left: 60 }));
    await expect(page.getByTestId('category-arrow-left')).toBeVisible();
    await expect(page.getByTestId('swipe-hint')).toHaveCount(0);
    const before = await bar.evaluate((el) => el.scrollLeft);
    await page.getByTestId('category-arrow-right').click();
    await expect.poll(() => bar.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before + 100);
  });

  test('unavailable, coming soon, section titles, special offer and kids menu options', async ({ page }) => {
    await page.goto('/menu/boissons');
    const juice = page.locator('[data-item-id="bo-7"]');
    await expect(juice.getByText('Indisponible').first()).toBeVisible();
    await expect(juice.getByRole('button', { name: /Indisponible/ })).toBeDisabled();

    await page.goto('/menu/chic-n-fries');
    const soon = page.locator('[data-item-id="cnf-5"]');
    await expect(soon).toContainText('Bientôt disponible');
    await expect(soon.getByRole('button')).toHaveCount(0);

    await page.goto('/menu/grillades');
    await expect(page.getByRole('heading', { level: 3, name: 'Poulets grillés au charbon de bois' })).toBeVisible();
    // The spec's pickup offer ended on 13 October 2025: its card says nothing of it any more.
    await expect(page.locator('[data-item-id="32"]').getByTestId('special-offer')).toHaveCount(0);
    await expect(page.locator('[data-item-id="32"]').getByTestId('item-offer')).toHaveCount(0);

    await page.goto('/menu/menu-enfant');
    const kids = page.locator('[data-item-id="kid-1"]');
    await kids.getByText('Ailes de poulet').click();
    await kids.getByRole('button', { name: /Ajouter/ }).click();
    await expect(page.getByTestId('toast')).toContainText('Menu Enfant (Ailes de poulet) a été ajouté.');
  });

  test('availability changes live while the menu is open', async ({ page, backend }) => {
    await page.goto('/menu/desserts');
    const tart = page.locator('[data-item-id="de-5"]');
    await expect(tart.getByRole('button', { name: /Ajouter/ })).toBeEnabled();
    try {
      await setUnavailable(backend, 'de-5', true);
      await expect(tart.getByRole('button', { name: /Indisponible/ })).toBeDisabled({ timeout: 15_000 });
    } finally {
      await setUnavailable(backend, 'de-5', false);
    }
    await expect(tart.getByRole('button', { name: /Ajouter/ })).toBeEnabled({ timeout: 15_000 });
  });

  test('a live change does not scroll the customer back to the category of the link', async ({
    page,
    backend,
  }, testInfo) => {
    // One dish per viewport project: the two projects may run at the same time on one backend.
    const itemId = testInfo.project.name === 'phone' ? 'de-3' : 'de-4';
    // The page counts its scroll events and the ends of its scrolls (a smooth scroll ends with one `scrollend`).
    await page.addInitScript(() => {
      const w = window as unknown as { scrolls: number; scrollEnds: number };
      w.scrolls = 0;
      w.scrollEnds = 0;
      window.addEventListener('scroll', () => w.scrolls++, { passive: true });
      window.addEventListener('scrollend', () => w.scrollEnds++);
    });
    const counts = () =>
      page.evaluate(() => {
        const w = window as unknown as { scrolls: number; scrollEnds: number };
        return { scrolls: w.scrolls, scrollEnds: w.scrollEnds, y: window.scrollY };
      });
    // Two animation frames: a smooth scroll started before them has moved the page by then.
    const twoFrames = () =>
      page.evaluate(
        () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
      );
    await page.goto('/menu/hungryburgers');
    await expect(page.getByRole('heading', { level: 2, name: 'HungryBurgers' })).toBeInViewport();
    // The smooth scroll to the section has ended before the customer goes back to the top.
    await expect.poll(async () => (await counts()).scrollEnds).toBeGreaterThan(0);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect.poll(async () => (await counts()).y).toBe(0);
    await twoFrames();
    const atTop = await counts();
    const dish = page.locator(`[data-item-id="${itemId}"]`);
    try {
      await setUnavailable(backend, itemId, true);
      await expect(dish.getByRole('button', { name: /Indisponible/ })).toBeDisabled({ timeout: 15_000 });
      // A second live change, after the first: when it is on screen, the page has handled the first one and a
      // scroll started by either would have moved the page within the next frames.
      await setUnavailable(backend, itemId, false);
      await expect(dish.getByRole('button', { name: /Ajouter/ })).toBeEnabled({ timeout: 15_000 });
      await twoFrames();
      const after = await counts();
      expect({ scrolls: after.scrolls, y: after.y }).toEqual({ scrolls: atTop.scrolls, y: 0 });
    } finally {
      await setUnavailable(backend, itemId, false);
    }
  });
});

test.describe('menu without the service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('the live client’s code failing once to arrive is asked for again: the menu still follows changes', async ({
    page,
    backend,
  }, testInfo) => {
    // The module that opens the realtime socket (it names its path) is refused once, as a flaky network would.
    let refused = 0;
    await page.route('**/assets/*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (refused === 0 && body.includes('realtime/v1')) {
        refused += 1;
        return route.abort('internetdisconnected');
      }
      return route.fulfill({ response, body });
    });
    // The catch-up reads the menu once the channels have joined, or after 8 s without them.
    const caughtUp = page.waitForResponse((r) => new URL(r.url()).pathname === '/rest/v1/menu_categories');
    await page.goto('/menu/francesinhas');
    await caughtUp;
    expect(refused).toBe(1);
    await expectFollowsUnavailable(page, backend, testInfo.project.name === 'phone' ? 'fr-2' : 'fr-3');
  });

  test('a missing picture shows the fallback text, also when it failed before the page was hydrated', async ({
    page,
  }) => {
    // Whichever copy the browser picks (AVIF or WebP, 400 or 800 px, the original): none arrives.
    const dishOne = /\/images\/menu\/1(-\d+)?\.(webp|avif)$/;
    await page.route(dishOne, (route) => route.abort('internetdisconnected'));
    // The prerendered page loads its pictures before its JavaScript: the menu's code waits until the picture failed.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/menu-page-*.js', async (route) => {
      await released;
      await route.continue();
    });
    const failed = page.waitForEvent('requestfailed', (r) => dishOne.test(new URL(r.url()).pathname));
    await page.goto('/menu/entrees', { waitUntil: 'commit' });
    await failed;
    release();
    await expect(page.locator('[data-item-id="1"]')).toContainText('Image Indisponível');
  });

  test('the menu pictures come in AVIF and WebP copies smaller than the original, the first one eagerly', async ({
    page,
  }) => {
    const html = await (await page.request.get('/menu')).text();
    // The dishes' pictures (the banner above them is page-hero.tsx's, checked in pages.spec.ts).
    const pictures = [...html.matchAll(/<picture[^>]*>(.*?)<\/picture>/g)]
      .map((m) => m[1])
      .filter((p) => p.includes('/images/menu/'));
    expect(pictures.length).toBeGreaterThanOrEqual(50);
    const originals = new Map<string, string[]>();
    for (const picture of pictures) {
      const original = /<img [^>]*src="([^"]+)"/.exec(picture)![1];
      expect(picture).toMatch(/<source type="image\/avif" srcSet="[^"]+" sizes="[^"]+"/);
      expect(picture).toMatch(/<source type="image\/webp" srcSet="[^"]+" sizes="[^"]+"/);
      const copies = [...picture.matchAll(/srcSet="([^"]+)"/g)].flatMap((m) => m[1].split(',').map((c) => c.trim()));
      originals.set(
        original,
        copies.map((c) => c.split(' ')[0]).filter((url) => url !== original),
      );
    }
    // The first card's picture loads with the page; the others only near the screen.
    expect(pictures[0]).toMatch(/loading="eager"/);
    expect(pictures[0]).toMatch(/fetchPriority="high"/);
    expect(pictures.slice(1).every((p) => /loading="lazy"/.test(p))).toBe(true);
    for (const [original, copies] of originals) {
      const full = await page.request.get(original);
      expect(full.status(), original).toBe(200);
      const fullSize = (await full.body()).length;
      expect(copies).toHaveLength(3);
      for (const copy of copies) {
        const response = await page.request.get(copy);
        expect(response.status(), copy).toBe(200);
        expect(response.headers()['content-type'], copy).toBe(copy.endsWith('.avif') ? 'image/avif' : 'image/webp');
        expect((await response.body()).length, `${copy} is smaller than ${original}`).toBeLessThan(fullSize);
      }
    }
  });
});
