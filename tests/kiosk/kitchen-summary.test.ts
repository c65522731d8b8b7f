import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { printKitchenSummary } from '../../src/main/printer/print-service';
import { registerIpcHandlers, type InvokeEvent, type IpcMainLike } from '../../src/main/ipc-handlers';
import { KioskConfig } from '../../src/main/kiosk-config';
import { PrintQueue } from '../../src/main/print-queue';
import { linuxAutoLaunch } from './support/auto-launch';
import { isAppUrl } from '../../src/main/security';
import { APP_ORIGIN } from '../../src/main/renderer-files';
import { kitchenPlan, kitchenSummaryOf, layoutKitchenSummary } from '../../src/shared/domain/kitchen-plan';
import { SEEDED_OPENING_SCHEDULE } from '../../src/shared/domain/opening-hours';
import { TICKET_RESTAURANT } from '../../src/shared/domain/restaurant';
import { TICKET_FR } from '../../src/shared/i18n/ticket-fr';
import { toPrintableText } from '../../src/shared/domain/printable-text';
import { DEFAULT_PRINTER_SETTINGS, IPC, type PrinterSettings } from '../../src/shared/ipc';
import { decodeEscPos } from './support/escpos-decoder';
import { FakePrinter } from './support/fake-printer';

const settings = (over: Partial<PrinterSettings> = {}): PrinterSettings => ({
  ...DEFAULT_PRINTER_SETTINGS,
  interface: 'tcp://127.0.0.1:9',
  ...over,
});

const line = (name: string, quantity: number, options: string[] = []) => ({
  id: name,
  name,
  quantity,
  price: 10,
  options: options.map((o) => ({ name: o, price: 1 })),
});
const preorder = (id: string, date: string, time: string, items: ReturnType<typeof line>[]) => ({
  id,
  preorder_date: date,
  preorder_time: `${time}:00`,
  order_items: items,
});
// Thursday 19 November 2026 (lunch 11:00–15:00, dinner 18:00–22:00), Friday 20 November.
const ORDERS = [
  preorder('a', '2026-11-19', '12:00', [line('Poulet entier grillé', 2, ['Frites']), line('Coca-Cola', 1)]),
  preorder('b', '2026-11-19', '12:30', [line('Poulet entier grillé', 3)]),
  preorder('c', '2026-11-19', '19:30', [line('Demi-poulet grillé', 1, ['Frites', 'Salade'])]),
  preorder('d', '2026-11-20', '12:00', [line('Poulet entier grillé', 4)]),
];

