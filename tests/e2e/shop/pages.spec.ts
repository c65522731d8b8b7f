import { expect, screenshot, test } from '../support/fixtures';
import { navigateTo } from './shop-helpers';

test.describe('shop pages and layout', () => {
  test('home: hero calls to action, no ended offer, our reviews, closing call to action', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Churrasqueira/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('poulet grillé', { ignoreCase: true });
    await expect(page.getByRole('link', { name: 'Commander Maintenant' })).toHaveAttribute('href', '/menu');
    await expect(page.getByRole('link', { name: 'Réserver une table' })).toHaveAttribute('href', '/contact');
    // The seeded offer (10 to 13 October 2025) is over: its block is gone (tests/e2e/admin/offers.spec.ts publishes one).
    await expect(page.getByRole('region', { name: /Poulet grillé entier/i })).toHaveCount(0);
    // Below the fold, our reviews load once the visitor scrolls near them.
    await page.getByRole('heading', { name: 'Ils nous ont goûtés' }).scrollIntoViewIfNeeded();
    await expect(page.getByTestId('reviews-list').getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'Ver o Menu' })).toHaveAttribute('href', '/menu');
    await screenshot(page, 'home');
  });

  test("the first screen's pictures, fonts and app icons come small: a phone gets the middle of the hero", async ({
    page,
  }) => {
    const fonts: string[] = [];
    page.on('response', (r) => r.url().endsWith('.woff2') && fonts.push(new URL(r.url()).pathname));
    await page.goto('/');
    const hero = page.getByRole('img', { name: 'Poulets grillés sur la braise' });
    await expect(hero).toHaveJSProperty('complete', true);
    const viewport = page.viewportSize()!;
    const current = await hero.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
    // A portrait phone crops the sides of the 16:9 picture anyway: it loads only the middle 680 × 1080.
    expect(current).toMatch(
      viewport.width / viewport.height <= 9 / 16 ? /^\/images\/hero-portrait\.avif$/ : /^\/images\/hero-\d+\.avif$/,
    );
    const original = (await (await page.request.get('/images/hero.webp')).body()).length;
    const html = await (await page.request.get('/')).text();
    const heroPicture = /<picture>(.*?)<\/picture>/.exec(html)![1];
    const copies = [...heroPicture.matchAll(/srcSet="([^"]+)"/g)]
      .flatMap((m) => m[1].split(',').map((c) => c.trim().split(' ')[0]))
      .filter((url) => url !== '/images/hero.webp');
    expect(copies).toHaveLength(7);
    for (const copy of copies) {
      const response = await page.request.get(copy);
      expect(response.headers()['content-type'], copy).toBe(copy.endsWith('.avif') ? 'image/avif' : 'image/webp');
      expect((await response.body()).length, `${copy} is smaller than hero.webp`).toBeLessThan(original);
    }
    // The category cards below it (170 to 240 px wide) have 320 px copies.
    expect(html).toContain('srcSet="/images/categories/grill-320.avif 320w, /images/categories/grill.avif 640w"');
    // The inner pages' banner comes as AVIF, smaller than its WebP.
    const contact = await (await page.request.get('/contact')).text();
    expect(contact).toContain('<picture><source type="image/avif" srcSet="/images/hero-grill.avif"/>');
    const banner = await Promise.all(
      ['/images/hero-grill.avif', '/images/hero-grill.webp'].map(async (u) => (await page.request.get(u)).body()),
    );
    expect(banner[0].length).toBeLessThan(banner[1].length * 0.7);
    // The fonts' French and Portuguese part only (src/shop/styles/fonts.css): the page draws its title with it.
    await page.evaluate(() => document.fonts.ready);
    expect(fonts.length).toBeGreaterThanOrEqual(3);
    expect(fonts.filter((f) => f.includes('-extra'))).toEqual([]);
    const loaded = await page.evaluate(() =>
      [...document.fonts].filter((f) => f.status === 'loaded').map((f) => `${f.family} ${f.weight} ${f.unicodeRange}`),
    );
    expect(loaded).toContain('Oswald 700 U+0-FF, U+152-153, U+2000-206F, U+20AC');
    // The phone fetches the manifest's icons while the page loads: palette PNGs, a few KB each.
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { icons: { src: string }[] };
    for (const { src } of [...manifest.icons, { src: '/icons/apple-touch-icon.png' }]) {
      const icon = await page.request.get(src);
      expect(icon.headers()['content-type'], src).toBe('image/png');
      expect((await icon.body()).length, src).toBeLessThan(src.includes('512') ? 20_000 : 8_000);
    }
  });

  test('header turns opaque after 20px of scroll; footer has the year and the admin login', async ({ page }) => {
    await page.goto('/');
    const header = page.getByTestId('site-header');
    await expect(header).toHaveAttribute('data-opaque', 'false');
    await page.mouse.wheel(0, 400);
    await expect(header).toHaveAttribute('data-opaque', 'true');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-opaque', 'false');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await expect(footer.getByRole('link', { name: 'Espace administration' })).toHaveAttribute('href', '/admin/login');
    await expect(footer).toContainText('Differdange');
  });

  test('main navigation reaches every page and the mobile menu closes on route change', async ({ page }) => {
    await page.goto('/');
    const pages: [string, RegExp, string][] = [
      ['Menu', /\/menu$/, 'Notre Menu'],
      ['Suivi Commande', /\/suivi-commande$/, 'Suivi de Commande'],
      ['À Propos', /\/a-propos$/, 'À Propos'],
      ['Localisation', /\/localisation$/, 'Localisation'],
      ['Contact', /\/contact$/, 'Contact'],
      ['Avis', /\/avis$/, 'Avis de nos Clients'],
      ['Accueil', /\/$/, 'Le vrai poulet grillé au charbon de bois'],
    ];
    for (const [label, url, heading] of pages) {
      await navigateTo(page, label);
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading, { ignoreCase: true });
      await expect(page.locator('#mobile-menu')).toHaveCount(0);
    }
  });

  test('unknown paths go home; guarded pages go to /login', async ({ page }) => {
    await page.goto('/nulle-part/ici');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/profil');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/mes-commandes');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('about, location and reviews pages', async ({ page }) => {
    await page.goto('/a-propos');
    for (const c of ['Qualité', 'Hospitalité', 'Tradition', 'Consistance'])
      await expect(page.getByRole('heading', { name: c })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Réserver une Table' })).toHaveAttribute('href', '/contact');

    await page.goto('/localisation');
    await expect(page.getByRole('link', { name: "Obtenir l'Itinéraire" })).toHaveAttribute(
      'href',
      /google\.com\/maps\/dir\/.*Differdange/,
    );
    await expect(page.locator('iframe')).toHaveAttribute(
      'src',
      /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?/,
    );
    await expect(page.getByRole('link', { name: /\+352/ }).first()).toHaveAttribute('href', /^tel:/);
    await screenshot(page, 'location');

    await page.goto('/avis');
    await expect(page.getByRole('heading', { name: 'Avis de nos Clients' })).toBeVisible();
    await expect(page.getByTestId('reviews-list').getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Laisser un avis' })).toHaveAttribute('target', '_blank');
  });

  test('legal pages state retention, rights and the terms under Luxembourg law', async ({ page }) => {
    await page.goto('/mentions-legales');
    for (const h of ['Éditeur du site', 'Hébergement', 'Propriété intellectuelle', 'Données personnelles et cookies'])
      await expect(page.getByRole('heading', { name: h })).toBeVisible();
    await page.goto('/politique-confidentialite');
    await expect(page.getByText('Données de commande : 10 ans')).toBeVisible();
    await expect(page.getByText(/3 ans après le dernier échange/)).toBeVisible();
    await expect(page.getByText(/13 mois/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Vos droits (RGPD)' })).toBeVisible();
    await page.goto('/conditions-generales');
    await expect(page.getByRole('heading', { name: 'Absence de droit de rétractation' })).toBeVisible();
    await expect(page.getByText(/droit luxembourgeois/).first()).toBeVisible();
    await screenshot(page, 'terms');
  });

  test('toasts: one at a time and a swipe of more than 50px dismisses', async ({ page }) => {
    await page.goto('/suivi-commande');
    const search = page.getByRole('button', { name: 'Rechercher' });
    await search.click();
    await search.click();
    await expect(page.getByTestId('toast')).toHaveCount(1);
    const toast = page.getByTestId('toast');
    await expect(toast).toHaveAttribute('data-variant', 'destructive');
    const box = (await toast.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 40, box.y + box.height / 2, { steps: 3 });
    await page.mouse.up();
    await expect(toast).toBeVisible();
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 120, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByTestId('toast')).toHaveCount(0);
  });
});
