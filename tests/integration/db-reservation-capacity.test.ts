import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { REFUSALS } from '../../src/shared/domain/refusals.js';
import { admin, anon, as, failure, type AnyRow, type Caller } from './db-support.js';

/**
 * Reservation capacity: the owner sets how many guests a service takes (store_settings reservation_capacity);
 * bookings past it are refused, even when they arrive at the same moment; cancelled ones free their seats; the shop
 * reads only the room left per time (reservation_room), never the reservations.
 */
describe.each(testDatabases())('reservation capacity on %s', (kind) => {
  let b: TestBackend;
  let day: string;
  const boss = admin();

  const setCapacity = (guests: number | null) =>
    b.db.query(`update public.store_settings set value = $1::jsonb where key = 'reservation_capacity'`, [
      JSON.stringify({ guests_per_service: guests }),
    ]);
  const book = (who: Caller, name: string, time: string, people: string) =>
    as(
      b,
      who,
      async (tx) =>
        (
          await tx.query<{ r: AnyRow }>(
            `select public.create_reservation($1, $2, '+352 621 000 555', $3, $4, $5) as r`,
            [name, `${name.toLowerCase().replace(/\W/g, '')}@example.lu`, day, time, people],
          )
        ).rows[0]!.r,
    );
  const room = async (who: Caller = anon) =>
    as(
      b,
      who,
      async (tx) =>
        (await tx.query<{ r: AnyRow }>(`select public.reservation_room($1::date) as r`, [day])).rows[0]!.r as {
          limited: boolean;
          times: { time: string; remaining: number }[];
        },
    );
  const remainingAt = async (time: string) => (await room()).times.find((t) => t.time === time)?.remaining;

  beforeAll(async () => {
    b = await startTestBackend(kind);
    // A day two to eight days ahead that is not a Tuesday (the installed closing day), in Luxembourg.
    day = (
      await b.db.query<{ d: string }>(
        `select d::date::text as d from generate_series((now() at time zone 'Europe/Luxembourg')::date + 2,
                (now() at time zone 'Europe/Luxembourg')::date + 9, '1 day') d
          where extract(isodow from d) <> 2 limit 1`,
      )
    ).rows[0]!.d;
  });
  afterAll(async () => b?.close());
  beforeEach(async () => {
    await b.db.query(`delete from public.reservations`);
    await setCapacity(10);
  });

  it('takes exactly the guests a service holds when eight tables of two ask at the same moment', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => book(anon, `Mesa ${i}`, i % 2 ? '19:00' : '20:30', '2')),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(won).toHaveLength(5);
    expect(lost.map((r) => (r.reason as { detail?: string }).detail)).toEqual(Array(3).fill('reservation_full'));
    const refused = lost[0]!.reason as { detail?: string; hint?: string; message: string };
    expect({ code: refused.detail, title: refused.hint, message: refused.message }).toEqual(REFUSALS.reservation_full);
    const { rows } = await b.db.query<{ guests: string }>(
      `select sum(people::int)::text as guests from public.reservations where reservation_date = $1`,
      [day],
    );
    expect(rows[0]!.guests).toBe('10');
  });

  it('counts each service apart, frees the seats of a cancelled booking, and refuses a plain insert past the limit', async () => {
    await book(anon, 'Grupo', '19:30', '10+');
    expect((await failure(book(anon, 'Casal', '21:00', '2')))?.detail).toBe('reservation_full');
    // Lunch is another service: its ten seats are all free.
    await book(anon, 'Almoço', '12:30', '4');
    // The plain insert of the spec's shop goes through the same rule.
    const plain = await failure(
      as(b, anon, (tx) =>
        tx.query(
          `insert into public.reservations (name, email, phone, reservation_date, reservation_time, people)
           values ('Direto', 'direto@example.lu', '+352621000556', $1::date, '20:00', '1')`,
          [day],
        ),
      ),
    );
    expect(plain?.detail).toBe('reservation_full');
    // The counter cancels the group: its ten seats are free again.
    await as(b, boss, (tx) =>
      tx.query(`update public.reservations set status = 'Annulée' where name = 'Grupo' and reservation_date = $1`, [
        day,
      ]),
    );
    await book(anon, 'Casal', '21:00', '2');
    // The counter itself may still seat more (a booking by telephone).
    await as(b, boss, (tx) =>
      tx.query(
        `insert into public.reservations (name, email, phone, reservation_date, reservation_time, people)
         values ('Telefone', 'tel@example.lu', '+352621000557', $1::date, '20:00', '10')`,
        [day],
      ),
    );
  });

  it('tells the shop the room left per time, never who booked, and nothing without a capacity', async () => {
    await book(anon, 'Jantar', '19:00', '6');
    await book(anon, 'Almoço', '12:00', '2');
    const r = await room();
    expect(r.limited).toBe(true);
    expect(r.times.find((t) => t.time === '11:00')).toEqual({ time: '11:00', remaining: 8 });
    expect(await remainingAt('18:00')).toBe(4);
    expect(await remainingAt('21:45')).toBe(4);
    expect(JSON.stringify(r)).not.toMatch(/Jantar|example\.lu|621/);
    await book(anon, 'Mais', '20:00', '4');
    expect(await remainingAt('19:15')).toBe(0);
    await setCapacity(null);
    expect(await room()).toMatchObject({ limited: false, times: [] });
    const past = await failure(as(b, anon, (tx) => tx.query(`select public.reservation_room('2000-01-01'::date)`)));
    expect(past?.detail).toBe('invalid_date');
  });

  it('keeps the setting’s shape', async () => {
    for (const bad of [{ guests_per_service: 0 }, { guests_per_service: 2.5 }, { guests_per_service: 'x' }, {}]) {
      const refused = await failure(
        b.db.query(`update public.store_settings set value = $1::jsonb where key = 'reservation_capacity'`, [
          JSON.stringify(bad),
        ]),
      );
      expect(refused?.code).toBe('23514');
    }
  });
});
