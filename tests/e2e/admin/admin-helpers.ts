import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test, type E2EBackend } from '../support/fixtures';

export interface OrderRow {
  id: string;
  status: string;
  customer_name: string;
  customer_phone: string;
  customer_email: string | null;
  grand_total: number;
  created_at: string;
}

let seq = 0;

/** A delivery order written with the service role, as place_order would store it. */
export async function insertOrder(backend: E2EBackend, overrides: Record<string, unknown> = {}): Promise<OrderRow> {
  const n = ++seq;
  const row = {
    customer_name: `Client Test ${n} ${crypto.randomBytes(2).toString('hex')}`,
    customer_phone: '+352691000111',
    customer_email: `client.${crypto.randomBytes(4).toString('hex')}@exemple.lu`,
    customer_address: '5 Rue de la Gare',
    customer_postal_code: 'L-4501',
    customer_city: 'Differdange',
    delivery_method: 'delivery',
    payment_method: 'cash',
    order_items: [
      { id: '32', name: 'Poulet grillé entier', quantity: 2, price: 15, options: [] },
      { id: 'b1', name: 'Burger Maison', quantity: 1, price: 12.5, options: [{ name: 'Bacon', price: 0 }] },
    ],
    total_price: 42.5,
    delivery_fee: 3,
    grand_total: 45.5,
    notes: 'Sonner deux fois',
    ...overrides,
  };
  const { data, error } = await backend.service.from('orders').insert(row).select('*').single();
  if (error) throw new Error(`insert order: ${error.message}`);
  return data as OrderRow;
}

export async function orderStatus(backend: E2EBackend, id: string): Promise<string | null> {
  const { data } = await backend.service.from('orders').select('status').eq('id', id).maybeSingle();
  return (data as { status: string } | null)?.status ?? null;
}

export async function loginAsAdmin(
  page: Page,
  backend: E2EBackend,
  path = '/admin/dashboard',
): Promise<{ email: string; password: string }> {
  const admin = await backend.createAdmin();
  await page.goto(path);
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel('E-mail').fill(admin.email);
  await page.getByLabel('Palavra-passe').fill(admin.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
  return admin;
}

/** Until the page's order feed has joined realtime: an order inserted from then on reaches it live. */
export async function untilOrdersLive(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-live-orders', 'live');
}

export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 768;
}

/**
 * A customer's phone or computer beside the admin's page: its own browser context (the project's device, French,
 * Luxembourg time), its own session. Close it with `context.close()`.
 */
export async function customerBrowser(browser: Browser): Promise<{ context: BrowserContext; shop: Page }> {
  const { viewport, userAgent, isMobile, hasTouch, deviceScaleFactor } = test.info().project.use;
  const context = await browser.newContext({
    viewport,
    userAgent,
    isMobile,
    hasTouch,
    deviceScaleFactor,
    locale: 'fr-LU',
    timezoneId: 'Europe/Luxembourg',
  });
  return { context, shop: await context.newPage() };
}
