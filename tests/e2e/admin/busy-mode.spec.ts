import type { Page } from '@playwright/test';
import { test, expect, screenshot } from '../support/fixtures';
import { loginAsAdmin } from './admin-helpers';
import { addToCart, openCart, setStoreSetting } from '../shop/shop-helpers';
import { restaurantClock } from '../../../src/shared/domain/restaurant-time';

const OPEN_ALL_DAY = {
  timezone: 'Europe/Luxembourg',
  last_order_minutes_before_close: 0,
  slot_minutes: 15,
  days: Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [['00:00', '23:59']]])),
};
const ACCEPTANCE = { default_ready_minutes: 30, auto_accept: false, capacity: { delivery: null, pickup: null } };
const IDLE = { extra_minutes: 0, extra_until: null, paused_until: null };

const minutesOf = (hhmi: string) => Number(hhmi.slice(0, 2)) * 60 + Number(hhmi.slice(3));
/** How far ahead of now the cart's estimate starts, in minutes (across midnight too). */
async function estimateAhead(shop: Page): Promise<number> {
  const estimate = shop.getByTestId('cart-panel').getByTestId('estimate');
  await expect(estimate).toHaveText(/^Estimation du restaurant : livraison entre \d\d:\d\d et \d\d:\d\d\.$/);
  const [from] = (await estimate.innerText()).match(/\d\d:\d\d/g)!;
  return (minutesOf(from!) - restaurantClock(new Date()).minutes + 1440) % 1440;
}

test.describe('the counter’s busy mode', () => {
  test('one tap on the dashboard: the open cart shows the longer estimate, then the pause notice, then neither', async ({
    page,
    backend,
    browser,
  }) => {
    test.setTimeout(120_000);
    const { data: saved } = await backend.service
      .from('store_settings')
      .select('key, value')
      .in('key', ['opening_hours', 'order_acceptance']);
    try {
      await setStoreSetting(backend, 'opening_hours', OPEN_ALL_DAY);
      await setStoreSetting(backend, 'order_acceptance', ACCEPTANCE);
      await setStoreSetting(backend, 'busy_mode', IDLE);
      await loginAsAdmin(page, backend);
      const busy = page.getByTestId('busy-mode');
      await expect(busy).toContainText('Muito movimento?');
      await expect(busy.getByTestId('busy-end')).toHaveCount(0);

      const { viewport, userAgent, isMobile, hasTouch, deviceScaleFactor } = test.info().project.use;
      const customer = await browser.newContext({ viewport, userAgent, isMobile, hasTouch, deviceScaleFactor });
      const shop = await customer.newPage();
      await shop.goto(`${backend.url}/menu/grillades`);
      await addToCart(shop, 'Poulet entier grillé');
      await openCart(shop);
      // The usual 30 minutes: the slot of now + 30 starts 16 to 30 minutes from now.
      const usual = await estimateAhead(shop);
      expect(usual).toBeGreaterThanOrEqual(15);
      expect(usual).toBeLessThanOrEqual(31);

      // « +20 min »: the open cart follows without a reload (the public settings feed).
      await busy.getByTestId('busy-extra').click();
      await expect(busy.getByTestId('busy-extra-on')).toContainText('Preparação +20 min até');
      const stored = (await backend.service.from('store_settings').select('value').eq('key', 'busy_mode').single())
        .data!.value as { extra_until: string };
      await expect(busy.getByTestId('busy-extra-on')).toContainText(
        `Preparação +20 min até ${restaurantClock(new Date(stored.extra_until)).time}`,
      );
      await expect.poll(() => estimateAhead(shop), { timeout: 15_000 }).toBeGreaterThanOrEqual(35);
      expect(await estimateAhead(shop)).toBeLessThanOrEqual(51);

      // The pause: the shop says until when, and that pre-orders are still taken.
      await busy.getByTestId('busy-pause').click();
      await expect(busy.getByTestId('busy-paused-on')).toBeVisible();
      const paused = (await backend.service.from('store_settings').select('value').eq('key', 'busy_mode').single())
        .data!.value as { paused_until: string };
      const until = restaurantClock(new Date(paused.paused_until)).time;
      await expect(busy.getByTestId('busy-paused-on')).toContainText(`em pausa até ${until}`);
      const notice = shop.getByTestId('cart-panel').getByTestId('busy-paused');
      await expect(notice).toHaveText(
        `Le restaurant est très sollicité : commandes immédiates en pause jusqu'à ${until}. Les pré-commandes restent possibles.`,
      );
      // The order for now cannot be sent while paused: the button says why before the form is filled.
      const panel = shop.getByTestId('cart-panel');
      await expect(panel.getByTestId('order-button')).toBeDisabled();
      await expect(panel.getByTestId('order-blocked')).toHaveText(
        `Restaurant très sollicité jusqu'à ${until} : commande immédiate impossible. Activez la pré-commande.`,
      );
      await screenshot(page, 'admin-busy-mode');
      await screenshot(shop, 'cart-busy-paused');

      // Ended early from the dashboard: both go, at once, on both screens.
      await busy.getByTestId('busy-end').click();
      await expect(busy.getByTestId('busy-end')).toHaveCount(0);
      await expect(notice).toHaveCount(0);
      await expect(panel.getByTestId('order-blocked')).toHaveCount(0);
      await expect.poll(() => estimateAhead(shop), { timeout: 15_000 }).toBeLessThanOrEqual(31);
      await customer.close();
    } finally {
      await setStoreSetting(backend, 'busy_mode', IDLE);
      for (const row of saved ?? []) await setStoreSetting(backend, row.key as string, row.value);
    }
  });
});
