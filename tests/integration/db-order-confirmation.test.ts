import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { REFUSALS } from '../../src/shared/domain/refusals.js';
import { admin, anon, as, customer, failure, service, signUp, type AnyRow, type Caller } from './db-support.js';

/**
 * The confirmation page /commande/<id>: order_confirmation answers an order's details to whoever has its full id
 * (the link after « Commander », in the e-mails, in the account's history) and nothing to a guessed id or to
 * its 8-character number; cancel_my_order cancels it while the restaurant has not accepted it, never after.
 */
describe.each(testDatabases())('the order confirmation page and the customer’s cancellation on %s', (kind) => {
  let b: TestBackend;
  const owner = customer('owner', 'dona.ana@example.lu');
  const other = customer('other customer', 'outro@example.lu');
  const boss = admin();

  const insertOrder = async (extra: Record<string, unknown> = {}): Promise<string> =>
    as(b, service, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `insert into public.orders (customer_name, customer_phone, customer_email, user_id, delivery_method,
           payment_method, customer_address, customer_postal_code, customer_city, order_items, total_price,
           delivery_fee, grand_total, status, auto_accepted)
         values ('Ana Confirmação', '+352 621 555 010', 'dona.ana@example.lu', $1, 'delivery', 'card',
           '12 rue de la Gare', '4601', 'Differdange', $2::jsonb, 15, 2.5, 17.5, $3, $4)
         returning id`,
        [
          owner.sub,
          JSON.stringify([{ id: '32', name: 'Poulet grillé entier', quantity: 1, price: 15, options: [] }]),
          (extra.status as string | undefined) ?? 'En attente',
          (extra.auto_accepted as boolean | undefined) ?? false,
        ],
      );
      return rows[0]!.id;
    });
  const confirmation = (who: Caller, id: string) =>
    as(
      b,
      who,
      async (tx) =>
        (await tx.query<{ r: AnyRow | null }>(`select public.order_confirmation($1) as r`, [id])).rows[0]!.r,
    );
  const cancel = (who: Caller, id: string) =>
    as(
      b,
      who,
      async (tx) => (await tx.query<{ r: AnyRow | null }>(`select public.cancel_my_order($1) as r`, [id])).rows[0]!.r,
    );
  const stored = async (id: string) =>
    (
      await b.db.query<AnyRow>(
        `select status, cancelled_by_customer_at, accepted_at from public.orders where id = $1`,
        [id],
      )
    ).rows[0]!;

  beforeAll(async () => {
    b = await startTestBackend(kind);
    await signUp(b, owner);
    await signUp(b, other);
  });
  afterAll(async () => b?.close());

  it('shows the details to whoever has the full id, nothing to a guessed id or the 8-character number', async () => {
    const id = await insertOrder();
    const number = id.slice(0, 8);
    const guessed = crypto.randomUUID();
    const rows: [string, Caller, string, 'details' | 'nothing'][] = [
      ['anon with the link', anon, id, 'details'],
      ['anon with the link, upper case', anon, id.toUpperCase(), 'details'],
      ['anon with the number', anon, number, 'nothing'],
      ['anon with a guessed id', anon, guessed, 'nothing'],
      ['anon with the id one character off', anon, `${id.slice(0, -1)}${id.endsWith('0') ? '1' : '0'}`, 'nothing'],
      ['another customer with the number', other, number, 'nothing'],
      ['another customer with a guessed id', other, guessed, 'nothing'],
      ['the owner with the link', owner, id, 'details'],
      ['the owner with the number', owner, number, 'nothing'],
      ['the admin with the link', boss, id, 'details'],
      ['the admin with the number', boss, number, 'nothing'],
    ];
    const got: Record<string, string> = {};
    const want: Record<string, string> = {};
    for (const [label, who, term, expected] of rows) {
      const answer = await confirmation(who, term);
      got[label] = answer ? 'details' : 'nothing';
      want[label] = expected;
      if (answer) {
        expect(answer).toMatchObject({
          id,
          order_number: number,
          status: 'En attente',
          payment_method: 'card',
          delivery_method: 'delivery',
          customer_address: '12 rue de la Gare',
          grand_total: 17.5,
          delivery_fee: 2.5,
          can_cancel: true,
          cancelled_by_customer: false,
        });
        expect(answer.order_items).toEqual([{ name: 'Poulet grillé entier', quantity: 1, price: 15, options: [] }]);
        // Never the customer's name, phone or e-mail.
        for (const key of ['customer_name', 'customer_phone', 'customer_email', 'user_id'])
          expect(Object.keys(answer)).not.toContain(key);
      }
    }
    expect(got).toEqual(want);
  });

  it('cancels a waiting order for the holder of its link, and tells the admin it was the customer', async () => {
    const id = await insertOrder();
    // The number or a guessed id cancels nothing.
    for (const [who, term] of [
      [anon, id.slice(0, 8)],
      [other, crypto.randomUUID()],
      [owner, ''],
    ] as const) {
      expect(await failure(cancel(who, term))).toMatchObject({
        code: 'P0001',
        detail: REFUSALS.order_not_found.code,
        message: REFUSALS.order_not_found.message,
      });
    }
    expect((await stored(id)).status).toBe('En attente');

    const answer = await cancel(anon, id);
    expect(answer).toMatchObject({ id, status: 'Annulée', can_cancel: false, cancelled_by_customer: true });
    const row = await stored(id);
    expect(row.status).toBe('Annulée');
    expect(row.cancelled_by_customer_at).not.toBeNull();
    expect(row.accepted_at).toBeNull();
    // It leaves the counter's waiting list (the admin's ringing set) at once.
    const waiting = await as(b, boss, (tx) =>
      tx.query(`select id from public.orders where status = 'En attente' and id = $1`, [id]),
    );
    expect(waiting.rows).toEqual([]);
    // The customer's e-mail says it was their cancellation.
    const mails = await b.db.query<AnyRow>(
      `select channel, payload from public.notification_outbox where order_id = $1 and kind = 'order_status'`,
      [id],
    );
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0]).toMatchObject({
      channel: 'email',
      payload: { status: 'Annulée', cancelled_by_customer: true, previous_status: 'En attente' },
    });
    // A second tap (two tabs) answers the same, without an error.
    expect(await cancel(owner, id)).toMatchObject({ status: 'Annulée', cancelled_by_customer: true });
    // The admin can no longer accept it.
    expect(
      await failure(as(b, boss, (tx) => tx.query(`select public.accept_order($1, null, 20)`, [id]))),
    ).toMatchObject({ detail: 'already_handled' });
  });

  it('a customer without an e-mail who cancels gets no « refusée » SMS; a refusal still sends one', async () => {
    const [cancelled, refused] = [await insertOrder(), await insertOrder()];
    await b.db.query(`update public.orders set customer_email = null where id = any($1)`, [[cancelled, refused]]);
    await cancel(anon, cancelled);
    await as(b, boss, (tx) => tx.query(`select public.refuse_order($1, 'Cuisine fermée')`, [refused]));
    const sms = await b.db.query<AnyRow>(
      `select order_id, payload ->> 'sms_event' as event from public.notification_outbox
        where order_id = any($1) and channel = 'sms'`,
      [[cancelled, refused]],
    );
    expect(sms.rows).toEqual([{ order_id: refused, event: 'refused' }]);
  });

  it('refuses to cancel once the restaurant accepted the order, in French, and changes nothing', async () => {
    const accepted = await insertOrder();
    await as(b, boss, (tx) => tx.query(`select public.accept_order($1, null, 20)`, [accepted]));
    const auto = await insertOrder({ status: 'Bien reçu', auto_accepted: true });
    const preparing = await insertOrder({ status: 'En préparation' });
    for (const id of [accepted, auto, preparing]) {
      const before = await stored(id);
      for (const who of [anon, owner]) {
        expect(await failure(cancel(who, id))).toEqual({
          code: 'P0001',
          detail: REFUSALS.cancel_too_late.code,
          hint: REFUSALS.cancel_too_late.title,
          message: REFUSALS.cancel_too_late.message,
        });
      }
      expect(await stored(id)).toEqual(before);
      expect(await confirmation(anon, id)).toMatchObject({ can_cancel: false, cancelled_by_customer: false });
    }
    // Accepted: the page reads the ready time.
    expect((await confirmation(anon, accepted))!.ready_text).toMatch(
      /^Livraison prévue (le \d\d\/\d\d )?vers \d\d:\d\d$/,
    );
  });

  it('a refusal by the restaurant is not a cancellation by the customer', async () => {
    const id = await insertOrder();
    await as(b, boss, (tx) => tx.query(`select public.refuse_order($1, 'Cuisine fermée')`, [id]));
    expect(await confirmation(anon, id)).toMatchObject({
      status: 'Annulée',
      cancelled_by_customer: false,
      refusal_reason: 'Cuisine fermée',
      can_cancel: false,
    });
    // Nothing more to cancel: answered as it is.
    expect(await cancel(anon, id)).toMatchObject({ status: 'Annulée', cancelled_by_customer: false });
  });

  it('is reachable over REST by anon with the link, and refuses over GET to cancel', async () => {
    const id = await insertOrder();
    const client = b.client();
    const { data, error } = await client.rpc('order_confirmation', { p_order_id: id });
    expect(error).toBeNull();
    expect(data).toMatchObject({ id, status: 'En attente' });
    const { data: none } = await client.rpc('order_confirmation', { p_order_id: id.slice(0, 8) });
    expect(none).toBeNull();
    const viaGet = await client.rpc('cancel_my_order', { p_order_id: id }, { get: true });
    expect(viaGet.error).not.toBeNull();
    expect((await stored(id)).status).toBe('En attente');
    const { data: cancelled, error: cancelError } = await client.rpc('cancel_my_order', { p_order_id: id });
    expect(cancelError).toBeNull();
    expect(cancelled).toMatchObject({ status: 'Annulée', cancelled_by_customer: true });
  });
});
