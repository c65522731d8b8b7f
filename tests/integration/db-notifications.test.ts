import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { admin, anon, as, customer, failure, service, type Caller, type AnyRow } from './db-support.js';

const WEDNESDAY_NOON = '2025-11-19T11:00:00Z';
const order = (email: string | null) => ({
  customer: { name: 'Joana Silva', phone: '+352621123456', email },
  delivery_method: 'pickup',
  items: [{ menuItemId: '32', quantity: 1 }],
});

describe.each(testDatabases())('notification outbox on %s', (kind) => {
  let b: TestBackend;
  const rows = async (who: Caller, sql: string, params: unknown[] = []) =>
    as(b, who, async (tx) => (await tx.query<AnyRow>(sql, params)).rows);
  const place = async (email: string | null) =>
    (
      await rows(service, `select public.place_order($1::jsonb, $2::timestamptz) as o`, [
        JSON.stringify(order(email)),
        WEDNESDAY_NOON,
      ])
    )[0].o;
  const claim = (limit = 10, lease = 60) =>
    rows(service, `select * from public.claim_notifications($1, $2)`, [limit, lease]);
  const complete = async (id: string, ok: boolean, error: string | null = null) =>
    (
      await rows(service, `select * from public.complete_notification($1, $2, $3, $4, 'outbox')`, [
        id,
        ok,
        error,
        ok ? `msg-${id}` : null,
      ])
    )[0];

  beforeAll(async () => {
    b = await startTestBackend(kind);
  });
  afterAll(async () => b?.close());
  beforeEach(async () => {
    await b.db.query(`delete from public.notification_outbox`);
  });

  it('queues an order confirmation with the order, in the same transaction', async () => {
    const o = await place('joana@example.lu');
    await place(null);
    const queued = await rows(
      service,
      `select kind, channel, recipient, order_id, status, attempts, payload from public.notification_outbox`,
    );
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      kind: 'order_confirmation',
      channel: 'email',
      recipient: 'joana@example.lu',
      order_id: o.id,
      status: 'pending',
      attempts: 0,
    });
    expect(queued[0].payload).toMatchObject({
      order_number: o.order_number,
      status: 'En attente',
      grand_total: 15,
      customer_name: 'Joana Silva',
    });
    expect(queued[0].payload.order_items[0].name).toBe('Poulet entier grillé');
  });

  it('writes nothing when the order is rolled back', async () => {
    await failure(
      as(b, service, async (tx) => {
        await tx.query(`select public.place_order($1::jsonb, $2::timestamptz)`, [
          JSON.stringify(order('rollback@example.lu')),
          WEDNESDAY_NOON,
        ]);
        throw new Error('the request failed after the insert');
      }),
    );
    expect(await rows(service, `select 1 from public.notification_outbox`)).toEqual([]);
    expect(await rows(service, `select 1 from public.orders where customer_email = 'rollback@example.lu'`)).toEqual([]);
  });

  it('queues a status message when the status changes, and a reservation message', async () => {
    const o = await place('joana@example.lu');
    await rows(admin(), `update public.orders set status = 'En préparation' where id = $1`, [o.id]);
    await rows(admin(), `update public.orders set notes = 'sans oignons' where id = $1`, [o.id]);
    await rows(admin(), `update public.orders set status = 'En préparation' where id = $1`, [o.id]);
    const day = (
      await b.db.query<{ d: string }>(`select ((now() at time zone 'Europe/Luxembourg')::date + 2)::text as d`)
    ).rows[0]!.d;
    await rows(anon, `select public.create_reservation('Ana', 'ana@example.lu', '+352621000000', $1, '20:00', '4')`, [
      day,
    ]);
    const queued = await rows(
      service,
      `select kind, recipient, payload from public.notification_outbox order by created_at, kind`,
    );
    expect(queued.map((q: AnyRow) => q.kind).sort()).toEqual([
      'order_confirmation',
      'order_status',
      'reservation_received',
    ]);
    const status = queued.find((q: AnyRow) => q.kind === 'order_status');
    expect(status?.payload).toMatchObject({
      status: 'En préparation',
      previous_status: 'En attente',
      order_number: o.order_number,
    });
    const reservation = queued.find((q: AnyRow) => q.kind === 'reservation_received');
    expect(reservation).toMatchObject({
      recipient: 'ana@example.lu',
      payload: { name: 'Ana', people: '4', reservation_date: day },
    });
  });

  it('never gives the same message to two dispatchers', async () => {
    for (let i = 0; i < 6; i++) await place(`client${i}@example.lu`);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let first: AnyRow[] = [];
    let firstDone!: Promise<unknown>;
    await new Promise<void>((resolve) => {
      firstDone = as(b, service, async (tx) => {
        first = (await tx.query<AnyRow>(`select * from public.claim_notifications(3, 60)`)).rows;
        resolve();
        await held;
      });
    });
    // On PostgreSQL the first claim is still uncommitted here (SKIP LOCKED); PGlite serialises transactions.
    const second = kind === 'postgres' ? claim(10) : Promise.resolve([]);
    const secondRows = await second;
    release();
    await firstDone;
    const third = await claim(10);
    const ids = [...first, ...secondRows, ...third].map((r: AnyRow) => r.id);
    expect(first).toHaveLength(3);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(6);
    expect(await claim(10)).toEqual([]);
  });

  it('retries a failure with backoff, fails after the last attempt, and re-offers an expired lease', async () => {
    await place('joana@example.lu');
    const [msg] = await claim(1, 1);
    expect(msg).toMatchObject({ status: 'sending', attempts: 1 });
    const failed = await complete(msg.id, false, 'SMTP 451');
    expect(failed).toMatchObject({ status: 'pending', last_error: 'SMTP 451', attempts: 1 });
    const delay = (new Date(failed.next_attempt_at).getTime() - Date.now()) / 1000;
    expect(delay).toBeGreaterThan(20);
    expect(await claim()).toEqual([]);
    // The lease lapses: a crashed dispatcher's message is offered again.
    await b.db.query(`update public.notification_outbox set next_attempt_at = now()`);
    const [again] = await claim(1, 1);
    expect(again).toMatchObject({ id: msg.id, attempts: 2 });
    await new Promise((r) => setTimeout(r, 1100));
    const [reclaimed] = await claim(1, 60);
    expect(reclaimed).toMatchObject({ id: msg.id, attempts: 3 });
    const sent = await complete(msg.id, true);
    expect(sent).toMatchObject({ status: 'sent', provider_message_id: `msg-${msg.id}`, last_error: null });
    // A late report from the lapsed lease does not undo the delivery.
    expect(await complete(msg.id, false, 'timeout')).toMatchObject({ status: 'sent' });
    const attempts = await rows(
      service,
      `select ok, error, provider from public.notification_attempts where outbox_id = $1 order by id`,
      [msg.id],
    );
    expect(attempts).toEqual([
      { ok: false, error: 'SMTP 451', provider: 'outbox' },
      { ok: true, error: null, provider: 'outbox' },
      { ok: false, error: 'timeout', provider: 'outbox' },
    ]);

    await place('bounce@example.lu');
    let last: AnyRow = {};
    for (let i = 0; i < 5; i++) {
      await b.db.query(`update public.notification_outbox set next_attempt_at = now() where status = 'pending'`);
      const [m] = await claim(1);
      last = await complete(m.id, false, `refused ${i + 1}`);
    }
    expect(last).toMatchObject({ status: 'failed', attempts: 5, last_error: 'refused 5' });
    await b.db.query(`update public.notification_outbox set next_attempt_at = now()`);
    expect(await claim()).toEqual([]);
  });

  it('is for the service role only; admins may read it', async () => {
    await place('joana@example.lu');
    for (const who of [anon, customer('c', 'c@example.lu'), admin()]) {
      expect((await failure(rows(who, `select * from public.claim_notifications(1, 60)`)))?.code, who.label).toBe(
        '42501',
      );
      expect(
        (await failure(rows(who, `select public.complete_notification(gen_random_uuid(), true)`)))?.code,
        who.label,
      ).toBe('42501');
    }
    expect((await failure(rows(anon, `select * from public.notification_outbox`)))?.code).toBe('42501');
    expect(await rows(customer('c', 'c@example.lu'), `select * from public.notification_outbox`)).toEqual([]);
    expect(await rows(admin(), `select kind from public.notification_outbox`)).toEqual([
      { kind: 'order_confirmation' },
    ]);
    expect((await failure(rows(admin(), `update public.notification_outbox set status = 'sent'`)))?.code).toBe('42501');
    expect((await failure(claim(0)))?.detail).toBe('invalid_claim');
    expect((await failure(complete('00000000-0000-0000-0000-000000000000', true)))?.detail).toBe(
      'unknown_notification',
    );
  });
});
