import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, screenshot } from '../support/fixtures';
import { insertOrder, isPhone, loginAsAdmin, untilOrdersLive } from './admin-helpers';

const SHOTS = 'test-results/screens';
/** The dashboard polls today's list every 10 s (DASHBOARD_POLL_MS in src/admin/lib/live-orders.ts). */
const POLL_MS = 10_000;
/** How often a waiting order rings again (RING_EVERY_MS in src/admin/lib/sound/notification-sound.ts). */
const RING_EVERY_MS = 4000;

const row = (page: Page, id: string, list = 'order-list') =>
  page.getByTestId(list).locator(`[data-testid="order-row"][data-order-id="${id}"]`);

async function keepShot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${isPhone(page) ? 390 : 1280}.png`, fullPage: true });
}

test.describe('the counter’s day', () => {
  test('a pre-order taken today for tomorrow is in tomorrow’s list from midnight, at its due time', async ({
    page,
    backend,
  }) => {
    // Wednesday 18 November 2026, 23:58 in Luxembourg (CET): the page's clock, which picks the day it asks for.
    await page.clock.install({ time: new Date('2026-11-18T22:58:00Z') });
    const wednesday = await insertOrder(backend, {
      customer_name: 'Quarta Almoço',
      status: 'Bien reçu',
      created_at: '2026-11-18T11:00:00Z',
      ready_at: '2026-11-18T11:40:00Z',
    });
    const preorder = await insertOrder(backend, {
      customer_name: 'Encomenda Quinta',
      status: 'Bien reçu',
      delivery_method: 'pickup',
      customer_address: null,
      customer_postal_code: null,
      customer_city: null,
      delivery_fee: 0,
      grand_total: 42.5,
      created_at: '2026-11-18T09:00:00Z',
      is_preorder: true,
      preorder_date: '2026-11-19',
      preorder_time: '12:30',
      ready_at: '2026-11-19T11:30:00Z',
    });
    const thursday = await insertOrder(backend, {
      customer_name: 'Quinta Cedo',
      status: 'Bien reçu',
      created_at: '2026-11-19T10:30:00Z',
      ready_at: '2026-11-19T11:45:00Z',
    });
    await loginAsAdmin(page, backend);
    await expect(page.getByTestId('stats-count')).toContainText('Encomendas feitas (pela hora do pedido)');
    // Wednesday: the day's own order, with its ready time; the pre-order taken today waits in its own list.
    await expect(row(page, wednesday.id)).toContainText('Para 12:40');
    await expect(row(page, preorder.id)).toHaveCount(0);
    await expect(row(page, preorder.id, 'later-order-list')).toContainText('Para 19/11 às 12:30');
    await expect(row(page, thursday.id)).toHaveCount(0);

    // Midnight passes with the page open: the next poll asks for Thursday.
    await page.clock.runFor(3 * 60_000 + POLL_MS);
    await expect(row(page, preorder.id)).toContainText('Para 12:30');
    await expect(row(page, wednesday.id)).toHaveCount(0);
    await expect(page.getByTestId('later-order-list')).toHaveCount(0);
    // By due time: the 12:30 pre-order before the order placed on Thursday morning, ready at 12:45.
    const names = await page.getByTestId('order-list').getByTestId('order-row').allTextContents();
    expect(names.findIndex((n) => n.includes('Encomenda Quinta'))).toBeLessThan(
      names.findIndex((n) => n.includes('Quinta Cedo')),
    );
    await expect(row(page, thursday.id)).toContainText('Para 12:45');
    // The pre-order is not new on its day: no highlight, no « new order » toast for it.
    await expect(row(page, preorder.id)).not.toHaveAttribute('data-new', 'true');
    await expect(page.getByTestId('toast').filter({ hasText: preorder.id.slice(0, 8) })).toHaveCount(0);
    await keepShot(page, 'dashboard-preorders-of-today');
  });

  test('the day turns at Luxembourg midnight on the night the clocks go forward', async ({ page, backend }) => {
    // Sunday 29 March 2026, 23:58 summer time (21:58Z): in winter time it would be only 22:58.
    await page.clock.install({ time: new Date('2026-03-29T21:58:00Z') });
    const monday = await insertOrder(backend, {
      customer_name: 'Segunda Páscoa',
      status: 'Bien reçu',
      created_at: '2026-03-29T10:00:00Z',
      is_preorder: true,
      preorder_date: '2026-03-30',
      preorder_time: '12:00',
    });
    await loginAsAdmin(page, backend);
    await expect(row(page, monday.id, 'later-order-list')).toContainText('Para 30/03 às 12:00');
    await page.clock.runFor(3 * 60_000 + POLL_MS);
    await expect(row(page, monday.id)).toContainText('Para 12:00');
  });

  test('in a browser a waiting order rings until accepted unless the manager turns that off', async ({
    page,
    backend,
  }) => {
    await page.clock.install();
    // The test browser may play sound from the start; a manager's browser waits for a first tap, as here: its audio
    // stays suspended until the page resumes it after a gesture.
    await page.addInitScript(() => {
      const Real = window.AudioContext;
      let resumed = false;
      window.AudioContext = class extends Real {
        override get state(): AudioContextState {
          return resumed ? super.state : 'suspended';
        }
        override resume(): Promise<void> {
          resumed = true;
          return super.resume();
        }
      };
    });
    await insertOrder(backend, { customer_name: 'Espera Em Silêncio' });
    await loginAsAdmin(page, backend);
    // The sign-in's taps unlocked the sound; a new start of the page (the counter's screen in the morning) has had none.
    await page.reload();
    // Before the first tap nothing can ring: the banner says that an order waits in silence.
    await expect(page.getByTestId('sound-locked-banner')).toContainText('1 encomenda(s) à espera em silêncio');
    await expect(page.getByLabel('Tocar até confirmar')).toBeChecked();
    await expect(page.getByTestId('sound-repeat-off')).toHaveCount(0);
    await page.getByRole('heading', { name: 'Dashboard' }).click();
    await expect(page.getByTestId('sound-locked-banner')).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('data-ringing', 'true');
    const chimes = async () => Number((await page.locator('html').getAttribute('data-chimes-played')) ?? 0);
    const first = await chimes();
    await page.clock.runFor(2 * RING_EVERY_MS);
    expect(await chimes()).toBeGreaterThanOrEqual(first + 2);
    // Turning it off is a choice the screen keeps saying.
    await page.getByLabel('Tocar até confirmar').uncheck();
    await expect(page.getByTestId('sound-repeat-off')).toContainText('uma encomenda pode esperar em silêncio');
    await expect(page.locator('html')).toHaveAttribute('data-ringing', 'false');
    await untilOrdersLive(page);
  });
});
