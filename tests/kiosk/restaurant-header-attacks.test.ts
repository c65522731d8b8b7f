// Security pass over the kiosk calls that carry the restaurant's identity (docs/SECURITY-REVIEW.md, section 7):
// printer commands smuggled into the header, malformed and huge headers and reports, repeated calls.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerIpcHandlers, type InvokeEvent, type IpcMainLike } from '../../src/main/ipc-handlers';
import { KioskConfig } from '../../src/main/kiosk-config';
import { PrintQueue } from '../../src/main/print-queue';
import { APP_ORIGIN } from '../../src/main/renderer-files';
import { isAppUrl } from '../../src/main/security';
import { printDaySummary, printOrderTickets, printTestTicket } from '../../src/main/printer/print-service';
import { DEFAULT_PRINTER_SETTINGS, IPC } from '../../src/shared/ipc';
import { dstSundayReport } from '../fixtures/takings-report';
import { decodeEscPos } from './support/escpos-decoder';
import { FakePrinter } from './support/fake-printer';
import { linuxAutoLaunch } from './support/auto-launch';
import { sampleOrder } from './support/order';

/** Epson commands: open the drawer, cut, select code page 0, re-initialise, then CR/LF, BEL, DEL, C1. */
const COMMANDS = '\x1bp\x00\x19\xfa\x1dV\x00\x1bt\x00\x1b@\r\n\x07\x7f\x9b';
const HOSTILE = {
  name: `Chez${COMMANDS}Zé`,
  address: `3, rue${COMMANDS}L-4510 Oberkorn`,
  phone: `+352${COMMANDS}621`,
};

describe('the kiosk against a hostile restaurant header and report', () => {
  let printer: FakePrinter;
  let dir: string;
  let queue: PrintQueue;
  let call: (channel: string, value: unknown) => Promise<unknown>;

  beforeEach(async () => {
    printer = await new FakePrinter().start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiosk-header-attacks-'));
    const config = new KioskConfig(path.join(dir, 'kiosk.json'), {});
    config.setPrinter({ ...DEFAULT_PRINTER_SETTINGS, interface: printer.url, width: 42, kitchenTicket: true });
    queue = new PrintQueue({
      file: path.join(dir, 'queue.json'),
      print: (order, restaurant) => printOrderTickets(order, config.printer, restaurant),
      retryDelaysMs: [50],
    });
    const handlers = new Map<string, (event: InvokeEvent, ...args: unknown[]) => unknown>();
    const ipc: IpcMainLike = { handle: (channel, listener) => void handlers.set(channel, listener) };
    registerIpcHandlers(
      ipc,
      { version: '1', queue, config, autoLaunch: linuxAutoLaunch(dir), testPrint: printTestTicket, printDaySummary },
      (url) => isAppUrl(url, APP_ORIGIN),
    );
    call = (channel, value) =>
      Promise.resolve().then(() => handlers.get(channel)!({ senderFrame: { url: `${APP_ORIGIN}/admin` } }, value));
  });
  afterEach(async () => {
    queue.stop();
    await queue.idle();
    await printer.stop();
  });

  /** Every printed line: no control character left, the euro code page throughout. */
  const expectPlainText = (job: Buffer) => {
    const decoded = decodeEscPos(job);
    for (const line of decoded.tickets.flat()) {
      expect([...line.text].filter((ch) => ch.charCodeAt(0) < 0x20 || (ch >= '\x7f' && ch <= '\x9f'))).toEqual([]);
      expect(line.codePage).toBe(19);
    }
    expect(decoded.codePageAfterCut.every((c) => c === 19)).toBe(true);
    return decoded;
  };

  it('prints commands smuggled into the header as text on order tickets: no drawer, no extra cut', async () => {
    await call(IPC.printOrder, {
      order: sampleOrder({ payment_method: 'card' }),
      reason: 'manual',
      restaurant: HOSTILE,
    });
    const [job] = await printer.waitForJobs(1);
    const decoded = expectPlainText(job);
    // One customer copy and the kitchen ticket: two cuts; a card order opens no drawer.
    expect(decoded.cuts).toBe(2);
    expect(decoded.drawerKicks).toBe(0);
    const header = decoded.tickets[0]!.slice(0, 4)
      .map((l) => l.text)
      .join(' ');
    expect(header).toContain('Chez');
    expect(header).toContain('?');
  });

  it('does the same on the test ticket and the day summary', async () => {
    await call(IPC.testPrint, { restaurant: HOSTILE });
    await call(IPC.printDaySummary, { report: dstSundayReport(), restaurant: HOSTILE });
    const jobs = await printer.waitForJobs(2);
    for (const job of jobs) {
      const decoded = expectPlainText(job);
      expect(decoded.cuts).toBe(1);
      expect(decoded.drawerKicks).toBe(0);
    }
  });

  it('refuses headers and reports of the wrong shape or size with a French message, and prints nothing', async () => {
    for (const restaurant of [
      { ...HOSTILE, name: 'x'.repeat(100_000) },
      { ...HOSTILE, address: ['3, rue'] },
      { ...HOSTILE, phone: 352 },
      { ...HOSTILE, name: { toString: 'x' } },
      null,
    ]) {
      await expect(call(IPC.printOrder, { order: sampleOrder(), reason: 'manual', restaurant })).rejects.toThrow(
        /Données refusées|Texte trop long/,
      );
      await expect(call(IPC.testPrint, { restaurant })).rejects.toThrow(/Données refusées|Texte trop long/);
    }
    const report = dstSundayReport();
    for (const bad of [
      { ...report, from: '99999-01-01-and-more' },
      { ...report, orders: Number.NaN },
      { ...report, orders: -1 },
      { ...report, takings: { ...report.takings, total_cents: Number.POSITIVE_INFINITY } },
      { ...report, takings: { ...report.takings, total_cents: 1.5 } },
      { ...report, hours: [{ hour: 24, orders: 1, total_cents: 100 }] },
      { ...report, days: Array.from({ length: 367 }, () => ({ date: '2026-10-25', orders: 1, total_cents: 1 })) },
    ]) {
      await expect(call(IPC.printDaySummary, { report: bad }), JSON.stringify(bad).slice(0, 80)).rejects.toThrow(
        /Données refusées|Trop de jours/,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(printer.jobs).toHaveLength(0);
  });

  it('prints a report with malformed period dates as given, without failing', async () => {
    await call(IPC.printDaySummary, { report: { ...dstSundayReport(), from: '2026-13-45', to: '0000-00-00' } });
    const [job] = await printer.waitForJobs(1);
    const text = expectPlainText(job).tickets[0]!.map((l) => l.text);
    expect(text.join('\n')).toContain('Du 2026-13-45 au 0000-00-00');
  });

  it('prints one day summary at a time: repeated calls while one prints are refused', async () => {
    const calls = Array.from({ length: 5 }, () => call(IPC.printDaySummary, { report: dstSundayReport() }));
    const results = await Promise.allSettled(calls);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect(String((r as PromiseRejectedResult).reason)).toContain('Un résumé est déjà en cours d’impression.');
    await printer.waitForJobs(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(printer.jobs).toHaveLength(1);
    // Once printed, the next one goes through.
    await call(IPC.printDaySummary, { report: dstSundayReport() });
    await printer.waitForJobs(2);
  });
});
