import { beforeEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EventEmitter } from 'node:events';
import {
  registerIpcHandlers,
  registerSetupHandler,
  type InvokeEvent,
  type IpcMainLike,
} from '../../src/main/ipc-handlers';
import { KioskConfig } from '../../src/main/kiosk-config';
import { PrintQueue } from '../../src/main/print-queue';
import { linuxAutoLaunch } from './support/auto-launch';
import { DocumentUrls, isAppUrl } from '../../src/main/security';
import { APP_ORIGIN } from '../../src/main/renderer-files';
import { DEFAULT_PRINTER_SETTINGS, IPC } from '../../src/shared/ipc';
import { sampleOrder } from './support/order';

/** Stands in for ipcMain: keeps the handlers and invokes them like Electron does. */
class FakeIpcMain implements IpcMainLike {
  handlers = new Map<string, (event: InvokeEvent, ...args: unknown[]) => unknown>();
  handle(channel: string, listener: (event: InvokeEvent, ...args: unknown[]) => unknown) {
    this.handlers.set(channel, listener);
  }
  async invoke(channel: string, senderUrl: string | null, ...args: unknown[]) {
    return this.invokeFrom(undefined, channel, senderUrl, ...args);
  }
  async invokeFrom(sender: object | undefined, channel: string, senderUrl: string | null, ...args: unknown[]) {
    const h = this.handlers.get(channel);
    if (!h) throw new Error(`no handler for ${channel}`);
    return h({ senderFrame: senderUrl === null ? null : { url: senderUrl }, sender }, ...args);
  }
}

const APP = `${APP_ORIGIN}/admin/dashboard`;