describe('the kitchen summary of the coming days', () => {
  let printer: FakePrinter | null = null;
  afterEach(async () => {
    await printer?.stop();
    printer = null;
  });

  it('groups the pre-orders per day and service of the opening hours, and counts each dish and extra', () => {
    const plan = kitchenPlan(ORDERS, SEEDED_OPENING_SCHEDULE);
    expect(plan.map((d) => [d.date, d.services.map((s) => [s.service, s.orders.map((o) => o.id)])])).toEqual([
      [
        '2026-11-19',
        [
          [
            ['11:00', '15:00'],
            ['a', 'b'],
          ],
          [['18:00', '22:00'], ['c']],
        ],
      ],
      ['2026-11-20', [[['11:00', '15:00'], ['d']]]],
    ]);
    expect(plan[0]!.dishes).toEqual([
      { name: 'Poulet entier grillé', quantity: 5 },
      { name: 'Frites', quantity: 3 },
      { name: 'Coca-Cola', quantity: 1 },
      { name: 'Demi-poulet grillé', quantity: 1 },
      { name: 'Salade', quantity: 1 },
    ]);
    expect(kitchenSummaryOf(plan).days[1]).toEqual({
      date: '2026-11-20',
      orders: 1,
      services: [{ opens: '11:00', closes: '15:00', orders: 1 }],
      dishes: [{ name: 'Poulet entier grillé', quantity: 4 }],
    });
  });

  it.each([48, 42, 32] as const)('prints at %i columns on a loopback printer, as the layout says', async (width) => {
    printer = await new FakePrinter().start();
    const summary = kitchenSummaryOf(kitchenPlan(ORDERS, SEEDED_OPENING_SCHEDULE));
    await printKitchenSummary(summary, settings({ width, interface: printer.url }));
    const [job] = await printer.waitForJobs(1);
    const decoded = decodeEscPos(job);
    expect(decoded.cuts).toBe(1);
    expect(decoded.drawerKicks).toBe(0);
    const lines = decoded.tickets[0]!;
    const layout = layoutKitchenSummary(summary, {
      columns: width,
      restaurant: TICKET_RESTAURANT,
      words: TICKET_FR,
      printedAt: new Date(),
    });
    const expected = layout.map((l) => (l.kind === 'rule' ? '-'.repeat(width) : toPrintableText(l.text)));
    const got = lines.map((l) => l.text);
    expect(got.filter((t) => !t.startsWith('Imprimé le'))).toEqual(expected.filter((t) => !t.startsWith('Imprimé le')));
    expect(lines.filter((l) => [...l.text].length > (l.doubleHeight ? width / 2 : width))).toEqual([]);
    const text = got.join('\n');
    expect(text).toContain('JEUDI 19 NOVEMBRE 2026');
    expect(got.find((t) => t.startsWith('Poulet entier grillé'))).toMatch(/ x 5$/);
    expect(got.find((t) => t.startsWith('Service 18:00'))).toMatch(/ 1 commande$/);
    expect(text).not.toMatch(/\?{2,}|�/);
  });

  it('is printed through the kiosk call, which refuses a payload that is not a summary', async () => {
    printer = await new FakePrinter().start();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiosk-kitchen-'));
    const config = new KioskConfig(path.join(dir, 'kiosk.json'), {});
    config.setPrinter({ ...DEFAULT_PRINTER_SETTINGS, interface: printer.url, width: 42 });
    const handlers = new Map<string, (event: InvokeEvent, ...args: unknown[]) => unknown>();
    const ipc: IpcMainLike = { handle: (channel, listener) => void handlers.set(channel, listener) };
    const queue = new PrintQueue({ file: path.join(dir, 'queue.json'), print: async () => {} });
    registerIpcHandlers(
      ipc,
      {
        version: '1',
        queue,
        config,
        autoLaunch: linuxAutoLaunch(dir),
        testPrint: async () => {},
        printKitchenSummary,
      },
      (url) => isAppUrl(url, APP_ORIGIN),
    );
    const call = (url: string, value: unknown) =>
      Promise.resolve().then(() => handlers.get(IPC.printKitchenSummary)!({ senderFrame: { url } }, value));
    const summary = kitchenSummaryOf(kitchenPlan(ORDERS, SEEDED_OPENING_SCHEDULE));

    await expect(call('https://evil.example/', { summary })).rejects.toThrow(/Appel refusé/);
    await expect(call(`${APP_ORIGIN}/admin/upcoming`, { summary: { days: 'all' } })).rejects.toThrow(
      /Données refusées/,
    );
    const tooMany = { days: Array.from({ length: 15 }, () => summary.days[0]!) };
    await expect(call(`${APP_ORIGIN}/admin/upcoming`, { summary: tooMany })).rejects.toThrow(
      'Trop de jours (14 au plus).',
    );
    // Counts only: a customer's name slipped into a day is refused, not printed.
    const withName = { days: [{ ...summary.days[0]!, customer_name: 'Ana' }] };
    await expect(call(`${APP_ORIGIN}/admin/upcoming`, { summary: withName })).rejects.toThrow(/Données refusées/);
    expect(printer.jobs).toHaveLength(0);

    await call(`${APP_ORIGIN}/admin/upcoming`, { summary });
    const [job] = await printer.waitForJobs(1);
    expect(decodeEscPos(job).tickets[0]!.some((l) => l.text.startsWith('CUISINE'))).toBe(true);
  });
});
