import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, screenshot } from '../support/fixtures';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { addDays, restaurantDate, restaurantInstant, weekdayOf } from '../../../src/shared/domain/restaurant-time';
import { installFakeKiosk } from './printer-kiosk';
import { DEFAULT_RESTAURANT_IDENTITY } from '../../../src/shared/domain/restaurant';
import { insertOrder, isPhone, loginAsAdmin } from './admin-helpers';

/**
 * The takings report in the browser. The backend is shared by the worker's tests, so the orders
 * are put on a day nobody else uses: a DST Sunday, one per project (spring change on the
 * desktop, autumn change on the phone). Figures computed by hand in docs/REPORTS.md's way:
 *   01:30 pickup cash 15,00 · 12:10 delivery card 15,00 + 2 × 3,90 beer + 2,00 fee = 24,80
 *   12:40 cancelled 30,00 · 19:05 pickup card 6,83 sangria + 19,49 = 26,32
 *   takings 66,12; 3 %: 15,00 + 16,32 + 19,49 = 50,81 (base 49,33, VAT 1,48);
 *   17 %: 8,48 + 6,83 = 15,31 (base 13,09, VAT 2,22).
 */
const chicken = (quantity = 1) => ({ id: '32', name: 'Poulet entier grillé', quantity, price: 15, options: [] });
const beer = { id: 'bo-9', name: 'Super Bock 33 cl', quantity: 2, price: 3.9, options: [] };
const sangria = { id: 'bo-11', name: 'Sangria maison 50 cl', quantity: 1, price: 6.83, options: [] };
const francesinha = { id: 'fr-1', name: 'Francesinha classique', quantity: 1, price: 19.49, options: [] };
const pickup = {
  delivery_method: 'pickup',
  customer_address: null,
  customer_postal_code: null,
  customer_city: null,
  delivery_fee: 0,
};

/** The switch in the top bar; on a phone it sits in the drawer, so the stored choice is set instead. */
async function chooseLanguage(page: Page, language: 'pt' | 'fr'): Promise<void> {
  if (!isPhone(page)) return page.getByRole('button', { name: language, exact: true }).click();
  await page.evaluate(
    (l) => localStorage.setItem('admin-language', JSON.stringify({ state: { language: l }, version: 0 })),
    language,
  );
  await page.reload();
}

function dayOf(project: string): string {
  return project === 'phone' ? '2025-10-26' : '2026-03-29';
}

