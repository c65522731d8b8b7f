import fs from 'node:fs';
import { test, expect, screenshot } from '../support/fixtures';
import { insertOrder, isPhone, loginAsAdmin } from './admin-helpers';
import { installFakeKiosk } from './printer-kiosk';
import { printKitchenSummary } from '../../../src/main/printer/print-service';
import { DEFAULT_PRINTER_SETTINGS } from '../../../src/shared/ipc';
import type { KitchenSummaryRequest } from '../../../src/shared/ipc';
import { decodeEscPos } from '../../kiosk/support/escpos-decoder';
import { FakePrinter } from '../../kiosk/support/fake-printer';

const SHOTS = 'test-results/screens';

const item = (name: string, quantity: number, options: string[] = []) => ({
  id: name.slice(0, 6),
  name,
  quantity,
  price: 15,
  options: options.map((o) => ({ name: o, price: 2.5 })),
});
const preorder = (
  name: string,
  date: string,
  time: string,
  items: ReturnType<typeof item>[],
  status = 'Bien reçu',
) => ({
  customer_name: name,
  status,
  delivery_method: 'pickup',
  customer_address: null,
  customer_postal_code: null,
  customer_city: null,
  delivery_fee: 0,
  grand_total: 42.5,
  created_at: '2026-06-10T09:00:00Z',
  is_preorder: true,
  preorder_date: date,
  preorder_time: time,
  order_items: items,
});

test.describe('the coming days', () => {
  test('pre-orders per day and service, the kitchen summary, printed on the kiosk’s printer', async ({
    page,
    backend,
  }) => {
    // Monday 15 June 2026, 10:00 in Luxembourg (CEST): the admin's clock, which picks the days it asks for. A past
    // week that no other test writes orders in; Tuesday is the seed's closing day.
    await page.clock.install({ time: new Date('2026-06-15T08:00:00Z') });
    await insertOrder(
      backend,
      preorder('Ana Lopes', '2026-06-17', '12:00', [item('Poulet entier grillé', 2, ['Frites'])]),
    );
    await insertOrder(backend, preorder('Bruno Dias', '2026-06-17', '12:30', [item('Poulet entier grillé', 3)]));
    await insertOrder(
      backend,
      preorder('Carla Reis', '2026-06-17', '19:30', [item('Demi-poulet grillé', 1, ['Frites'])]),
    );
    await insertOrder(backend, preorder('Duarte Sousa', '2026-06-18', '12:00', [item('Poulet entier grillé', 4)]));
    // Not planned: cancelled, today's (the dashboard's), and eight days ahead.
    await insertOrder(
      backend,
      preorder('Anulada', '2026-06-17', '13:00', [item('Poulet entier grillé', 9)], 'Annulée'),
    );
    await insertOrder(backend, preorder('Hoje', '2026-06-15', '12:30', [item('Poulet entier grillé', 7)]));
    await insertOrder(backend, preorder('Longe', '2026-06-23', '12:30', [item('Poulet entier grillé', 8)]));

    await installFakeKiosk(page);
    await page.addInitScript(() => {
      const w = window as unknown as { kiosk: Record<string, unknown>; kitchen: unknown[] };
      w.kitchen = [];
      w.kiosk.printKitchenSummary = async (request: unknown) => void w.kitchen.push(structuredClone(request));
    });
    await loginAsAdmin(page, backend);
    if (!isPhone(page)) {
      await page.getByRole('link', { name: 'Próximos dias' }).click();
      await expect(page).toHaveURL(/\/admin\/upcoming$/);
    } else {
      await page.goto('/admin/upcoming');
    }

    const days = page.getByTestId('upcoming-days');
    await expect(days.getByRole('heading', { level: 2 })).toHaveText([
      /Quarta-feira, 17 de junho.*3 pré-encomenda\(s\)/,
      /Quinta-feira, 18 de junho.*1 pré-encomenda\(s\)/,
    ]);
    await expect(days.getByTestId('upcoming-service')).toHaveText([
      /^Serviço 11:00–15:00 · 2.*12:00Ana Lopes.*2× Poulet entier grillé \+ Frites.*12:30Bruno Dias/,
      /^Serviço 18:00–22:00 · 1.*19:30Carla Reis/,
      /^Serviço 11:00–15:00 · 1.*12:00Duarte Sousa/,
    ]);
    await expect(days).not.toContainText(/Anulada|Hoje|Longe/);
    const summary = page.getByTestId('kitchen-summary');
    await expect(summary).toContainText('MERCREDI 17 JUIN 2026');
    await expect(summary).toContainText(/Poulet entier grillé \.+ x 5/);
    await expect(summary).toContainText(/Frites \.+ x 3/);
    await expect(summary).toContainText(/Poulet entier grillé \.+ x 4/);
    await expect(summary).not.toContainText(/x (7|8|9)\b/);
    await screenshot(page, 'admin-upcoming');
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/upcoming-${isPhone(page) ? 390 : 1280}.png`, fullPage: true });

    // In the kiosk the summary goes to the thermal printer: counts only, the customers' names stay on screen.
    await page.getByTestId('print-kitchen-summary').click();
    await expect(page.getByTestId('toast')).toContainText('Resumo impresso');
    const sent = await page.evaluate(() => (window as unknown as { kitchen: KitchenSummaryRequest[] }).kitchen);
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0])).not.toMatch(/Ana Lopes|Bruno|Carla|Duarte/);
    expect(sent[0]!.summary.days.map((d) => [d.date, d.orders])).toEqual([
      ['2026-06-17', 3],
      ['2026-06-18', 1],
    ]);
    // What the kiosk does with it: the ESC/POS bytes a loopback printer receives.
    const printer = await new FakePrinter().start();
    try {
      await printKitchenSummary(
        sent[0]!.summary,
        { ...DEFAULT_PRINTER_SETTINGS, interface: printer.url, width: 42 },
        sent[0]!.restaurant,
      );
      const [job] = await printer.waitForJobs(1);
      const text = decodeEscPos(job).tickets[0]!.map((l) => l.text);
      expect(text).toContain('MERCREDI 17 JUIN 2026');
      expect(text.filter((l) => /^Poulet entier grill. \.+ x \d$/.test(l))).toEqual([
        expect.stringMatching(/x 5$/),
        expect.stringMatching(/x 4$/),
      ]);
      expect(text.find((l) => l.startsWith('Service 18:00'))).toMatch(/ 1 commande$/);
    } finally {
      await printer.stop();
    }
  });
});
