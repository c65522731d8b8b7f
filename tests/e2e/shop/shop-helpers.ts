import type { Page } from '@playwright/test';
import { earliestPreorderDate, timeSlotsFor } from '../../../src/shared/domain/opening-hours';
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