test.describe('takings report (Relatórios)', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { printCalls: number }).printCalls = 0;
      window.print = () => void (window as unknown as { printCalls: number }).printCalls++;
    });
  });

  test('shows the figures of a day, exports the CSV and prints the day summary', async ({ page, backend }) => {
    test.setTimeout(180_000); // one walk through the whole screen: figures, CSV, print page, French, a period
    const day = dayOf(test.info().project.name);
    const at = (time: string) => restaurantInstant(day, time).toISOString();
    const extra = { status: 'Livrée', customer_email: null, notes: null };
    await insertOrder(backend, {
      ...extra,
      ...pickup,
      created_at: at('01:30'),
      payment_method: 'cash',
      order_items: [chicken()],
      total_price: 15,
      grand_total: 15,
    });
    await insertOrder(backend, {
      ...extra,
      created_at: at('12:10'),
      payment_method: 'card',
      order_items: [chicken(), beer],
      total_price: 22.8,
      delivery_fee: 2,
      grand_total: 24.8,
    });
    await insertOrder(backend, {
      ...extra,
      ...pickup,
      status: 'Annulée',
      created_at: at('12:40'),
      order_items: [chicken(2)],
      total_price: 30,
      grand_total: 30,
    });
    await insertOrder(backend, {
      ...extra,
      ...pickup,
      created_at: at('19:05'),
      payment_method: 'card',
      order_items: [sangria, francesinha],
      total_price: 26.32,
      grand_total: 26.32,
    });

    await loginAsAdmin(page, backend);
    if (isPhone(page)) await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('link', { name: 'Relatórios' }).click();
    await expect(page).toHaveURL(/\/admin\/reports$/);
    await expect(page.getByRole('heading', { name: 'Relatórios' })).toBeVisible();
    await page.getByLabel('Data', { exact: true }).fill(day);
    await expect(page).toHaveURL(new RegExp(`from=${day}&to=${day}$`));

    await expect(page.getByTestId('figure-revenue')).toHaveText('66,12 €');
    await expect(page.getByTestId('figure-delivered')).toHaveText('3');
    await expect(page.getByTestId('figure-average')).toHaveText('22,04 €');
    await expect(page.getByTestId('figure-cancelled')).toHaveText('1 · 30,00 €');
    await expect(page.getByTestId('figure-fees')).toHaveText('2,00 €');
    await expect(page.getByTestId('table-payment').locator('tbody tr')).toHaveText([
      /Dinheiro\s*1\s*15,00 €/,
      /Cartão\s*2\s*51,12 €/,
    ]);
    await expect(page.getByTestId('table-method').locator('tbody tr')).toHaveText([
      /Entrega\s*1\s*24,80 €/,
      /Levantamento\s*2\s*41,32 €/,
    ]);
    await expect(page.getByTestId('table-vat').locator('tbody tr')).toHaveText([
      /3 %\s*49,33 €\s*1,48 €\s*50,81 €/,
      /17 %\s*13,09 €\s*2,22 €\s*15,31 €/,
    ]);
    await expect(page.getByTestId('table-vat').locator('tfoot tr')).toHaveText(/Total\s*62,42 €\s*3,70 €\s*66,12 €/);
    await expect(page.getByTestId('table-dishes').locator('tbody tr').first()).toHaveText(
      /Poulet entier grillé\s*2\s*30,00 €/,
    );
    for (const [hour, orders] of [
      [1, 1],
      [12, 1],
      [19, 1],
      [2, 0],
      [13, 0],
    ] as const) {
      await expect(page.getByTestId(`hour-${hour}`)).toHaveAttribute('data-orders', String(orders));
    }
    await expect(page.getByTestId('hour-12')).toHaveAttribute('data-cents', '2480');
    await expect(page.getByTestId('report-period')).toHaveText(/^Domingo, \d+ de (março|outubro) de 20\d\d$/);
    await screenshot(page, 'admin-reports-day');

    // French, as the rest of the admin.
    await chooseLanguage(page, 'fr');
    await expect(page.getByRole('heading', { name: 'Rapports' })).toBeVisible();
    await expect(page.getByTestId('report-period')).toHaveText(/^Dimanche \d+ (mars|octobre) 20\d\d$/);
    await expect(page.getByTestId('table-vat').locator('thead')).toHaveText(/Taux\s*Base HT\s*TVA\s*Total TTC/);
    await screenshot(page, 'admin-reports-day-fr');
    await chooseLanguage(page, 'pt');

    // The accountant's CSV: BOM, semicolons, decimal comma.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`recettes-${day}.csv`);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const rows = csv.slice(1).split('\r\n');
    for (const line of [
      'Recettes TTC;3;66,12',
      'Annulées (hors recettes);1;30,00',
      'Espèces;1;15,00',
      'Carte;2;51,12',
      '3;49,33;1,48;50,81',
      '17;13,09;2,22;15,31',
      'Total;62,42;3,70;66,12',
      'Poulet entier grillé;2;30,00',
      '12h;1;24,80',
    ]) {
      expect(rows, line).toContain(line);
    }

    // Outside the kiosk the summary opens the 80 mm print page, which prints itself.
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Imprimir resumo' }).click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toContain(`/admin/print-report?from=${day}&to=${day}`);
    const summary = popup.getByTestId('day-summary');
    await expect(summary).toContainText('RÉSUMÉ DU JOUR');
    await expect(summary).toContainText(/Recettes TTC \.+ 66,12 €/);
    await expect(summary).toContainText(/Taux 17 %\s*Base HT \.+ 13,09 €/);
    expect(Math.round((await summary.boundingBox())!.width)).toBe(302);
    await screenshot(popup, 'admin-reports-print');
    await popup.close();

    // A period: one line per day, the bounds checked before asking the server.
    await page.getByRole('tab', { name: 'Período' }).click();
    await page.getByLabel('De', { exact: true }).fill(addDays(day, -1));
    await page.getByLabel('Até', { exact: true }).fill(addDays(day, 1));
    await expect(page.getByTestId('table-days').locator('tbody tr')).toHaveCount(3);
    await expect(page.getByTestId('figure-revenue')).toHaveText('66,12 €');
    await screenshot(page, 'admin-reports-period');
    await page.getByLabel('De', { exact: true }).fill(addDays(day, 2));
    await expect(page.getByRole('alert')).toHaveText('A data de fim é anterior à data de início.');
  });

  test('in the kiosk the day summary goes to the thermal printer', async ({ page, backend }) => {
    // The ticket's header is the restaurant of the settings: the admin sends it with the summary.
    const identity = (value: unknown) =>
      backend.service
        .from('store_settings')
        .update({ value })
        .eq('key', 'restaurant')
        .then(({ error }) => error);
    expect(
      await identity({ ...DEFAULT_RESTAURANT_IDENTITY, phone: '+352621000111', phone_display: '+352 621 000 111' }),
    ).toBeNull();
    try {
      await installFakeKiosk(page);
      await page.addInitScript(() => {
        const w = window as unknown as { kiosk: Record<string, unknown>; summaries: unknown[] };
        w.summaries = [];
        w.kiosk.printDaySummary = async (request: unknown) => void w.summaries.push(structuredClone(request));
      });
      const day = dayOf(test.info().project.name);
      await loginAsAdmin(page, backend, '/admin/reports');
      await page.goto(`/admin/reports?from=${addDays(day, 3)}&to=${addDays(day, 3)}`);
      await expect(page.getByTestId('figure-revenue')).toHaveText('0,00 €');
      // The settings (the restaurant of the header among them) are read: the top bar shows the store's state.
      await expect(page.getByTestId('store-status')).toHaveText(/Loja (Aberta|Fechada)/);
      await page.getByRole('button', { name: 'Imprimir resumo' }).click();
      await expect(page.getByTestId('toast')).toContainText('Resumo enviado para a impressora.');
      const sent = (await page.evaluate(
        () =>
          (
            window as unknown as {
              summaries: { report: { from: string; takings: { total_cents: number } }; restaurant?: unknown }[];
            }
          ).summaries,
      ))!;
      expect(sent).toHaveLength(1);
      expect(sent[0]!.report.from).toBe(addDays(day, 3));
      expect(sent[0]!.report.takings.total_cents).toBe(0);
      expect(sent[0]!.restaurant).toEqual({
        name: DEFAULT_RESTAURANT_IDENTITY.name,
        address: '12, Avenue de la Liberté, L-4601 Differdange',
        phone: '+352 621 000 111',
        // The kiosk prints on the restaurant's clock.
        time_zone: 'Europe/Luxembourg',
      });
    } finally {
      expect(await identity(DEFAULT_RESTAURANT_IDENTITY)).toBeNull();
    }
  });

  test('an order placed through the shop counts once it is delivered, live', async ({ page, backend }) => {
    test.setTimeout(120_000);
    // A pre-order two days ahead (Tuesday is the closing day): it belongs to the day it is served.
    let day = addDays(restaurantDate(new Date()), 2);
    if (weekdayOf(day) === 2) day = addDays(day, 1);
    const euros = (text: string | null) => Number((text ?? '').replace(/[^\d,]/g, '').replace(',', ''));
    await loginAsAdmin(page, backend);
    await page.goto(`/admin/reports?from=${day}&to=${day}`);
    const revenue = page.getByTestId('figure-revenue');
    await expect(revenue).toHaveText(/€$/);
    const before = euros(await revenue.textContent());

    const shop = createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    const { data: order, error } = await shop.rpc('place_order', {
      p_order: {
        customer: { name: 'Marta Relatório', phone: '+352 621 777 888' },
        deliveryMethod: 'pickup',
        paymentMethod: 'card',
        isPreorder: true,
        preorderDate: day,
        preorderTime: '12:00',
        items: [
          { menuItemId: '32', quantity: 1 },
          { menuItemId: 'bo-9', quantity: 1 },
        ],
      },
    });
    expect(error).toBeNull();
    expect(order.grand_total).toBe(18.9);
    // Waiting: not takings yet, shown as open.
    await expect(page.getByTestId('figure-open')).toContainText(/^[1-9]\d* · /);
    expect(euros(await revenue.textContent())).toBe(before);

    const { error: delivered } = await backend.service.from('orders').update({ status: 'Livrée' }).eq('id', order.id);
    expect(delivered).toBeNull();
    await expect.poll(async () => euros(await revenue.textContent()), { timeout: 20_000 }).toBe(before + 1890);
    await expect(page.getByTestId('table-vat').locator('tbody tr').filter({ hasText: '17 %' })).toBeVisible();
  });
});
