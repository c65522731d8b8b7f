import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PrintQueue, type PrintSlip } from '../../src/main/print-queue';
import { renderPreorderSlip } from '../../src/main/printer/escpos';
import { DEFAULT_PRINTER_SETTINGS } from '../../src/shared/ipc';
import { printerSettingsSchema } from '../../src/shared/ipc-schemas';
import { decodeEscPos } from './support/escpos-decoder';
import { sampleOrder } from './support/order';

const tmpFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'preorder-')), 'print-queue.json');

/**
 * A pre-order's tickets print on its day, a set time before it is due (the kiosk's setting, 45 min by default),
 * once; a slip saying it was received prints at acceptance when the setting asks for one. The kiosk's clock is the
 * test's (fake timers: the queue wakes itself for a held ticket).
 */
describe('the kiosk prints a pre-order on its day', () => {
  const queues: PrintQueue[] = [];
  let printed: { id: string; slip: PrintSlip; at: string }[];
  let names: string[];
  let settings: { leadMinutes: number; acknowledge: boolean };
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    printed = [];
    names = [];
    settings = { leadMinutes: 45, acknowledge: false };
  });
  afterEach(() => {
    for (const q of queues.splice(0)) q.stop();
    vi.useRealTimers();
  });
  const newQueue = (file: string) => {
    const q = new PrintQueue({
      file,
      print: async (order, _restaurant, slip = 'tickets') => {
        printed.push({ id: order.id, slip, at: new Date().toISOString() });
        names.push(order.customer_name);
      },
      preorders: () => settings,
    });
    queues.push(q);
    q.start();
    return q;
  };
  const at = async (iso: string) => {
    const ms = Date.parse(iso) - Date.now();
    if (ms > 0) await vi.advanceTimersByTimeAsync(ms);
  };
  const tickets = () => printed.filter((p) => p.slip === 'tickets');

  it('holds tomorrow’s pre-order past midnight and prints it 45 min before it is due, exactly once', async () => {
    // Wednesday 18 November 2026, 10:00 in Luxembourg: a pre-order for Thursday 12:30 (11:30Z) comes in.
    vi.setSystemTime(new Date('2026-11-18T09:00:00Z'));
    const file = tmpFile();
    const q = newQueue(file);
    const order = sampleOrder({
      created_at: new Date().toISOString(),
      is_preorder: true,
      preorder_date: '2026-11-19',
      preorder_time: '12:30:00',
    });
    expect(q.enqueue(order, 'auto').queued).toBe(true);
    await q.idle();
    expect(printed).toEqual([]);
    expect(q.scheduledAt(order.id)).toBe('2026-11-19T10:45:00.000Z');
    // Held, it is not a ticket the printer owes: nothing pending.
    expect(q.status().pending).toBe(0);
    // Offered again by the poll and after a restart of the kiosk the same evening: still held, still one.
    expect(q.enqueue(order, 'auto').queued).toBe(false);
    q.stop();
    await at('2026-11-18T23:30:00Z');
    const again = newQueue(file);
    expect(again.enqueue(order, 'auto').queued).toBe(false);
    // Thursday, 11:44: not yet. 11:45: it prints by itself.
    await at('2026-11-19T10:44:00Z');
    expect(printed).toEqual([]);
    await at('2026-11-19T10:46:00Z');
    expect(tickets()).toEqual([{ id: order.id, slip: 'tickets', at: expect.stringMatching(/^2026-11-19T10:45/) }]);
    expect(again.isPrinted(order.id)).toBe(true);
    expect(again.enqueue(order, 'auto').queued).toBe(false);
    await at('2026-11-19T14:00:00Z');
    expect(tickets()).toHaveLength(1);
  });

  it('takes the lead from the settings and the due time on the summer clock', async () => {
    // Saturday 28 March: a pre-order for Sunday 29 March 12:30, after the clocks went forward (10:30Z).
    vi.setSystemTime(new Date('2026-03-28T12:00:00Z'));
    settings = { leadMinutes: 60, acknowledge: false };
    const q = newQueue(tmpFile());
    const order = sampleOrder({
      created_at: new Date().toISOString(),
      is_preorder: true,
      preorder_date: '2026-03-29',
      preorder_time: '12:30',
    });
    q.enqueue(order, 'auto');
    await at('2026-03-29T09:29:00Z');
    expect(printed).toEqual([]);
    await at('2026-03-29T09:31:00Z');
    expect(tickets().map((p) => p.id)).toEqual([order.id]);
  });

  it('prints at once a pre-order already inside its lead, and an immediate order as ever', async () => {
    vi.setSystemTime(new Date('2026-11-19T11:00:00Z'));
    const q = newQueue(tmpFile());
    const soon = sampleOrder({
      created_at: new Date().toISOString(),
      is_preorder: true,
      preorder_date: '2026-11-19',
      preorder_time: '12:30',
    });
    const now = sampleOrder({ created_at: new Date().toISOString() });
    q.enqueue(soon, 'auto');
    q.enqueue(now, 'auto');
    await q.idle();
    expect(tickets().map((p) => p.id)).toEqual([soon.id, now.id]);
  });

  it('prints the receipt slip at once when the owner wants one, and the tickets on the day', async () => {
    vi.setSystemTime(new Date('2026-11-18T09:00:00Z'));
    settings = { leadMinutes: 45, acknowledge: true };
    const q = newQueue(tmpFile());
    const order = sampleOrder({
      created_at: new Date().toISOString(),
      is_preorder: true,
      preorder_date: '2026-11-19',
      preorder_time: '12:30',
    });
    q.enqueue(order, 'auto');
    q.enqueue(order, 'auto');
    await q.idle();
    expect(printed.map((p) => p.slip)).toEqual(['acknowledgement']);
    // The slip is not the order's ticket: the order is not marked printed for it.
    expect(q.isPrinted(order.id)).toBe(false);
    expect(q.status().jobs).toEqual([]);
    await at('2026-11-19T10:46:00Z');
    expect(printed.map((p) => p.slip)).toEqual(['acknowledgement', 'tickets']);
  });

  it('drops a held pre-order refused meanwhile, and prints a changed one as it now is', async () => {
    vi.setSystemTime(new Date('2026-11-18T09:00:00Z'));
    const q = newQueue(tmpFile());
    const base = { created_at: new Date().toISOString(), is_preorder: true, preorder_date: '2026-11-19' };
    const refused = sampleOrder({ ...base, preorder_time: '12:30' });
    const changed = sampleOrder({ ...base, preorder_time: '13:00', customer_name: 'Ana' });
    q.enqueue(refused, 'auto');
    q.enqueue(changed, 'auto');
    // The day's reads hand them again: one was refused, the other's name was corrected.
    q.enqueue({ ...refused, status: 'Annulée' }, 'auto');
    q.enqueue({ ...changed, customer_name: 'Ana Sousa' }, 'auto');
    // A refused order the kiosk never held is never printed automatically either.
    expect(q.enqueue(sampleOrder({ created_at: new Date().toISOString(), status: 'Annulée' }), 'auto').queued).toBe(
      false,
    );
    await at('2026-11-19T14:00:00Z');
    expect(tickets().map((p) => p.id)).toEqual([changed.id]);
    expect(names).toEqual(['Ana Sousa']);
    expect(q.isPrinted(refused.id)).toBe(false);
  });

  it('lays the slip out with the due time and when the tickets will print', () => {
    const order = sampleOrder({ is_preorder: true, preorder_date: '2026-11-19', preorder_time: '12:30' });
    const lines = decodeEscPos(
      renderPreorderSlip(order, { ...DEFAULT_PRINTER_SETTINGS, preorderLeadMinutes: 45 }),
    ).tickets[0]!.map((l) => l.text);
    expect(lines.join('\n')).toContain('PRÉ-COMMANDE REÇUE');
    expect(lines.join('\n')).toContain('à 12:30 (19/11/2026)');
    expect(lines.join('\n')).toContain('Tickets de cuisine le 19/11/2026 11:45');
  });

  it('reads the settings of older kiosks with the defaults: 45 min, no slip', () => {
    const { preorderLeadMinutes: _lead, preorderAcknowledgement: _slip, ...older } = DEFAULT_PRINTER_SETTINGS;
    expect(printerSettingsSchema.parse(older)).toMatchObject({
      preorderLeadMinutes: 45,
      preorderAcknowledgement: false,
    });
    expect(printerSettingsSchema.safeParse({ ...DEFAULT_PRINTER_SETTINGS, preorderLeadMinutes: 600 }).success).toBe(
      false,
    );
  });
});
