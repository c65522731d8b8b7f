import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { admin, anon, as, customer, failure, type AnyRow } from './db-support.js';

/**
 * The coming days (upcoming_orders): the pre-orders due on the days after the admin's day, on the Luxembourg
 * calendar, by due time, cancelled ones left out; what the owner plans the marinade from.
 */
describe.each(testDatabases())('the coming days on %s', (kind) => {
  let b: TestBackend;
  const boss = admin();

  async function order(
    name: string,
    createdAt: string,
    extra: { preorder?: [string, string]; status?: string } = {},
  ): Promise<void> {
    await b.db.query(
      `insert into public.orders (customer_name, customer_phone, delivery_method, payment_method, order_items,
         total_price, grand_total, created_at, is_preorder, preorder_date, preorder_time, status)
       values ($1, '+352621000444', 'pickup', 'cash', '[{"id":"30","name":"Poulet","quantity":2,"price":15,"options":[]}]',
         30, 30, $2, $3, $4, $5, $6)`,
      [
        name,
        createdAt,
        !!extra.preorder,
        extra.preorder?.[0] ?? null,
        extra.preorder?.[1] ?? null,
        extra.status ?? 'Bien reçu',
      ],
    );
  }

  const upcoming = async (now: string, days?: number) =>
    (
      await as(
        b,
        boss,
        async (tx) =>
          (
            await tx.query<AnyRow>(
              days === undefined
                ? `select * from public.upcoming_orders($1)`
                : `select * from public.upcoming_orders($1, $2)`,
              days === undefined ? [now] : [now, days],
            )
          ).rows,
      )
    ).map((o) => o.customer_name as string);

  beforeAll(async () => {
    b = await startTestBackend(kind);
    // Wednesday 18 November 2026 (CET): Thursday's lunch and dinner, Friday's lunch, a pre-order for the 26th
    // (eight days ahead), one cancelled, an immediate order and a pre-order for Wednesday itself.
    await order('Quinta Jantar', '2026-11-17T09:00:00Z', { preorder: ['2026-11-19', '19:30'] });
    await order('Quinta Almoco', '2026-11-18T08:00:00Z', { preorder: ['2026-11-19', '12:00'] });
    await order('Quinta Almoco Cedo', '2026-11-18T09:00:00Z', { preorder: ['2026-11-19', '11:30'] });
    await order('Sexta', '2026-11-16T09:00:00Z', { preorder: ['2026-11-20', '12:30'] });
    await order('Anulada', '2026-11-16T09:00:00Z', { preorder: ['2026-11-20', '12:30'], status: 'Annulée' });
    await order('Longe', '2026-11-16T09:00:00Z', { preorder: ['2026-11-26', '12:30'] });
    await order('Quarta Pre', '2026-11-16T09:00:00Z', { preorder: ['2026-11-18', '12:30'] });
    await order('Quarta Agora', '2026-11-18T11:00:00Z');
  });
  afterAll(async () => b?.close());

  it('lists the next days’ pre-orders by due time, not today’s, not cancelled ones, within the days asked', async () => {
    const wednesdayNoon = '2026-11-18T11:00:00Z';
    expect(await upcoming(wednesdayNoon)).toEqual(['Quinta Almoco Cedo', 'Quinta Almoco', 'Quinta Jantar', 'Sexta']);
    expect(await upcoming(wednesdayNoon, 1)).toEqual(['Quinta Almoco Cedo', 'Quinta Almoco', 'Quinta Jantar']);
    expect(await upcoming(wednesdayNoon, 8)).toEqual([
      'Quinta Almoco Cedo',
      'Quinta Almoco',
      'Quinta Jantar',
      'Sexta',
      'Longe',
    ]);
  });

  it('turns at Luxembourg midnight: at 00:30 on Thursday, Thursday is today', async () => {
    // Wednesday 23:59 in Luxembourg (22:59Z): Thursday is still ahead.
    expect(await upcoming('2026-11-18T22:59:00Z', 1)).toEqual(['Quinta Almoco Cedo', 'Quinta Almoco', 'Quinta Jantar']);
    // Thursday 00:30 in Luxembourg (23:30Z on Wednesday): Thursday is the counter's day, Friday ahead.
    expect(await upcoming('2026-11-18T23:30:00Z', 1)).toEqual(['Sexta']);
  });

  it('is for staff only, and bounded to two weeks', async () => {
    expect((await failure(as(b, anon, (tx) => tx.query(`select * from public.upcoming_orders()`))))?.code).toBe(
      '42501',
    );
    const joana = customer('customer', 'joana@example.lu');
    expect((await failure(as(b, joana, (tx) => tx.query(`select * from public.upcoming_orders()`))))?.code).toBe(
      '42501',
    );
    const tooFar = await failure(as(b, boss, (tx) => tx.query(`select * from public.upcoming_orders(now(), 15)`)));
    expect(tooFar?.detail).toBe('invalid_request');
  });
});
