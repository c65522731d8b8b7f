import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { admin, anon, as, customer, failure, type AnyRow } from './db-support.js';

/**
 * The counter's day (day_orders): what the kitchen makes on a Luxembourg day is the immediate orders placed
 * that day and the pre-orders due that day, by due time; pre-orders placed that day for later come after.
 * The day is taken from the clock the caller gives (the browser's), across midnight and the clock changes.
 */
describe.each(testDatabases())('the counter day on %s', (kind) => {
  let b: TestBackend;
  const boss = admin();
  const ids: Record<string, string> = {};

  async function order(
    name: string,
    createdAt: string,
    extra: { preorder?: [string, string]; readyAt?: string; status?: string } = {},
  ): Promise<void> {
    const { rows } = await b.db.query<{ id: string }>(
      `insert into public.orders (customer_name, customer_phone, delivery_method, payment_method, order_items,
         total_price, grand_total, created_at, is_preorder, preorder_date, preorder_time, ready_at, status)
       values ($1, '+352621000333', 'pickup', 'cash', '[{"id":"30","name":"Poulet","quantity":1,"price":15,"options":[]}]',
         15, 15, $2, $3, $4, $5, $6, $7) returning id`,
      [
        name,
        createdAt,
        !!extra.preorder,
        extra.preorder?.[0] ?? null,
        extra.preorder?.[1] ?? null,
        extra.readyAt ?? null,
        extra.status ?? 'Bien reçu',
      ],
    );
    ids[name] = rows[0]!.id;
  }

  const day = async (now: string) =>
    (await as(b, boss, async (tx) => (await tx.query<AnyRow>(`select * from public.day_orders($1)`, [now])).rows)).map(
      (o) => o.customer_name as string,
    );

  beforeAll(async () => {
    b = await startTestBackend(kind);
    // Wednesday 18 November 2026 (CET, UTC+1): a pre-order for Thursday 12:30 accepted in the morning, an
    // immediate order at noon; on Thursday an immediate order ready at 12:45, after the pre-order's 12:30.
    await order('Pre Quinta', '2026-11-18T09:00:00Z', {
      preorder: ['2026-11-19', '12:30'],
      readyAt: '2026-11-19T11:30:00Z',
    });
    await order('Quarta Meio-Dia', '2026-11-18T11:00:00Z', { readyAt: '2026-11-18T11:30:00Z' });
    await order('Quinta Cedo', '2026-11-19T10:30:00Z', { readyAt: '2026-11-19T11:45:00Z' });
    await order('Quinta Espera', '2026-11-19T11:10:00Z', { status: 'En attente' });
    // Sunday 29 March 2026 the clocks go from 02:00 to 03:00: the day runs 23:00Z (Saturday) to 22:00Z.
    await order('Domingo Tarde', '2026-03-29T21:30:00Z');
    await order('Segunda Meia-Noite', '2026-03-29T22:30:00Z');
    await order('Pre Domingo', '2026-03-27T10:00:00Z', { preorder: ['2026-03-29', '12:30'] });
    // Sunday 25 October 2026 the clocks go back from 03:00 to 02:00: the day runs 22:00Z (Saturday) to 23:00Z.
    await order('Outubro Noite', '2026-10-25T22:30:00Z');
    await order('Outubro Sabado', '2026-10-24T21:30:00Z');
  });
  afterAll(async () => b?.close());

  it('shows a pre-order on its due day, among that day’s orders by due time, from the first minute of the day', async () => {
    // Wednesday 23:59: the day's own order, then the pre-order taken today for tomorrow.
    expect(await day('2026-11-18T22:59:00Z')).toEqual(['Quarta Meio-Dia', 'Pre Quinta']);
    // Thursday 00:01: the pre-order is what the kitchen makes today; Wednesday's order is gone.
    expect(await day('2026-11-18T23:01:00Z')).toEqual(['Quinta Espera', 'Pre Quinta', 'Quinta Cedo']);
    // Thursday afternoon: by due time: the order still waiting by when it came in (12:10), the 12:30 slot, 12:45 ready.
    expect(await day('2026-11-19T14:00:00Z')).toEqual(['Quinta Espera', 'Pre Quinta', 'Quinta Cedo']);
  });

  it('cuts the day at Luxembourg midnight across both clock changes', async () => {
    // Sunday 29 March 23:59 CEST (21:59Z): 22:30Z is already Monday there, though only 23:30 in winter time.
    expect(await day('2026-03-29T21:59:00Z')).toEqual(['Pre Domingo', 'Domingo Tarde']);
    expect(await day('2026-03-29T22:01:00Z')).toEqual(['Segunda Meia-Noite']);
    // Saturday 28 March 23:30 CET: Sunday's pre-order is not due yet.
    expect(await day('2026-03-28T22:30:00Z')).toEqual([]);
    // Sunday 25 October: 22:30Z is 23:30 CET, still Sunday (in summer time it would be Monday).
    expect(await day('2026-10-25T12:00:00Z')).toEqual(['Outubro Noite']);
    // Saturday 24 October 23:30 CEST (21:30Z) is Saturday's.
    expect(await day('2026-10-24T21:45:00Z')).toEqual(['Outubro Sabado']);
  });

  it('is for staff only', async () => {
    const refused = await failure(as(b, anon, (tx) => tx.query(`select * from public.day_orders()`)));
    expect(refused?.code).toBe('42501');
    const joana = customer('customer', 'joana@example.lu');
    const alsoRefused = await failure(as(b, joana, (tx) => tx.query(`select * from public.day_orders()`)));
    expect(alsoRefused?.code).toBe('42501');
  });
});
