import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renderDaySummary } from '../../src/main/printer/escpos';
import { printDaySummary } from '../../src/main/printer/print-service';
import { registerIpcHandlers, type InvokeEvent, type IpcMainLike } from '../../src/main/ipc-handlers';
import { KioskConfig } from '../../src/main/kiosk-config';
import { PrintQueue } from '../../src/main/print-queue';
import { linuxAutoLaunch } from './support/auto-launch';
import { isAppUrl } from '../../src/main/security';
import { APP_ORIGIN } from '../../src/main/renderer-files';
import { layoutDaySummary } from '../../src/shared/domain/takings-ticket';
import { TICKET_RESTAURANT } from '../../src/shared/domain/restaurant';
import { TICKET_FR } from '../../src/shared/i18n/ticket-fr';
import { toPrintableText } from '../../src/shared/domain/printable-text';
import { DEFAULT_PRINTER_SETTINGS, IPC, type PrinterSettings } from '../../src/shared/ipc';
import { dstSundayReport } from '../fixtures/takings-report';
import { decodeEscPos } from './support/escpos-decoder';
import { FakePrinter } from './support/fake-printer';

const settings = (over: Partial<PrinterSettings> = {}): PrinterSettings => ({
  ...DEFAULT_PRINTER_SETTINGS,
  interface: 'tcp://127.0.0.1:9',
  ...over,
});
const PRINTED_AT = new Date('2026-10-25T22:59:30Z');

describe('day summary on the thermal printer', () => {
  let printer: FakePrinter | null = null;
  afterEach(async () => {
    await printer?.stop();
    printer = null;
  });

  it.each([48, 42, 32] as const)(
    'prints at %i columns, from a loopback printer socket, exactly the layout the print page shows',
    async (width) => {
      printer = await new FakePrinter().start();
      await printDaySummary(dstSundayReport(), settings({ width, interface: printer.url }));
      const [job] = await printer.waitForJobs(1);
      const decoded = decodeEscPos(job);
      expect(decoded.cuts).toBe(1);
      expect(decoded.drawerKicks).toBe(0);
      const lines = decoded.tickets[0]!;
      // The layout is drawn with the time of printing: compare all but that line.
      const layout = layoutDaySummary(dstSundayReport(), {
        columns: width,
        restaurant: TICKET_RESTAURANT,
        words: TICKET_FR,
        printedAt: new Date(),
      });
      const expected = layout.map((l) => (l.kind === 'rule' ? '-'.repeat(width) : toPrintableText(l.text)));
      const got = lines.map((l) => l.text);
      expect(got.filter((t) => !t.startsWith('Imprimé le'))).toEqual(
        expected.filter((t) => !t.startsWith('Imprimé le')),
      );
      expect(new Set(lines.map((l) => l.codePage))).toEqual(new Set([19]));
      expect(lines.filter((l) => [...l.text].length > (l.doubleHeight ? width / 2 : width))).toEqual([]);
      const text = got.join('\n');
      expect(text).toContain('RÉSUMÉ DU JOUR');
      expect(text).toContain('Dimanche 25 octobre 2026');
      expect(text).not.toMatch(/\?{2,}|�/);
    },
  );

  it('carries the hand-computed figures: takings, payment, VAT per rate, cancelled and open apart', () => {
    const lines = decodeEscPos(renderDaySummary(dstSundayReport(), settings({ width: 42 }), PRINTED_AT)).tickets[0]!;
    const text = lines.map((l) => l.text);
    const line = (start: string) => text.find((t) => t.startsWith(start));
    expect(line('Imprimé le')).toBe('Imprimé le 25/10/2026 23:59');
    expect(line('Recettes TTC')).toMatch(/^Recettes TTC \.+ 96,51 €$/);
    expect(lines.find((l) => l.text.startsWith('Recettes TTC'))!.bold).toBe(true);
    expect(line('Espèces (3)')).toMatch(/ 59,32 €$/);
    expect(line('Carte (2)')).toMatch(/ 37,19 €$/);
    expect(line('Livraison (2)')).toMatch(/ 54,12 €$/);
    expect(line('À emporter (3)')).toMatch(/ 42,39 €$/);
    expect(line('Remises')).toMatch(/ -1,38 €$/);
    const rate17 = text.indexOf('Taux 17 %');
    expect(text.slice(rate17 + 1, rate17 + 4).map((t) => t.replace(/ \.+ /, ' | '))).toEqual([
      '  Base HT | 13,74 €',
      '  TVA | 2,34 €',
      '  Total TTC | 16,08 €',
    ]);
    expect(line('Total TVA')).toMatch(/ 4,68 €$/);
    expect(line('Annulées (1)')).toMatch(/ 30,00 €$/);
    expect(line('En cours (1)')).toMatch(/ 15,00 €$/);
    expect(line('3x Poulet entier grillé')).toMatch(/ 45,00 €$/);
    expect(line('02h 2 cmd')).toMatch(/ 37,19 €$/);
  });

  it('is printed through the kiosk call, which refuses a payload that is not a report', async () => {
    printer = await new FakePrinter().start();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiosk-summary-'));
    const config = new KioskConfig(path.join(dir, 'kiosk.json'), {});
    config.setPrinter({ ...DEFAULT_PRINTER_SETTINGS, interface: printer.url, width: 32 });
    const handlers = new Map<string, (event: InvokeEvent, ...args: unknown[]) => unknown>();
    const ipc: IpcMainLike = { handle: (channel, listener) => void handlers.set(channel, listener) };
    const queue = new PrintQueue({ file: path.join(dir, 'queue.json'), print: async () => {} });
    const autoLaunch = linuxAutoLaunch(dir);
    registerIpcHandlers(
      ipc,
      { version: '1', queue, config, autoLaunch, testPrint: async () => {}, printDaySummary },
      (url) => isAppUrl(url, APP_ORIGIN),
    );
    const call = (url: string, value: unknown) =>
      Promise.resolve().then(() => handlers.get(IPC.printDaySummary)!({ senderFrame: { url } }, value));

    await expect(call('https://evil.example/', { report: dstSundayReport() })).rejects.toThrow(/Appel refusé/);
    await expect(
      call(`${APP_ORIGIN}/admin/reports`, { report: { ...dstSundayReport(), days: 'all' } }),
    ).rejects.toThrow(/Données refusées/);
    const tooMany = {
      ...dstSundayReport(),
      top_dishes: Array.from({ length: 11 }, () => dstSundayReport().top_dishes[0]!),
    };
    await expect(call(`${APP_ORIGIN}/admin/reports`, { report: tooMany })).rejects.toThrow(
      'Trop de plats (10 au plus).',
    );
    expect(printer.jobs).toHaveLength(0);

    await call(`${APP_ORIGIN}/admin/reports`, { report: dstSundayReport() });
    const [job] = await printer.waitForJobs(1);
    const text = decodeEscPos(job).tickets[0]!.map((l) => l.text);
    expect(text).toContain('Taux 17 %');
    expect(
      Math.max(...decodeEscPos(job).tickets[0]!.map((l) => [...l.text].length * (l.doubleHeight ? 2 : 1))),
    ).toBeLessThanOrEqual(32);
  });
});
