import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { signUp, type AnyRow } from './db-support.js';

/**
 * The takings report against cases computed by hand (docs/REPORTS.md). Sunday 25 October 2026 is
 * the end of summer time in Luxembourg: 03:00 CEST becomes 02:00 CET, the day has 25 hours and
 * 02:30 happens twice. The day runs from 24 Oct 22:00Z (CEST midnight) to 25 Oct 23:00Z (CET midnight).
 */
interface Line {
  id: string;
  name: string;
  quantity: number;
  price: number;
  options?: { id: string; name: string; price: number }[];
}
interface Row {
  at: string;
  status: string;
  method: 'pickup' | 'delivery';
  payment: 'cash' | 'card';
  lines: Line[];
  fee?: number;
  discount?: number;
  preorder?: [string, string];
}

const chicken = (quantity = 1): Line => ({ id: '32', name: 'Poulet entier grillé', quantity, price: 15 });
const beer = (quantity = 1): Line => ({ id: 'bo-9', name: 'Super Bock 33 cl', quantity, price: 3.9 });
const burgerWithSauce: Line = {
  id: 'hb-1_acc-5',
  name: 'Classic Burger',
  quantity: 1,
  price: 12.77,
  options: [{ id: 'acc-5', name: 'Sauce piri-piri', price: 1 }],
};
const sangria: Line = { id: 'bo-11', name: 'Sangria maison 50 cl', quantity: 1, price: 6.83 };
const francesinha: Line = { id: 'fr-1', name: 'Francesinha classique', quantity: 1, price: 19.49 };

/** Amounts in cents, as the report gives them. */
const ORDERS: Record<string, Row> = {
  // 01:30 CEST on the 25th.
  A: { at: '2026-10-24T23:30:00Z', status: 'Livrée', method: 'pickup', payment: 'cash', lines: [chicken()] },
  // 02:30 CEST, the first 02:30: 15.00 food + 2 × 3.90 beer + 2.00 delivery = 24.80.
  B: {
    at: '2026-10-25T00:30:00Z',
    status: 'Livrée',
    method: 'delivery',
    payment: 'card',
    lines: [chicken(), beer(2)],
    fee: 2,
  },
  // 02:30 CET, the second 02:30: 12.77 + 1.00 extra − 1.38 discount = 12.39.
  C: {
    at: '2026-10-25T01:30:00Z',
    status: 'Livrée',
    method: 'pickup',
    payment: 'card',
    lines: [burgerWithSauce],
    discount: 1.38,
  },
  // 03:30 CET, cancelled: never takings.
  D: { at: '2026-10-25T02:30:00Z', status: 'Annulée', method: 'pickup', payment: 'cash', lines: [chicken(2)] },
  // 23:59 CET on the 25th: 6.83 sangria + 19.49 + 3.00 delivery = 29.32.
  E: {
    at: '2026-10-25T22:59:00Z',
    status: 'Livrée',
    method: 'delivery',
    payment: 'cash',
    lines: [sangria, francesinha],
    fee: 3,
  },
  // Midnight CET: the 26th.
  F: { at: '2026-10-25T23:00:00Z', status: 'Livrée', method: 'pickup', payment: 'cash', lines: [chicken()] },
  // 23:59 CEST: the 24th.
  G: { at: '2026-10-24T21:59:00Z', status: 'Livrée', method: 'pickup', payment: 'cash', lines: [chicken()] },
  // Midnight CEST on the 25th, still being prepared: open, not takings.
  H: { at: '2026-10-24T22:00:00Z', status: 'En préparation', method: 'pickup', payment: 'cash', lines: [chicken()] },
  // Placed on the 20th for the 25th at 12:00: counts on the 25th, hour 12.
  I: {
    at: '2026-10-20T10:00:00Z',
    status: 'Livrée',
    method: 'pickup',
    payment: 'cash',
    lines: [chicken()],
    preorder: ['2026-10-25', '12:00'],
  },
  // Placed on the 25th for the 27th: not on the 25th.
  J: {
    at: '2026-10-25T10:00:00Z',
    status: 'Livrée',
    method: 'pickup',
    payment: 'cash',
    lines: [chicken()],
    preorder: ['2026-10-27', '12:00'],
  },
};

