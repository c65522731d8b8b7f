// One list of order statuses: src/shared/domain/order-status.ts. Every other place that must spell them
// is checked against it here: the database (orders' check constraint, the active list of
// active_order_count(), the final statuses tracking and the takings report leave out, every status a
// function or policy compares with), the Edge Functions' copy (supabase/functions/_shared/restaurant.ts,
// which cannot import src/ once deployed) and the shop's catalogue (tracking steps and texts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/backend/db/types.js';
import { ACTIVE_ORDER_STATUSES, FINAL_ORDER_STATUSES, ORDER_STATUSES } from '../../src/shared/domain/order-status.js';
import { fr as shopFr } from '../../src/shop/i18n/fr.js';
import { ORDER_STATUSES as FUNCTION_STATUSES, TRACKING } from '../../supabase/functions/_shared/restaurant.ts';
import { testDatabases } from '../helpers/backend.js';
import { openMigratedDb } from './migrated-db.js';

/** The quoted strings of a piece of SQL, in order ('' unescaped). */
const literals = (sql: string) => [...sql.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1].replace(/''/g, "'"));

/** Every `<x>status <op> '…'` / `<x>status [not] in ('…', …)` comparison of a piece of SQL. */
function statusComparisons(sql: string): { op: string; values: string[] }[] {
  const out: { op: string; values: string[] }[] = [];
  const re = /\bstatus\s*(?:\)\s*)?(=|<>|!=|not\s+in|in)\s*(\((?:\s*'(?:[^']|'')*'\s*,?)+\)|'(?:[^']|'')*')/gi;
  for (const m of sql.matchAll(re)) out.push({ op: m[1].toLowerCase().replace(/\s+/g, ' '), values: literals(m[2]) });
  return out;
}

describe('the status list outside the database', () => {
  it('the Edge Functions copy has the same statuses, in the same order, and a tracking text for each', () => {
    expect(FUNCTION_STATUSES).toEqual(ORDER_STATUSES);
    expect(Object.keys(TRACKING)).toEqual([...ORDER_STATUSES]);
  });

  it("the shop's catalogue words every status; tracking steps follow the list's order", () => {
    expect(Object.keys(shopFr.orderStatus).sort()).toEqual([...ORDER_STATUSES].sort());
    const steps = ORDER_STATUSES.map((s) => shopFr.orderStatus[s].step).filter((n): n is number => n !== null);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
  });
});

describe.each(testDatabases())('the status list in the database on %s', (kind) => {
  let db: Db;
  let close: (() => Promise<void>) | undefined;
  const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0];
  const body = async (name: string) =>
    (await one<{ src: string }>(`select prosrc as src from pg_proc where proname = $1`, [name])).src;

  beforeAll(async () => {
    ({ db, close } = await openMigratedDb(kind, 'statuses'));
  });
  afterAll(async () => close?.());

  const checkValues = async (table: string) =>
    literals(
      (
        await one<{ def: string }>(
          `select pg_get_constraintdef(c.oid) as def from pg_constraint c
            where c.conrelid = $1::regclass and c.contype = 'c' and pg_get_constraintdef(c.oid) ~ '\\(status = ANY'`,
          [table],
        )
      ).def,
    );

  it("orders' check constraint allows exactly the domain's statuses, in its order", async () => {
    expect(await checkValues('public.orders')).toEqual([...ORDER_STATUSES]);
    expect(
      (
        await one<{ d: string }>(`select column_default as d from information_schema.columns
      where table_schema = 'public' and table_name = 'orders' and column_name = 'status'`)
      ).d,
    ).toBe("'En attente'::text");
  });

  it('active_order_count() counts the active statuses', async () => {
    const comparisons = statusComparisons(await body('active_order_count'));
    expect(comparisons).toEqual([{ op: 'in', values: [...ACTIVE_ORDER_STATUSES] }]);
  });

  it('tracking by phone and the open orders of the takings report leave out the final statuses', async () => {
    for (const fn of ['track_order', 'takings_report']) {
      const notIn = statusComparisons(await body(fn)).filter((c) => c.op === 'not in');
      expect(notIn.length, fn).toBeGreaterThan(0);
      for (const c of notIn) expect(c.values, fn).toEqual([...FINAL_ORDER_STATUSES]);
    }
  });

  it('every status a function or policy compares with is one of its table’s list', async () => {
    const allowed = new Set([
      ...ORDER_STATUSES,
      ...(await checkValues('public.reservations')),
      ...(await checkValues('public.notification_outbox')),
      // Auth's second factors (auth.mfa_factors, GoTrue's table), which mfa_satisfied() reads.
      ...(await checkValues('auth.mfa_factors')),
    ]);
    expect(allowed.size).toBeGreaterThan(ORDER_STATUSES.length);
    const sources = (
      await db.query<{ name: string; src: string }>(
        `select p.proname as name, p.prosrc as src from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public'
         union all
         select 'policy ' || policyname, coalesce(qual, '') || ' ' || coalesce(with_check, '') from pg_policies
          where schemaname = 'public'`,
      )
    ).rows;
    const compared = sources.flatMap((s) => statusComparisons(s.src).flatMap((c) => c.values.map((v) => [s.name, v])));
    expect(compared.length).toBeGreaterThan(15);
    expect(compared.filter(([, v]) => !allowed.has(v))).toEqual([]);
    // Functions that only read orders compare with order statuses only.
    for (const name of [
      'accept_order',
      'refuse_order',
      'cancel_my_order',
      'order_confirmation',
      'order_slot_is_full',
      'order_slot_availability',
      'track_order',
    ]) {
      const values = statusComparisons(await body(name)).flatMap((c) => c.values);
      expect(values.length, name).toBeGreaterThan(0);
      for (const v of values) expect(ORDER_STATUSES, name).toContain(v);
    }
  });
});
