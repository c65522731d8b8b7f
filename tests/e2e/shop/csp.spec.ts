import { test, expect } from '../support/fixtures';
import { watchCsp } from '../support/csp';

test.describe('shop under its Content-Security-Policy', () => {
  test('home, menu, contact and the map page run without a single CSP violation, the service worker included', async ({
    page,
    backend,
  }) => {
    const violations = await watchCsp(page);
    const home = await page.goto('/');
    const csp = home!.headers()['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain('https://www.google.com');
    expect(home!.headers()['x-content-type-options']).toBe('nosniff');
    expect(home!.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    await expect(page.locator('h1').first()).toBeVisible();
    // The PWA: its service worker registers and takes control under the policy.
    await expect
      .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active)), {
        timeout: 15_000,
      })
      .toBe(true);

    await page.goto('/menu');
    await expect(page.getByRole('heading').first()).toBeVisible();
    // The live menu subscribes over the realtime WebSocket (connect-src).
    await expect(page.locator('main')).toContainText(/poulet/i);
    await page.goto('/contact');
    await expect(page.locator('form').first()).toBeVisible();
    await page.goto('/localisation');
    await expect(page.locator('iframe')).toHaveAttribute('src', /openstreetmap\.org/);
    // Self-hosted fonts load from our own origin.
    expect(
      await page.evaluate(
        async () => (await document.fonts.ready, [...document.fonts].filter((f) => f.status === 'loaded').length),
      ),
    ).toBeGreaterThan(0);
    expect(await violations()).toEqual([]);
    void backend;
  });

  test('the Google Maps embed is allowed when a maps key is configured', async ({ page }) => {
    const violations = await watchCsp(page);
    // The key a restaurant configures (GOOGLE_MAPS_API_KEY) reaches the shop through /env.js.
    await page.route('**/env.js', async (route) => {
      const res = await route.fetch();
      await route.fulfill({
        response: res,
        body: (await res.text()) + 'window.__ENV__.GOOGLE_MAPS_API_KEY = "test-key";\n',
      });
    });
    // Reached by the site's own navigation, as a visitor does (the prerendered page shows the default map).
    await page.goto('/contact');
    // Once React has taken the page over, as a visitor's tap on a link is (its router makes the move): an address
    // changed while the page hydrates would no longer match the HTML React is taking over.
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', /.*/);
    await page.evaluate(() => {
      history.pushState(null, '', '/localisation');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.google\.com\/maps\/embed/);
    // Give the frame its navigation: a CSP refusal is reported as soon as the frame starts loading.
    await page.waitForLoadState('load');
    expect(await violations()).toEqual([]);
  });
});