const cents = (euros: number) => Math.round(euros * 100);
const lineCents = (l: Line) =>
  (cents(l.price) + (l.options ?? []).reduce((s, o) => s + cents(o.price), 0)) * l.quantity;

describe.each(testDatabases())('takings report on %s', (kind) => {
  let b: TestBackend;
  let adminToken: string;
  let customerToken: string;
  const report = async (from: string, to: string) => {
    const { data, error } = await b.client(adminToken).rpc('takings_report', { p_from: from, p_to: to });
    expect(error).toBeNull();
    return data as AnyRow;
  };

  async function insertOrder(o: Row, extra: Record<string, unknown> = {}): Promise<string> {
    const goods = o.lines.reduce((s, l) => s + lineCents(l), 0);
    const fee = cents(o.fee ?? 0);
    const discount = cents(o.discount ?? 0);
    const delivery = o.method === 'delivery';
    const { rows } = await b.db.query<{ id: string }>(
      `insert into public.orders (created_at, status, customer_name, customer_phone, customer_address, customer_postal_code, customer_city,
         delivery_method, payment_method, is_preorder, preorder_date, preorder_time, order_items, total_price, delivery_fee,
         discount_amount, discount_percentage, grand_total, line_vat_rates)
       values ($1, $2, 'Cliente', '621000000', $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13, $14, $15, $16, $17::jsonb) returning id`,
      [
        o.at,
        o.status,
        delivery ? '1 rue de la Gare' : null,
        delivery ? '4601' : null,
        delivery ? 'Differdange' : null,
        o.method,
        o.payment,
        Boolean(o.preorder),
        o.preorder?.[0] ?? null,
        o.preorder?.[1] ?? null,
        JSON.stringify(o.lines.map((l) => ({ options: [], ...l }))),
        goods / 100,
        fee / 100,
        discount / 100,
        discount ? 10 : 0,
        (goods + fee - discount) / 100,
        JSON.stringify(extra.line_vat_rates ?? {}),
      ],
    );
    return rows[0]!.id;
  }

  beforeAll(async () => {
    b = await startTestBackend(kind);
    const adminId = crypto.randomUUID();
    const customerId = crypto.randomUUID();
    await signUp(b, { sub: adminId, email: 'gerant@example.lu' });
    await signUp(b, { sub: customerId, email: 'joana@example.lu' });
    const sign = (sub: string, email: string, appMetadata: Record<string, unknown>) =>
      b.context.jwt.sign({ role: 'authenticated', sub, email, aud: 'authenticated', app_metadata: appMetadata }, 3600);
    adminToken = await sign(adminId, 'gerant@example.lu', { provider: 'email', role: 'admin' });
    customerToken = await sign(customerId, 'joana@example.lu', { provider: 'email' });
    for (const o of Object.values(ORDERS)) await insertOrder(o);
  });
  afterAll(async () => b?.close());

  it('reads the seeded VAT rates: 17 % for the alcoholic drinks, 3 % for food and soft drinks', async () => {
    const { rows } = await b.db.query<{ id: string; vat_rate: number }>(
      `select id, vat_rate from public.menu_items where vat_rate <> 3 order by id`,
    );
    expect(rows).toEqual([
      { id: 'bo-10', vat_rate: 17 },
      { id: 'bo-11', vat_rate: 17 },
      { id: 'bo-9', vat_rate: 17 },
    ]);
    const bad = await b.db
      .query(`update public.menu_items set vat_rate = 5 where id = '32'`)
      .catch((e: { code: string }) => e.code);
    expect(bad).toBe('23514');
  });

  it('gives the day of the DST change (25 hours) as computed by hand', async () => {
    const r = await report('2026-10-25', '2026-10-25');
    expect(r.time_zone).toBe('Europe/Luxembourg');
    expect([r.from, r.to]).toEqual(['2026-10-25', '2026-10-25']);
    // A B C D E H I: seven orders served on the 25th; F, G and J are not.
    expect(r.orders).toBe(7);
    expect(r.takings).toEqual({
      orders: 5,
      goods_cents: 1500 + 2280 + 1377 + 2632 + 1500,
      delivery_fee_cents: 500,
      discount_cents: 138,
      total_cents: 9651,
      average_cents: 1930,
    });
    expect(r.cancelled).toEqual({ orders: 1, total_cents: 3000 });
    expect(r.open).toEqual({ orders: 1, total_cents: 1500 });
    expect(r.by_payment).toEqual({
      cash: { orders: 3, total_cents: 1500 + 2932 + 1500 },
      card: { orders: 2, total_cents: 2480 + 1239 },
    });
    expect(r.by_method).toEqual({
      delivery: { orders: 2, total_cents: 2480 + 2932 },
      pickup: { orders: 3, total_cents: 1500 + 1239 + 1500 },
    });
    // Both 02:30 orders (summer and winter time) are in hour 2; the cancelled 03:30 counts nowhere.
    const hours = Object.fromEntries(
      (r.hours as AnyRow[]).filter((h) => h.orders > 0).map((h) => [h.hour, [h.orders, h.total_cents]]),
    );
    expect(hours).toEqual({ 1: [1, 1500], 2: [2, 2480 + 1239], 12: [1, 1500], 23: [1, 2932] });
    expect(r.hours).toHaveLength(24);
    expect(r.days).toEqual([{ date: '2026-10-25', orders: 5, total_cents: 9651 }]);
  });

  it('splits the takings by VAT rate, delivery fees and discounts following the goods', async () => {
    const r = await report('2026-10-25', '2026-10-25');
    // B: 24.80 over 15.00 food / 7.80 beer → 17 %: floor(2480 × 780 / 2280) = 848, 3 %: 1632.
    // E: 29.32 over 19.49 food / 6.83 sangria → 17 %: floor(2932 × 683 / 2632) = 760, 3 %: 2172.
    // 3 %: A 1500 + B 1632 + C 1239 + E 2172 + I 1500 = 8043 → base round(8043 / 1.03) = 7809.
    // 17 %: 848 + 760 = 1608 → base round(1608 / 1.17) = 1374.
    expect(r.vat).toEqual([
      { rate: 3, base_cents: 7809, vat_cents: 234, total_cents: 8043 },
      { rate: 17, base_cents: 1374, vat_cents: 234, total_cents: 1608 },
    ]);
    expect((r.vat as AnyRow[]).reduce((s, v) => s + v.total_cents, 0)).toBe(r.takings.total_cents);
    expect(r.top_dishes).toEqual([
      { item_id: '32', name: 'Poulet entier grillé', quantity: 3, total_cents: 4500 },
      { item_id: 'bo-9', name: 'Super Bock 33 cl', quantity: 2, total_cents: 780 },
      { item_id: 'fr-1', name: 'Francesinha classique', quantity: 1, total_cents: 1949 },
      { item_id: 'hb-1', name: 'Classic Burger', quantity: 1, total_cents: 1377 },
      { item_id: 'bo-11', name: 'Sangria maison 50 cl', quantity: 1, total_cents: 683 },
    ]);
  });

  it('cuts a period at Luxembourg midnights, summer and winter time alike', async () => {
    const r = await report('2026-10-24', '2026-10-26');
    expect(r.days).toEqual([
      { date: '2026-10-24', orders: 1, total_cents: 1500 },
      { date: '2026-10-25', orders: 5, total_cents: 9651 },
      { date: '2026-10-26', orders: 1, total_cents: 1500 },
    ]);
    expect(r.takings.total_cents).toBe(9651 + 3000);
    const byHour = Object.fromEntries((r.hours as AnyRow[]).map((h) => [h.hour, h.orders]));
    expect([byHour[0], byHour[23]]).toEqual([1, 2]);
    expect((await report('2026-10-27', '2026-10-27')).takings).toMatchObject({ orders: 1, total_cents: 1500 });
    const empty = await report('2026-10-28', '2026-10-28');
    expect(empty.takings).toEqual({
      orders: 0,
      goods_cents: 0,
      delivery_fee_cents: 0,
      discount_cents: 0,
      total_cents: 0,
      average_cents: 0,
    });
    expect([empty.vat, empty.top_dishes]).toEqual([[], []]);
    expect(empty.by_payment).toEqual({ cash: { orders: 0, total_cents: 0 }, card: { orders: 0, total_cents: 0 } });
  });

  it('keeps the rate an order was taken at when the menu rate changes later', async () => {
    const kept = await b.db.query<{ line_vat_rates: Record<string, number> }>(
      `select line_vat_rates from public.orders where created_at = '2026-10-25T00:30:00Z'`,
    );
    expect(kept.rows[0]!.line_vat_rates).toEqual({ '32': 3, 'bo-9': 17 });
    // A writer cannot choose the recorded rates.
    const forged = await insertOrder({ ...ORDERS.A!, at: '2026-11-02T12:00:00Z' }, { line_vat_rates: { '32': 17 } });
    const stored = await b.db.query<{ line_vat_rates: unknown }>(
      `select line_vat_rates from public.orders where id = $1`,
      [forged],
    );
    expect(stored.rows[0]!.line_vat_rates).toEqual({ '32': 3 });

    // Nor rewrite them later, not even an admin over the API; a new line gets today's rate.
    const admin = b.client(adminToken);
    expect(
      (
        await admin
          .from('orders')
          .update({ line_vat_rates: { '32': 17 } })
          .eq('id', forged)
      ).error,
    ).toBeNull();
    const lines = [
      { id: '32', name: 'Poulet entier grillé', quantity: 1, price: 15, options: [] },
      { ...beer(1), options: [] },
    ];
    expect(
      (await admin.from('orders').update({ order_items: lines, total_price: 18.9, grand_total: 18.9 }).eq('id', forged))
        .error,
    ).toBeNull();
    const after = await b.db.query<{ line_vat_rates: unknown }>(
      `select line_vat_rates from public.orders where id = $1`,
      [forged],
    );
    expect(after.rows[0]!.line_vat_rates).toEqual({ '32': 3, 'bo-9': 17 });

    await b.db.query(`update public.menu_items set vat_rate = 8 where id = '32'`);
    try {
      expect((await report('2026-10-25', '2026-10-25')).vat.map((v: AnyRow) => v.rate)).toEqual([3, 17]);
      await insertOrder({ ...ORDERS.A!, at: '2026-11-03T12:00:00Z' });
      expect((await report('2026-11-03', '2026-11-03')).vat).toEqual([
        { rate: 8, base_cents: 1389, vat_cents: 111, total_cents: 1500 },
      ]);
    } finally {
      await b.db.query(`update public.menu_items set vat_rate = 3 where id = '32'`);
    }
  });

  it('answers in whole cents only', async () => {
    const r = await report('2026-10-01', '2026-10-31');
    const walk = (v: unknown, path: string): void => {
      if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}[${i}]`));
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`);
      else if (typeof v === 'number') expect(Number.isInteger(v), path).toBe(true);
    };
    walk(r, 'report');
  });

  it('is for admins only and bounded to 366 days', async () => {
    const args = { p_from: '2026-10-25', p_to: '2026-10-25' };
    const anonCall = await b.client().rpc('takings_report', args);
    expect([anonCall.status, anonCall.error?.code]).toEqual([401, '42501']);
    const customerCall = await b.client(customerToken).rpc('takings_report', args);
    expect([customerCall.status, customerCall.error?.code, customerCall.data]).toEqual([403, '42501', null]);

    const admin = b.client(adminToken);
    const refusals: [Record<string, unknown>, string][] = [
      [{ p_from: '2026-10-26', p_to: '2026-10-25' }, 'invalid_period'],
      [{ p_from: '2025-01-01', p_to: '2026-01-02' }, 'period_too_long'],
      [{ p_from: null, p_to: '2026-01-02' }, 'invalid_period'],
    ];
    for (const [call, code] of refusals) {
      const { error, status } = await admin.rpc('takings_report', call);
      expect([status, error?.code, error?.details], JSON.stringify(call)).toEqual([400, 'P0001', code]);
      expect(error?.message).toMatch(/date|jours/);
    }
    // A leap year is 366 days: allowed.
    const leap = await admin.rpc('takings_report', { p_from: '2024-01-01', p_to: '2024-12-31' });
    expect(leap.error).toBeNull();
    expect(leap.data.days).toHaveLength(366);
  });
});
