// The ticket's header names the restaurant the admin's settings hold: the admin sends it with each print
// job, the kiosk validates it, keeps it with the queued job and prints it; the installed defaults without it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerIpcHandlers, type InvokeEvent, type IpcMainLike } from '../../src/main/ipc-handlers';
import { KioskConfig } from '../../src/main/kiosk-config';
import { PrintQueue } from '../../src/main/print-queue';
import { linuxAutoLaunch } from './support/auto-launch';
import { APP_ORIGIN } from '../../src/main/renderer-files';
import { isAppUrl } from '../../src/main/security';
import { printDaySummary, printOrderTickets, printTestTicket } from '../../src/main/printer/print-service';
import { TICKET_RESTAURANT } from '../../src/shared/domain/restaurant';
import { DEFAULT_PRINTER_SETTINGS, IPC } from '../../src/shared/ipc';
import { dstSundayReport } from '../fixtures/takings-report';
import { decodeEscPos } from './support/escpos-decoder';
import { FakePrinter } from './support/fake-printer';
import { sampleOrder } from './support/order';

const OBERKORN = { name: 'Chez Zé', address: "3, rue de l'Église, L-4510 Oberkorn", phone: '+352 621 000 111' };

describe("the restaurant in the ticket's header", () => {
  let printer: FakePrinter;
  let dir: string;
  let queue: PrintQueue;
  let call: (channel: string, value: unknown) => Promise<unknown>;

  /** The kiosk as src/main/index.ts wires it: the queue prints each job with the header it came with. */
  function startKiosk() {
    const config = new KioskConfig(path.join(dir, 'kiosk.json'), {});
    config.setPrinter({ ...DEFAULT_PRINTER_SETTINGS, interface: printer.url, width: 42, kitchenTicket: true });
    queue = new PrintQueue({
      file: path.join(dir, 'queue.json'),
      print: (order, restaurant) => printOrderTickets(order, config.printer, restaurant),
      retryDelaysMs: [50],
    });
    const handlers = new Map<string, (event: InvokeEvent, ...args: unknown[]) => unknown>();
    const ipc: IpcMainLike = { handle: (channel, listener) => void handlers.set(channel, listener) };
    const autoLaunch = linuxAutoLaunch(dir);
    registerIpcHandlers(
      ipc,
      { version: '1', queue, config, autoLaunch, testPrint: printTestTicket, printDaySummary },
      (url) => isAppUrl(url, APP_ORIGIN),
    );
    call = (channel, value) =>
      Promise.resolve().then(() => handlers.get(channel)!({ senderFrame: { url: `${APP_ORIGIN}/admin` } }, value));
  }

  beforeEach(async () => {
    printer = await new FakePrinter().start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiosk-restaurant-'));
    startKiosk();
  });
  afterEach(async () => {
    queue.stop();
    await queue.idle();
    await printer.stop();
  });

  const header = (job: Buffer) => decodeEscPos(job).tickets.map((t) => t.slice(0, 3).map((l) => l.text));

  it('prints the name, address and phone sent with the job on the customer and kitchen tickets', async () => {
    await call(IPC.printOrder, { order: sampleOrder(), reason: 'manual', restaurant: OBERKORN });
    const [job] = await printer.waitForJobs(1);
    const tickets = decodeEscPos(job).tickets;
    expect(tickets).toHaveLength(2);
    expect(header(job)[0]).toEqual(['Chez Zé', "3, rue de l'Église, L-4510 Oberkorn", 'Tél. +352 621 000 111']);
    const all = tickets.flat().map((l) => l.text);
    for (const old of [TICKET_RESTAURANT.name, TICKET_RESTAURANT.address, TICKET_RESTAURANT.phone])
      expect(all.join('\n')).not.toContain(old);
  });

  it('prints the installed defaults for a job without one (an older admin app)', async () => {
    await call(IPC.printOrder, { order: sampleOrder(), reason: 'manual' });
    const [job] = await printer.waitForJobs(1);
    const text = decodeEscPos(job).tickets[0]!.map((l) => l.text);
    // The default address is wider than the paper: it is wrapped.
    expect(text.join(' ')).toContain(TICKET_RESTAURANT.address);
    expect(text).toContain(`Tél. ${TICKET_RESTAURANT.phone}`);
  });

  it('keeps the header with a job that waits for the printer across a restart', async () => {
    const port = printer.port;
    await printer.stop();
    await call(IPC.printOrder, { order: sampleOrder(), reason: 'manual', restaurant: OBERKORN });
    await new Promise((r) => setTimeout(r, 200));
    queue.stop();
    await queue.idle();
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'queue.json'), 'utf8')).jobs[0].restaurant).toEqual(OBERKORN);

    printer = await new FakePrinter().start(port);
    startKiosk();
    queue.start();
    const [job] = await printer.waitForJobs(1);
    expect(header(job)[0]).toEqual(['Chez Zé', "3, rue de l'Église, L-4510 Oberkorn", 'Tél. +352 621 000 111']);
  });

  it('prints it on the day summary too', async () => {
    await call(IPC.printDaySummary, { report: dstSundayReport(), restaurant: OBERKORN });
    const [job] = await printer.waitForJobs(1);
    const text = decodeEscPos(job).tickets[0]!.map((l) => l.text);
    expect(text).toContain('Chez Zé');
    expect(text).toContain("3, rue de l'Église, L-4510 Oberkorn");
    expect(text.join('\n')).not.toContain(TICKET_RESTAURANT.address);
  });

  it('heads the test ticket with it, and with the installed name without one', async () => {
    await call(IPC.testPrint, { restaurant: OBERKORN });
    await call(IPC.testPrint, undefined);
    const [withIdentity, without] = await printer.waitForJobs(2);
    expect(decodeEscPos(withIdentity!).tickets[0]![0]!.text).toBe('Chez Zé');
    expect(
      decodeEscPos(without!)
        .tickets[0]!.map((l) => l.text)
        .join(' '),
    ).toContain(TICKET_RESTAURANT.name);
    await expect(call(IPC.testPrint, { restaurant: { ...OBERKORN, name: '' } })).rejects.toThrow(
      'Nom du restaurant manquant.',
    );
  });

  it('refuses a header that is empty, too long or carries other fields, and prints nothing', async () => {
    const order = sampleOrder();
    for (const [restaurant, message] of [
      [{ ...OBERKORN, name: '   ' }, 'Nom du restaurant manquant.'],
      [{ ...OBERKORN, name: 'x'.repeat(121) }, 'Texte trop long (120 caractères au plus).'],
      [{ ...OBERKORN, address: 'x'.repeat(271) }, 'Texte trop long (270 caractères au plus).'],
      [{ ...OBERKORN, phone: '' }, 'Téléphone du restaurant manquant.'],
      [{ ...OBERKORN, phone: '1'.repeat(41) }, 'Texte trop long (40 caractères au plus).'],
      [{ name: 'Chez Zé', address: 'Oberkorn' }, 'restaurant.phone'],
      [{ ...OBERKORN, vat: 'LU1' }, 'restaurant'],
      ['Chez Zé', 'restaurant'],
    ] as const) {
      await expect(
        call(IPC.printOrder, { order, reason: 'manual', restaurant }),
        JSON.stringify(restaurant),
      ).rejects.toThrow(message);
      await expect(call(IPC.printDaySummary, { report: dstSundayReport(), restaurant })).rejects.toThrow(
        /Données refusées/,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(printer.jobs).toHaveLength(0);
    expect(queue.status().pending).toBe(0);
  });
});
