import type { Page } from '@playwright/test';
import { earliestPreorderDate, timeSlotsFor } from '../../../src/shared/domain/opening-hours';
import { addDays, restaurantClock, restaurantInstant } from '../../../src/shared/domain/restaurant-time';
import { expect, type E2EBackend } from '../support/fixtures';

export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 768;
}

/** Follows a main navigation link the way a visitor would on this screen size. */
export async function navigateTo(page: Page, label: string): Promise<void> {
  const header = page.getByTestId('site-header');
  if ((page.viewportSize()?.width ?? 1280) < 1280) {
    await header.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: label, exact: true }).click();
  } else {
    await header.getByRole('navigation').getByRole('link', { name: label, exact: true }).click();
  }
}

export async function addToCart(page: Page, itemName: string): Promise<void> {
  await page.getByRole('button', { name: `Ajouter ${itemName} au panier` }).click();
}

export async function openCart(page: Page): Promise<void> {
  await page.getByTestId('cart-button').click();
  await expect(page.getByTestId('cart-panel')).toBeVisible();
}

export async function setStoreSetting(backend: E2EBackend, key: string, value: unknown): Promise<void> {
  const { error } = await backend.service.from('store_settings').upsert({ key, value }, { onConflict: 'key' });
  if (error) throw new Error(`store_settings ${key}: ${error.message}`);
}

export async function setUnavailable(backend: E2EBackend, itemId: string, unavailable: boolean): Promise<void> {
  const { error } = await backend.service.from('menu_items').update({ unavailable }).eq('id', itemId);
  if (error) throw new Error(`menu_items ${itemId}: ${error.message}`);
}

/** Marks a dish unavailable and expects the open page to show it at once (live), then makes it available again. */
export async function expectFollowsUnavailable(page: Page, backend: E2EBackend, itemId: string): Promise<void> {
  const unavailable = page.locator(`[data-item-id="${itemId}"]`).getByRole('button', { name: /Indisponible/ });
  try {
    await setUnavailable(backend, itemId, true);
    await expect(unavailable).toBeDisabled();
  } finally {
    await setUnavailable(backend, itemId, false);
  }
  await expect(unavailable).toHaveCount(0);
}

/** Signs in through the shop's login page; the shop then opens the profile. */
export async function signInAs(page: Page, customer: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Se connecter' });
  await form.getByLabel('E-mail').fill(customer.email);
  await form.getByLabel('Mot de passe').fill(customer.password);
  await form.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/profil$/);
}

/** The first pre-order slot the kitchen accepts, so ordering tests pass at any hour. */
export function firstPreorderSlot(now = new Date()): { date: string; time: string } {
  const date = earliestPreorderDate(now);
  return { date, time: timeSlotsFor(date)[0] };
}

export async function fillContact(page: Page, c: { name: string; phone: string; email?: string }): Promise<void> {
  const panel = page.getByTestId('cart-panel');
  await panel.getByLabel('Nom complet').fill(c.name);
  await panel.getByLabel('Téléphone').fill(c.phone);
  if (c.email) await panel.getByLabel(/E-mail/).fill(c.email);
}

export async function choosePreorder(page: Page, { switchOn = true } = {}): Promise<{ date: string; time: string }> {
  const slot = firstPreorderSlot();
  const panel = page.getByTestId('cart-panel');
  if (switchOn) await panel.getByRole('switch', { name: 'Pré-commande' }).click();
  await panel.getByLabel('Date').fill(slot.date);
  await panel.getByLabel('Heure').selectOption(slot.time);
  return slot;
}

/** The next Monday at least a week ahead (open 11:00–15:00 and 18:00–22:00 in the installed week). */
export function nextMonday(): string {
  let day = addDays(restaurantClock(new Date()).date, 7);
  while (restaurantClock(restaurantInstant(day, '12:00')).weekday !== 1) day = addDays(day, 1);
  return day;
}

/**
 * Sets the browser's clock to a Monday noon, while the kitchen takes orders: the cart offers an order for now
 * only then (it says « Ouvre à … » otherwise), so tests of the cart's other rules pass at any hour.
 */
export async function browseWhileOpen(page: Page): Promise<void> {
  await page.clock.setFixedTime(restaurantInstant(nextMonday(), '12:00'));
}
