import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { restaurantClock, restaurantInstant } from '../../../src/shared/domain/restaurant-time';
import { addToCart, fillContact, nextMonday, openCart, setStoreSetting } from './shop-helpers';

/** The panel is fixed over the page, so a full-page capture would miss it: keep the viewport. */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}-${test.info().project.name}.png` });
}

test.describe('the shop says when it is closed before the form is filled', () => {
  test('before opening time: « Ouvre à 11:00 » on the menu and in the cart, « Commander » disabled with the reason, pre-order offered', async ({
    page,
  }) => {
    const monday = nextMonday();
    // The browser's clock only: the shop decides from the opening hours it reads, before anything is sent.
    await page.clock.setFixedTime(restaurantInstant(monday, '09:00'));
    await page.goto('/menu/grillades');
    const menuNotice = page.getByRole('main').getByTestId('closed-now');
    await expect(menuNotice).toHaveText('Ouvre à 11:00. Vous pouvez déjà pré-commander pour plus tard aujourd’hui.');

    await addToCart(page, 'Poulet entier grillé');
    await openCart(page);
    const panel = page.getByTestId('cart-panel');
    await expect(panel.getByTestId('closed-now')).toContainText('Ouvre à 11:00.');
    await panel.getByText('À emporter', { exact: true }).click();
    const button = panel.getByTestId('order-button');
    await expect(button).toBeDisabled();
    await expect(panel.getByTestId('order-blocked')).toHaveText(
      'Ouvre à 11:00 : commande immédiate impossible. Activez la pré-commande.',
    );
    await expect(button).toHaveAccessibleDescription(/Ouvre à 11:00/);
    await expect(panel.getByTestId('estimate')).toHaveCount(0);
    await screenshot(page, 'cart-opens-later');

    await panel.getByRole('switch', { name: 'Pré-commande' }).click();
    await expect(panel.getByTestId('order-blocked')).toHaveCount(0);
    await expect(button).toBeEnabled();
    await expect(button).toHaveText('Pré-commander');

    // Between the two services: the evening opening.
    await page.clock.setFixedTime(restaurantInstant(monday, '15:10'));
    await page.reload();
    await expect(page.getByRole('main').getByTestId('closed-now')).toContainText('Ouvre à 18:00.');
  });

  test('the menu’s notice comes without moving the dishes, stays on screen on a category, and can be closed', async ({
    page,
  }) => {
    // The prerendered menu knows nothing of the hour: the notice appears once the page is live. As a bar over the
    // bottom of the screen it moves nothing (in the page, above the dishes, it pushed them 104 px down: 0.06).
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: number };
      w.shifts = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!e.hadRecentInput) w.shifts += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const monday = nextMonday();
    const dishesTop = () =>
      page.locator('#categorie-entrees').evaluate((e) => Math.round(e.getBoundingClientRect().top + window.scrollY));
    // Open: no notice; where the dishes start.
    await page.clock.setFixedTime(restaurantInstant(monday, '12:00'));
    await page.goto('/menu');
    await expect(page.locator('#categorie-entrees')).toBeVisible();
    await expect(page.getByTestId('store-notice')).toHaveCount(0);
    const openTop = await dishesTop();
    // Before opening time: the notice, and the dishes where they were.
    await page.clock.setFixedTime(restaurantInstant(monday, '09:00'));
    await page.reload();
    const notice = page.getByTestId('store-notice');
    await expect(notice.getByTestId('closed-now')).toContainText('Ouvre à 11:00.');
    expect(await dishesTop()).toBe(openTop);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.01);
    const box = (await notice.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(Math.round(box.y + box.height)).toBeGreaterThan(viewport.height - 40);
    await screenshot(page, 'menu-closed-notice');

    // Landing on a category far down the menu: the notice is on screen there too.
    await page.goto('/menu/hungryburgers');
    await expect(notice.getByTestId('closed-now')).toBeInViewport();
    await notice.getByRole('button', { name: "Masquer l'information" }).click();
    await expect(notice).toHaveCount(0);
    // Closed for the visit: another category does not bring it back; the cart still says it.
    await page.getByRole('link', { name: 'Grillades', exact: true }).first().click();
    await expect(page).toHaveURL(/\/menu\/grillades$/);
    await expect(page.getByRole('main').getByTestId('store-notice')).toHaveCount(0);
    await addToCart(page, 'Poulet entier grillé');
    await openCart(page);
    await expect(page.getByTestId('cart-panel').getByTestId('closed-now')).toContainText('Ouvre à 11:00.');
  });

  test('a dated closure: « Fermé aujourd’hui (Noël) » with the reopening, no order for now', async ({
    page,
    backend,
  }) => {
    const monday = nextMonday();
    await backend.service.from('opening_exceptions').insert({ day: monday, is_closed: true, reason: 'Noël' });
    try {
      await page.clock.setFixedTime(restaurantInstant(monday, '12:00'));
      await page.goto('/menu/grillades');
      await expect(page.getByRole('main').getByTestId('closed-today')).toContainText(
        "Fermé aujourd'hui (Noël) — réouverture le mercredi",
      );
      await addToCart(page, 'Poulet entier grillé');
      await openCart(page);
      const panel = page.getByTestId('cart-panel');
      await expect(panel.getByTestId('order-button')).toBeDisabled();
      await expect(panel.getByTestId('order-blocked')).toContainText(
        "Fermé aujourd'hui (Noël) — réouverture le mercredi",
      );
      await expect(panel.getByTestId('closed-now')).toHaveCount(0);
      await screenshot(page, 'cart-closed-christmas');
    } finally {
      await backend.service.from('opening_exceptions').delete().eq('day', monday);
    }
  });
});

test.describe('the estimate is the restaurant’s', () => {
  const OPEN_ALL_DAY = {
    timezone: 'Europe/Luxembourg',
    last_order_minutes_before_close: 0,
    slot_minutes: 15,
    days: Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [['00:00', '23:59']]])),
  };
  const ACCEPTANCE = { auto_accept: false, capacity: { delivery: null, pickup: null } };

  /** Minutes since midnight in Luxembourg, and the « HH:MM » the cart shows as the start of the estimate. */
  const minutesOf = (hhmi: string) => Number(hhmi.slice(0, 2)) * 60 + Number(hhmi.slice(3));
  async function estimateStart(page: Page, what: 'livraison' | 'prête'): Promise<number> {
    const estimate = page.getByTestId('cart-panel').getByTestId('estimate');
    await expect(estimate).toHaveText(
      new RegExp(`^Estimation du restaurant : ${what} entre \\d\\d:\\d\\d et \\d\\d:\\d\\d\\.$`),
    );
    const [from, to] = (await estimate.innerText()).match(/\d\d:\d\d/g)!;
    expect((minutesOf(to!) - minutesOf(from!) + 1440) % 1440).toBe(15);
    return minutesOf(from!);
  }
  /** How far ahead of now a start lies, in minutes (across midnight too). */
  const ahead = (start: number) => (start - restaurantClock(new Date()).minutes + 1440) % 1440;

  test('the cart and the order toast give the counter’s preparation time, and follow it when it changes', async ({
    page,
    backend,
  }) => {
    const { data: saved } = await backend.service
      .from('store_settings')
      .select('key, value')
      .in('key', ['opening_hours', 'order_acceptance']);
    try {
      await setStoreSetting(backend, 'opening_hours', OPEN_ALL_DAY);
      await setStoreSetting(backend, 'order_acceptance', { ...ACCEPTANCE, default_ready_minutes: 45 });
      await page.goto('/menu/grillades');
      await addToCart(page, 'Poulet entier grillé');
      await openCart(page);
      const panel = page.getByTestId('cart-panel');
      // Now + 45 minutes, in its 15-minute slot: the slot starts 31 to 45 minutes from now.
      expect(ahead(await estimateStart(page, 'livraison'))).toBeGreaterThanOrEqual(30);
      expect(ahead(await estimateStart(page, 'livraison'))).toBeLessThanOrEqual(46);
      await expect(panel).not.toContainText(/30 ?(-|à) ?60/);
      await screenshot(page, 'cart-estimate');

      await setStoreSetting(backend, 'order_acceptance', { ...ACCEPTANCE, default_ready_minutes: 120 });
      await page.reload();
      await openCart(page);
      await panel.getByText('À emporter', { exact: true }).click();
      const start = await estimateStart(page, 'prête');
      expect(ahead(start)).toBeGreaterThanOrEqual(105);
      expect(ahead(start)).toBeLessThanOrEqual(121);

      await fillContact(page, { name: 'Rui Costa', phone: '+352 691 303 404' });
      await panel.getByTestId('order-button').click();
      const toast = page.getByTestId('toast');
      await expect(toast).toContainText('Commande passée avec succès !');
      await expect(toast).toContainText(/Estimation du restaurant : prête entre \d\d:\d\d et \d\d:\d\d\./);
      await expect(toast).toContainText('Le restaurant vous confirme l’heure dès qu’il accepte votre commande.');
      await expect(toast).not.toContainText(/30 ?(-|à) ?60/);
      const { data: order } = await backend.service
        .from('orders')
        .select('slot_start')
        .eq('customer_name', 'Rui Costa')
        .single();
      // The toast's estimate is the slot the order was counted in.
      const slot = restaurantClock(new Date(order!.slot_start as string)).time;
      await expect(toast).toContainText(`prête entre ${slot} et`);
    } finally {
      for (const row of saved ?? []) await setStoreSetting(backend, row.key as string, row.value);
    }
  });
});

test.describe("the restaurant's time zone (its opening hours' setting)", () => {
  test('set to New York: at 09:00 there the shop says « Ouvre à 11:00 » and offers New York’s slots of today', async ({
    page,
    backend,
  }) => {
    const NEW_YORK = 'America/New_York';
    const { data: saved } = await backend.service
      .from('store_settings')
      .select('value')
      .eq('key', 'opening_hours')
      .single();
    const monday = nextMonday();
    try {
      await setStoreSetting(backend, 'opening_hours', { ...(saved!.value as object), timezone: NEW_YORK });
      // 09:00 in New York is 14:00 or 15:00 in Luxembourg: on Luxembourg's clock the shop would say otherwise.
      await page.clock.setFixedTime(restaurantInstant(monday, '09:00', NEW_YORK));
      // A prerendered page, built on Luxembourg's clock: the live read brings the restaurant's zone.
      await page.goto('/menu/grillades');
      await expect(page.getByRole('main').getByTestId('closed-now')).toHaveText(
        'Ouvre à 11:00. Vous pouvez déjà pré-commander pour plus tard aujourd’hui.',
      );
      await addToCart(page, 'Poulet entier grillé');
      await openCart(page);
      const panel = page.getByTestId('cart-panel');
      await panel.getByText('À emporter', { exact: true }).click();
      await expect(panel.getByTestId('order-blocked')).toHaveText(
        'Ouvre à 11:00 : commande immédiate impossible. Activez la pré-commande.',
      );
      await expect(panel.getByTestId('preorder-hint')).toHaveText('Possible dès aujourd’hui, à partir de 11:00.');
      await panel.getByRole('switch', { name: 'Pré-commande' }).click();
      await expect(panel.getByLabel('Date')).toHaveValue(monday);
      const offered = (await panel.getByLabel('Heure').locator('option').allTextContents()).slice(1);
      expect(offered[0]).toBe('11:00');
      expect(offered.at(-1)).toBe('21:30');
      await panel.getByLabel('Heure').selectOption('11:00');
      // The panel's own header stays in place while its fields take the focus (the <dialog> never scrolls).
      await expect(panel.getByRole('heading', { name: 'Votre panier' })).toBeInViewport();
      await screenshot(page, 'cart-new-york');
    } finally {
      await setStoreSetting(backend, 'opening_hours', saved!.value);
    }
  });
});
