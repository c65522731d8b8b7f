import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { admin, anon, as, failure, service, type AnyRow, type Caller } from './db-support.js';
import { REFUSALS } from '../../src/shared/domain/refusals.js';
import { LUX_POSTAL_CODE_LINES } from '../../src/shared/domain/lux-postal-codes.js';
import { TOWN_ALIASES, townKey } from '../../src/shared/domain/delivery-zones.js';
import { normalizePhone } from '../../src/shared/domain/contact-fields.js';

/**
 * Names, phones and postal codes as the database checks them (issue 29, item 6), and towns as people type them
 * (item 7): the seeded zones with their real postal codes, town_key's folding and short names against the
 * domain's, and the postal-code register against the domain's copy.
 */
class Rollback extends Error {}

// A Monday at noon in Luxembourg, a week or more ahead: the kitchen is open in the installed week.
const DAY_MS = 86_400_000;
const ahead = new Date(Date.now() + 8 * DAY_MS);
const MONDAY = new Date(ahead.getTime() + ((8 - ahead.getUTCDay()) % 7) * DAY_MS).toISOString().slice(0, 10);
const MONDAY_NOON = `${MONDAY}T11:00:00Z`;

const customer = {
  name: 'Ana Silva',
  phone: '+352691123456',
  address: '3 rue de la Gare',
  postalCode: 'L-4601',
  city: 'Differdange',
};
const order = (over: Partial<typeof customer>, method: 'delivery' | 'pickup' = 'delivery') => ({
  deliveryMethod: method,
  paymentMethod: 'cash',
  customer: { ...customer, ...over },
  items: [{ menuItemId: '32', quantity: 2 }],
});