describe('kiosk IPC handlers', () => {
  let ipc: FakeIpcMain;
  let printed: string[];
  let config: KioskConfig;
  let dir: string;
  let testPrints: (() => void)[];
  let beats: unknown[];

  beforeEach(() => {
    testPrints = [];
    beats = [];
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiosk-'));
    ipc = new FakeIpcMain();
    printed = [];
    config = new KioskConfig(path.join(dir, 'kiosk.json'), {});
    const queue = new PrintQueue({ file: path.join(dir, 'queue.json'), print: async (o) => void printed.push(o.id) });
    const autoLaunch = linuxAutoLaunch(dir);
    registerIpcHandlers(
      ipc,
      {
        version: '1.2.3',
        queue,
        config,
        autoLaunch,
        testPrint: () => new Promise<void>((r) => testPrints.push(r)),
        onHeartbeat: (b) => void beats.push(b),
      },
      (url) => isAppUrl(url, APP_ORIGIN),
    );
  });

  it('answers the app itself', async () => {
    expect(await ipc.invoke(IPC.getVersion, APP)).toBe('1.2.3');
    expect(await ipc.invoke(IPC.getPrinterSettings, APP)).toEqual(DEFAULT_PRINTER_SETTINGS);
    expect(await ipc.invoke(IPC.setAutoLaunch, APP, true)).toBe(true);
    expect(fs.existsSync(path.join(dir, 'autostart', 'kiosque.desktop'))).toBe(true);
  });

  it.each([
    ['a web page', 'https://evil.example/admin'],
    ['a file', 'file:///etc/passwd'],
    ['a look-alike origin', 'app://kiosk.evil/admin'],
    ['no frame', null],
  ])('refuses a call from %s', async (_label, sender) => {
    for (const channel of Object.values(IPC).filter((c) => c !== IPC.printerStatusEvent && c !== IPC.saveConnection)) {
      await expect(ipc.invoke(channel, sender, undefined)).rejects.toThrow(/Appel refusé/);
    }
  });

  it('refuses bad printer settings and keeps the old ones', async () => {
    const bad = [
      { ...DEFAULT_PRINTER_SETTINGS, width: 40 },
      { ...DEFAULT_PRINTER_SETTINGS, type: 'zebra' },
      { ...DEFAULT_PRINTER_SETTINGS, interface: 'http://printer' },
      { ...DEFAULT_PRINTER_SETTINGS, interface: 'tcp://10.0.0.5:9100; rm -rf /' },
      { ...DEFAULT_PRINTER_SETTINGS, copies: 0 },
      { ...DEFAULT_PRINTER_SETTINGS, interface: 'tcp://8.8.8.8:9100' },
      { ...DEFAULT_PRINTER_SETTINGS, interface: 'tcp://192.169.1.5:9100' },
      { ...DEFAULT_PRINTER_SETTINGS, interface: 'tcp://172.32.0.1' },
      { ...DEFAULT_PRINTER_SETTINGS, interface: 'tcp://0.0.0.0:9100' },
      { ...DEFAULT_PRINTER_SETTINGS, interface: 'tcp://10.0.0.300:9100' },
      { ...DEFAULT_PRINTER_SETTINGS, interface: 'tcp://192.168.1.5:0' },
      { ...DEFAULT_PRINTER_SETTINGS, interface: 'tcp://192.168.1.5:70000' },
      { ...DEFAULT_PRINTER_SETTINGS, interface: '/dev/../home/kiosk/.bashrc' },
      { ...DEFAULT_PRINTER_SETTINGS, interface: '/dev/usb/../../etc/cron.d/x' },
      { ...DEFAULT_PRINTER_SETTINGS, interface: '/dev/shm/ticket' },
      { ...DEFAULT_PRINTER_SETTINGS, interface: '/dev/sda' },
      { ...DEFAULT_PRINTER_SETTINGS, interface: '\\\\evil.example.com\\share' },
      { ...DEFAULT_PRINTER_SETTINGS, interface: '\\\\evil.example.com@SSL@443\\share' },
      { ...DEFAULT_PRINTER_SETTINGS, interface: '\\\\8.8.8.8\\share' },
      { ...DEFAULT_PRINTER_SETTINGS, interface: '\\\\134744072\\share' },
      { ...DEFAULT_PRINTER_SETTINGS, interface: '\\\\PC\\..' },
      { ...DEFAULT_PRINTER_SETTINGS, interface: 'x'.repeat(100_000) },
      'tcp://10.0.0.5',
      null,
    ];
    for (const value of bad)
      await expect(ipc.invoke(IPC.setPrinterSettings, APP, value)).rejects.toThrow(/Données refusées/);
    expect(config.printer).toEqual(DEFAULT_PRINTER_SETTINGS);
    await expect(
      ipc.invoke(IPC.setPrinterSettings, APP, { ...DEFAULT_PRINTER_SETTINGS, interface: 'tcp://8.8.8.8:9100' }),
    ).rejects.toThrow('L’imprimante doit être sur le réseau local');
    await expect(
      ipc.invoke(IPC.setPrinterSettings, APP, { ...DEFAULT_PRINTER_SETTINGS, interface: '/dev/../etc/passwd' }),
    ).rejects.toThrow('Adresse inconnue');
    for (const ok of [
      'tcp://10.1.2.3:9100',
      'tcp://172.16.0.9',
      'tcp://169.254.10.20:9101',
      'tcp://127.0.0.1:9100',
      'tcp://epson-tm.local:9100',
      '/dev/usb/lp0',
      '/dev/ttyUSB1',
      '/dev/cu.usbserial-1420',
      'COM3',
      '\\\\CAIXA\\EPSON TM-T20',
      '\\\\192.168.1.20\\Ticket',
    ]) {
      expect(
        await ipc.invoke(IPC.setPrinterSettings, APP, { ...DEFAULT_PRINTER_SETTINGS, interface: ok }),
        ok,
      ).toMatchObject({ interface: ok });
    }
    const good = { ...DEFAULT_PRINTER_SETTINGS, interface: 'tcp://192.168.1.50:9100', width: 32, kitchenTicket: true };
    expect(await ipc.invoke(IPC.setPrinterSettings, APP, good)).toEqual(good);
    expect(new KioskConfig(path.join(dir, 'kiosk.json'), {}).printer).toEqual(good);
  });

  it('refuses a print request that is not an order', async () => {
    const order = sampleOrder({ created_at: new Date(Date.now() + 1000).toISOString() });
    await expect(ipc.invoke(IPC.printOrder, APP, { order: { id: 'x' }, reason: 'auto' })).rejects.toThrow(
      /Données refusées/,
    );
    await expect(ipc.invoke(IPC.printOrder, APP, { order, reason: 'sometimes' })).rejects.toThrow(/Données refusées/);
    await expect(
      ipc.invoke(IPC.printOrder, APP, { order: { ...order, order_items: 'lots' }, reason: 'manual' }),
    ).rejects.toThrow(/Données refusées/);
    expect(await ipc.invoke(IPC.printOrder, APP, { order, reason: 'auto' })).toMatchObject({ queued: true });
    await new Promise((r) => setTimeout(r, 50));
    expect(printed).toEqual([order.id]);
    expect(await ipc.invoke(IPC.getPrintedOrderIds, APP)).toEqual([order.id]);
  });

  it('retries the waiting tickets on demand without adding one', async () => {
    expect(await ipc.invoke(IPC.retryPrinting, APP)).toBeUndefined();
    expect(printed).toEqual([]);
  });

  it('skips automatic printing when it is switched off, but still prints on demand', async () => {
    await ipc.invoke(IPC.setPrinterSettings, APP, { ...DEFAULT_PRINTER_SETTINGS, autoPrint: false });
    const order = sampleOrder({ created_at: new Date(Date.now() + 1000).toISOString() });
    expect(await ipc.invoke(IPC.printOrder, APP, { order, reason: 'auto' })).toMatchObject({ queued: false });
    expect(await ipc.invoke(IPC.printOrder, APP, { order, reason: 'manual' })).toMatchObject({ queued: true });
  });

  it('refuses an order too big to print and still prints a real one', async () => {
    const order = sampleOrder({ created_at: new Date(Date.now() + 1000).toISOString() });
    const line = order.order_items[0];
    const huge = [
      { ...order, order_items: Array.from({ length: 101 }, () => line) },
      {
        ...order,
        order_items: [{ ...line, options: Array.from({ length: 31 }, () => ({ id: 'x', name: 'Frites', price: 0 })) }],
      },
      {
        ...order,
        order_items: [
          { ...line, options: Array.from({ length: 20_000 }, () => ({ id: 'x', name: 'Frites', price: 0 })) },
        ],
      },
      { ...order, notes: 'x'.repeat(4001) },
      { ...order, customer_name: 'x'.repeat(1_000_000) },
      { ...order, order_items: [{ ...line, quantity: 1e9 }] },
      { ...order, order_items: [{ ...line, price: 1e300 }] },
      { ...order, grand_total: Infinity },
      { ...order, grand_total: '1e400' },
      { ...order, created_at: 'pas une date' },
      { ...order, id: '' },
    ];
    for (const value of huge)
      await expect(ipc.invoke(IPC.printOrder, APP, { order: value, reason: 'manual' })).rejects.toThrow(
        /Données refusées/,
      );
    await expect(
      ipc.invoke(IPC.printOrder, APP, { order: { ...order, notes: 'x'.repeat(4001) }, reason: 'manual' }),
    ).rejects.toThrow('notes – Texte trop long (4000 caractères au plus).');
    const big = {
      ...order,
      notes: 'x'.repeat(2000),
      order_items: Array.from({ length: 50 }, () => ({
        ...line,
        options: Array.from({ length: 10 }, () => ({ id: 'o', name: 'Frites', price: 0 })),
      })),
    };
    expect(await ipc.invoke(IPC.printOrder, APP, { order: big, reason: 'manual' })).toMatchObject({ queued: true });
  });

  it('keeps at most the configured number of tickets waiting', async () => {
    const queue = new PrintQueue({
      file: path.join(dir, 'small.json'),
      print: () => new Promise<void>(() => {}),
      maxPending: 3,
    });
    for (let i = 0; i < 3; i++) queue.enqueue(sampleOrder(), 'manual');
    expect(() => queue.enqueue(sampleOrder(), 'manual')).toThrow('Trop de tickets en attente (3)');
    expect(queue.status().pending).toBe(3);
  });

  it('runs one test print at a time', async () => {
    const first = ipc.invoke(IPC.testPrint, APP);
    await expect(ipc.invoke(IPC.testPrint, APP)).rejects.toThrow('Un test d’impression est déjà en cours.');
    testPrints.shift()!();
    await first;
    const again = ipc.invoke(IPC.testPrint, APP);
    testPrints.shift()!();
    await again;
  });

  it('lets only a document loaded from the setup page change the server, not a page that took its address', async () => {
    const setupIpc = new FakeIpcMain();
    const documents = new DocumentUrls();
    const saved: unknown[] = [];
    const SETUP = `${APP_ORIGIN}/setup`;
    registerSetupHandler(
      setupIpc,
      SETUP,
      (sender) => documents.of(sender),
      (v) => void saved.push(v),
    );
    const admin = new EventEmitter();
    const setup = new EventEmitter();
    documents.track(admin);
    documents.track(setup);
    admin.emit('did-navigate', {}, APP);
    setup.emit('did-navigate', {}, SETUP);
    const evil = { supabaseUrl: 'https://evil.example', supabaseAnonKey: 'a.b.c' };
    // The admin page after history.pushState('/setup'): its frame says /setup, its document does not.
    await expect(setupIpc.invokeFrom(admin, IPC.saveConnection, SETUP, evil)).rejects.toThrow('Appel refusé');
    await expect(setupIpc.invokeFrom(setup, IPC.saveConnection, APP, evil)).rejects.toThrow('Appel refusé');
    await expect(setupIpc.invokeFrom(undefined, IPC.saveConnection, SETUP, evil)).rejects.toThrow('Appel refusé');
    expect(saved).toEqual([]);
    expect(await setupIpc.invokeFrom(setup, IPC.saveConnection, SETUP, evil)).toBe(true);
    expect(saved).toEqual([evil]);
  });

  it('passes a well-formed heartbeat to the watchdog and refuses anything else', async () => {
    const beat = { signedIn: true, realtimeJoined: true, online: true, unacceptedOrders: 3 };
    expect(await ipc.invoke(IPC.heartbeat, APP, beat)).toBeUndefined();
    for (const bad of [
      null,
      'alive',
      {},
      { ...beat, unacceptedOrders: -1 },
      { ...beat, unacceptedOrders: 1.5 },
      { ...beat, unacceptedOrders: 1e9 },
      { ...beat, signedIn: 'yes' },
      { ...beat, extra: 'x'.repeat(100_000) },
      { ...beat, unacceptedOrders: '3' },
    ])
      await expect(ipc.invoke(IPC.heartbeat, APP, bad)).rejects.toThrow(/Données refusées/);
    await expect(ipc.invoke(IPC.heartbeat, 'https://evil.example/', beat)).rejects.toThrow(/Appel refusé/);
    expect(beats).toEqual([beat]);
  });
});
