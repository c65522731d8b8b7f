import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PrintQueue } from '../../src/main/print-queue';
import { sendToPrinter } from '../../src/main/printer/transport';
import type { Order } from '../../src/shared/domain/order';
import { FakePrinter } from './support/fake-printer';
import { sampleOrder } from './support/order';

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const tmpFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'queue-')), 'print-queue.json');

/** Prints the order id as the ticket, over real TCP, so the fake printer's jobs name the orders. */
const printTo = (printer: FakePrinter) => (order: Order) =>
  sendToPrinter(printer.url, Buffer.from(order.id), { statusWaitMs: 50, timeoutMs: 1000 });

describe('the kiosk print queue', () => {
  const queues: PrintQueue[] = [];
  const printers: FakePrinter[] = [];
  afterEach(async () => {
    for (const q of queues.splice(0)) q.stop();
    for (const p of printers.splice(0)) await p.stop();
  });
  const newQueue = (file: string, printer: FakePrinter, retryDelaysMs = [50]) => {
    const q = new PrintQueue({ file, print: printTo(printer), retryDelaysMs, now: () => new Date() });
    queues.push(q);
    return q;
  };
  const newPrinter = async (port = 0) => {
    const p = await new FakePrinter().start(port);
    printers.push(p);
    return p;
  };

  it('prints each order automatically once, however often it is offered', async () => {
    const printer = await newPrinter();
    const q = newQueue(tmpFile(), printer);
    const order = sampleOrder({ created_at: new Date(Date.now() + 1000).toISOString() });
    expect(q.enqueue(order, 'auto').queued).toBe(true);
    expect(q.enqueue(order, 'auto').queued).toBe(false);
    await q.idle();
    expect(q.enqueue(order, 'auto').queued).toBe(false);
    await printer.waitForJobs(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(printer.jobs.map(String)).toEqual([order.id]);
    expect(q.isPrinted(order.id)).toBe(true);
  });

  it('reprints on demand', async () => {
    const printer = await newPrinter();
    const q = newQueue(tmpFile(), printer);
    const order = sampleOrder({ created_at: new Date(Date.now() + 1000).toISOString() });
    q.enqueue(order, 'auto');
    await q.idle();
    expect(q.enqueue(order, 'manual').queued).toBe(true);
    await printer.waitForJobs(2);
    expect(printer.jobs.map(String)).toEqual([order.id, order.id]);
  });

  it('keeps a ticket while the printer is off, shows the error, and prints it once when it is back', async () => {
    const printer = await newPrinter();
    const port = printer.port;
    await printer.stop();
    const q = newQueue(tmpFile(), printer, [100]);
    const order = sampleOrder({ created_at: new Date(Date.now() + 1000).toISOString() });
    q.enqueue(order, 'auto');
    // Between two tries the job is 'failed'; during a try it is 'printing': wait for a failed one after the second try.
    await until(() => q.status().jobs[0]?.attempts >= 2 && q.status().jobs[0]?.state === 'failed');
    const status = q.status();
    expect(status.online).toBe(false);
    expect(status.lastError).toMatch(/injoignable/);
    expect(status.jobs[0]).toMatchObject({ orderId: order.id, state: 'failed' });
    expect(status.jobs[0].attempts).toBeGreaterThanOrEqual(2);

    const back = await newPrinter(port);
    await back.waitForJobs(1);
    await until(() => q.status().pending === 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(back.jobs.map(String)).toEqual([order.id]);
    expect(q.status()).toMatchObject({ online: true, lastError: null, pending: 0 });
  });

  it('across a restart prints no order twice and misses none', async () => {
    const file = tmpFile();
    const printer = await newPrinter();
    const first = newQueue(file, printer);
    const soon = (ms: number) => new Date(Date.now() + ms).toISOString();
    const orders = [
      sampleOrder({ created_at: soon(1000) }),
      sampleOrder({ created_at: soon(1001) }),
      sampleOrder({ created_at: soon(1002) }),
    ];
    first.enqueue(orders[0], 'auto');
    first.enqueue(orders[1], 'auto');
    await first.idle();
    first.stop();

    // The kiosk restarts; on start it catches up with every order of the day, old and new.
    const second = newQueue(file, printer);
    second.start();
    for (const o of orders) second.enqueue(o, 'auto');
    await second.idle();
    await printer.waitForJobs(3);
    await new Promise((r) => setTimeout(r, 200));
    expect(printer.jobs.map(String).sort()).toEqual(orders.map((o) => o.id).sort());
  });

  it('resumes a job that was waiting for the printer when the kiosk stopped', async () => {
    const file = tmpFile();
    const printer = await newPrinter();
    const port = printer.port;
    await printer.stop();
    const first = newQueue(file, printer, [60_000]);
    const order = sampleOrder({ created_at: new Date(Date.now() + 1000).toISOString() });
    first.enqueue(order, 'auto');
    await new Promise((r) => setTimeout(r, 200));
    first.stop();
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).jobs).toHaveLength(1);

    const back = await newPrinter(port);
    const second = newQueue(file, back);
    second.start();
    await back.waitForJobs(1);
    await second.idle();
    expect(second.enqueue(order, 'auto').queued).toBe(false);
    expect(back.jobs.map(String)).toEqual([order.id]);
  });

  it('does not print the history of the day the kiosk is installed', async () => {
    const printer = await newPrinter();
    const q = newQueue(tmpFile(), printer);
    const old = sampleOrder({ created_at: new Date(Date.now() - 3600_000).toISOString() });
    expect(q.enqueue(old, 'auto').queued).toBe(false);
    expect(q.enqueue(old, 'manual').queued).toBe(true);
  });
});