describe.each(testDatabases())('contact fields and delivery towns on %s', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind);
  });
  afterAll(async () => b?.close());

  /** place_order as the service role at MONDAY_NOON, rolled back: the saved order, or the refusal. */
  async function place(body: unknown): Promise<AnyRow> {
    let out: AnyRow = {};
    await as(b, service, async (tx) => {
      try {
        const { rows } = await tx.query<{ o: AnyRow }>(`select public.place_order($1::jsonb, $2::timestamptz) as o`, [
          JSON.stringify(body),
          MONDAY_NOON,
        ]);
        out = rows[0]!.o;
      } catch (e) {
        const err = e as { code?: string; detail?: string; hint?: string; message: string };
        if (err.code !== 'P0001') throw e;
        out = { refused: err.detail, title: err.hint, message: err.message };
      }
      throw new Rollback();
    }).catch((e) => {
      if (!(e instanceof Rollback)) throw e;
    });
    return out;
  }
  const refusal = (key: 'invalid_name' | 'invalid_phone' | 'invalid_postal_code') => ({
    refused: key,
    title: REFUSALS[key].title,
    message: REFUSALS[key].message,
  });

  it('place_order refuses « x », « 😀🍗🔥 », « abc », « 📞📞📞 » and « zzz » with the shop’s words', async () => {
    expect(await place(order({ name: 'x' }))).toEqual(refusal('invalid_name'));
    expect(await place(order({ name: '😀🍗🔥' }))).toEqual(refusal('invalid_name'));
    expect(await place(order({ phone: 'abc' }))).toEqual(refusal('invalid_phone'));
    expect(await place(order({ phone: '📞📞📞' }))).toEqual(refusal('invalid_phone'));
    expect(await place(order({ phone: '621' }))).toEqual(refusal('invalid_phone'));
    expect(await place(order({ postalCode: 'zzz' }))).toEqual(refusal('invalid_postal_code'));
    // A pickup has no address: its postal code is not looked at.
    expect(await place(order({ postalCode: 'zzz' }, 'pickup'))).toMatchObject({ delivery_method: 'pickup' });
  });

  it('place_order stores the phone in E.164, as the shop normalises it', async () => {
    for (const [typed, stored] of [
      [normalizePhone('691 123 456')!, '+352691123456'],
      ['+352 691 123 456', '+352691123456'],
      ['00352 691-123-456', '+352691123456'],
      [normalizePhone('+33 6 12 34 56 78')!, '+33612345678'],
    ]) {
      expect(await place(order({ phone: typed, postalCode: 'L-4502' })), typed).toMatchObject({
        customer_phone: stored,
        delivery_fee: 2,
      });
    }
  });

  it('the seeded zones: the postal code decides, towns are matched without accents, case or their long name', async () => {
    const fee = async (postalCode: string, city: string) => {
      const o = await place(order({ postalCode, city }));
      return o.refused ?? o.delivery_fee;
    };
    expect(await fee('L-4702', 'Pétange')).toBe(3);
    expect(await fee('L-4702', 'Petange')).toBe(3);
    expect(await fee('4702', 'PETANGE')).toBe(3);
    expect(await fee('L-4001', 'Esch')).toBe(4.5);
    // The code decides: a Pétange code typed with « Differdange », a Luxembourg-City one typed with « Pétange ».
    expect(await fee('L-4702', 'Differdange')).toBe(3);
    expect(await fee('L-1111', 'Pétange')).toBe('invalid_zone');
  });

  it('a zone without postal codes matches the town folded, or the towns of a known code', async () => {
    const zones = [
      { name: 'Pétange', fee: 3 },
      { name: 'Esch-sur-Alzette', fee: 4.5 },
    ];
    const fee = async (postalCode: string | null, city: string) => {
      let out: unknown;
      await as(b, service, async (tx) => {
        await tx.query(`update public.store_settings set value = $1::jsonb where key = 'delivery_zones'`, [
          JSON.stringify(zones),
        ]);
        const { rows } = await tx.query<{ f: string | null }>(`select public.delivery_zone_fee($1, $2) as f`, [
          city,
          postalCode,
        ]);
        out = rows[0]!.f === null ? null : Number(rows[0]!.f);
        throw new Rollback();
      }).catch((e) => {
        if (!(e instanceof Rollback)) throw e;
      });
      return out;
    };
    expect(await fee(null, 'Petange')).toBe(3);
    expect(await fee(null, 'PETANGE')).toBe(3);
    expect(await fee(null, 'Esch')).toBe(4.5);
    expect(await fee('4000', 'esch sur alzette')).toBe(4.5);
    expect(await fee('L-4702', 'Paris')).toBe(3);
    expect(await fee('L-4601', 'Pétange')).toBeNull();
  });

  it('town_key folds as the domain’s townKey, with the same short names', async () => {
    const names = [
      ...Object.keys(TOWN_ALIASES),
      'Pétange',
      'PÉTANGE',
      ' Esch-sur-Alzette ',
      'Käerjeng',
      'Œutrange',
      'Schëffleng',
      'Déifferdeng',
      'Esch/Alzette',
      '😀',
    ];
    const { rows } = await b.db.query<{ n: string; k: string }>(
      `select n, public.town_key(n) as k from unnest($1::text[]) n`,
      [names],
    );
    expect(Object.fromEntries(rows.map((r) => [r.n, r.k]))).toEqual(
      Object.fromEntries(names.map((n) => [n, townKey(n)])),
    );
  });

  it('town_key runs no query: a delivery calls it for the town and for each zone, in every order', async () => {
    // A join with a list of values started a query at each call, about 0.2 ms of PGlite's one engine per call.
    const { rows } = await b.db.query<{ src: string }>(
      `select p.prosrc as src from pg_proc p where p.oid = 'public.town_key(text)'::regprocedure`,
    );
    expect(rows[0]!.src).not.toMatch(/\b(select|from|values|join)\b/i);
  });

  it('postal_codes holds the register the shop ships (every code and locality), readable by anyone', async () => {
    const rows = await as(
      b,
      anon,
      async (tx) =>
        (await tx.query<{ code: string; locality: string }>(`select code, locality from public.postal_codes`)).rows,
    );
    const expected = LUX_POSTAL_CODE_LINES.flatMap((line) => {
      const cut = line.lastIndexOf(':');
      return line
        .slice(cut + 1)
        .split(' ')
        .map((code) => `${code} ${line.slice(0, cut)}`);
    });
    expect(rows.map((r) => `${r.code} ${r.locality}`).sort()).toEqual(expected.sort());
    expect(rows.length).toBeGreaterThan(4000);
    const denied = await failure(
      as(b, admin(), (tx) => tx.query(`insert into public.postal_codes values ('4000', 'X')`)),
    );
    expect(denied?.code).toBe('42501');
  });

  it('the reservation and challenge refuse « x » and « abc », and store phones in E.164', async () => {
    const call = async (who: Caller, sql: string, params: unknown[]) => {
      let out: AnyRow = {};
      await as(b, who, async (tx) => {
        try {
          out = { rows: (await tx.query(sql, params)).rows };
        } catch (e) {
          const err = e as { code?: string; detail?: string; message: string };
          if (err.code !== 'P0001') throw e;
          out = { refused: err.detail };
        }
        throw new Rollback();
      }).catch((e) => {
        if (!(e instanceof Rollback)) throw e;
      });
      return out;
    };
    const reserve = (name: string, phone: string) =>
      call(anon, `select public.create_reservation($1, 'ana@example.lu', $2, $3, '19:00', '2') as r`, [
        name,
        phone,
        MONDAY,
      ]);
    expect(await reserve('x', '+352691123456')).toEqual({ refused: 'invalid_name' });
    expect(await reserve('Ana', 'abc')).toEqual({ refused: 'invalid_phone' });
    expect(await reserve('Ana', '📞📞📞')).toEqual({ refused: 'invalid_phone' });
    expect(await reserve('Ana', '+352 691 123 456')).toMatchObject({ rows: [{ r: expect.any(Object) }] });

    const insert = (name: string, phone: string) =>
      call(
        anon,
        `insert into public.reservations (name, email, phone, reservation_date, reservation_time, people)
         values ($1, 'ana@example.lu', $2, $3, '19:00', '2')`,
        [name, phone, MONDAY],
      );
    expect(await insert('Ana', 'abc')).toEqual({ refused: 'invalid_phone' });
    expect(await insert('😀', '+352691123456')).toEqual({ refused: 'invalid_name' });

    const register = (name: string, phone: string | null) =>
      call(anon, `select public.register_challenge($1, 'ana@example.lu', $2, true) as r`, [name, phone]);
    expect(await register('x', null)).toEqual({ refused: 'invalid_name' });
    expect(await register('Ana', 'abc')).toEqual({ refused: 'invalid_phone' });
    expect(await register('Ana', null)).toMatchObject({ rows: [{ r: expect.any(Object) }] });

    // What is stored: read back in the same transaction.
    let stored: unknown;
    await as(b, anon, async (tx) => {
      const { rows } = await tx.query<{ r: AnyRow }>(
        `select public.create_reservation('Ana', 'ana@example.lu', '00352 691 123 456', $1, '19:00', '2') as r`,
        [MONDAY],
      );
      await tx.query(`select set_config('role', 'service_role', true)`);
      stored = (await tx.query(`select phone from public.reservations where id = $1`, [rows[0]!.r.id])).rows;
      throw new Rollback();
    }).catch((e) => {
      if (!(e instanceof Rollback)) throw e;
    });
    expect(stored).toEqual([{ phone: '+352691123456' }]);
  });

  it('the admin finds an E.164 order by the phone as people say it, and the counter’s block still holds', async () => {
    await as(b, service, async (tx) => {
      const { rows } = await tx.query<{ o: AnyRow }>(`select public.place_order($1::jsonb, $2::timestamptz) as o`, [
        JSON.stringify(order({ phone: '+352691555444', postalCode: 'L-4502' })),
        MONDAY_NOON,
      ]);
      const id = rows[0]!.o.id as string;
      for (const term of ['691 555 444', '+352 691 555 444', '00352691555444']) {
        const found = await tx.query(`select id from public.search_orders_by_term($1)`, [term]);
        expect(
          found.rows.map((r: AnyRow) => r.id),
          term,
        ).toContain(id);
      }
      await tx.query(`select public.refuse_client_orders($1, 'Test')`, [id]);
      const again = await failure(
        tx.query(`select public.place_order($1::jsonb, $2::timestamptz)`, [
          JSON.stringify(order({ phone: '+352 691 555 444', postalCode: 'L-4502' })),
          MONDAY_NOON,
        ]),
      );
      expect(again?.detail).toBe('client_blocked');
      throw new Rollback();
    }).catch((e) => {
      if (!(e instanceof Rollback)) throw e;
    });
  });
});
