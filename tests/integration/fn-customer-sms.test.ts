import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { formatLongDateFr } from '../../src/shared/domain/french-dates.js';
import { callFunction, clearMailbox, mailbox, placeOrder, signedIn } from './fn-support.js';

// Customers who left only a phone number hear about their order by SMS, and guests hear back when their
// table is confirmed or cancelled: each message follows the outbox to the dev mailbox.
describe.each(testDatabases())('every customer and guest is told, on %s', (kind) => {
  let b: TestBackend;
  let admin: string;
  const dispatch = () => callFunction(b, 'dispatch-notifications', {}, b.serviceRoleKey);
  const rpc = async (fn: string, args: Record<string, unknown>) => {
    const { data, error } = await b.client(admin).rpc(fn, args);
    expect(error).toBeNull();
    return data;
  };
  const phoneOnly = (overrides: Record<string, unknown> = {}, phone = '+352 621 123 456') =>
    placeOrder(
      b,
      { delivery_method: 'pickup', ...overrides },
      { email: null, phone, address: null, postalCode: null, city: null },
    );
  const notice = async (orderId: string) => {
    const { data, error } = await b
      .client(admin)
      .from('order_customer_notices')
      .select('customer_notified_at, notice_pending')
      .eq('order_id', orderId)
      .single();
    expect(error).toBeNull();
    return data as { customer_notified_at: string | null; notice_pending: boolean };
  };

  beforeAll(async () => {
    b = await startTestBackend(kind, { env: { ...process.env, SITE_URL: 'https://churrasqueira.example.lu' } });
    admin = (await signedIn(b, 'gerant@churrasqueira.lu', { role: 'admin' })).token;
  });
  afterAll(async () => b?.close());
  beforeEach(async () => {
    await dispatch();
    await clearMailbox(b);
  });

  it('an order with a phone and no e-mail: acceptance with the ready time, « prête », each one SMS', async () => {
    const o = await phoneOnly();
    expect(await notice(o.id)).toEqual({ customer_notified_at: null, notice_pending: false });

    const accepted = (await rpc('accept_order', { p_order_id: o.id, p_minutes: 20 })) as { ready_at: string };
    expect(await notice(o.id)).toMatchObject({ notice_pending: true });
    expect((await dispatch()).body).toMatchObject({ claimed: 1, sent: 1 });
    const readyAt = new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'Europe/Luxembourg',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(accepted.ready_at));
    let [sms] = await mailbox(b);
    expect(sms).toMatchObject({ kind: 'sms', to: ['+352621123456'] });
    // « le 29/11 vers 00:24 » when the ready time falls after midnight in Luxembourg (an order late in the evening).
    const luxDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Luxembourg' }).format(at);
    const readyDay = luxDay(new Date(accepted.ready_at));
    const when =
      readyDay === luxDay(new Date())
        ? `vers ${readyAt}`
        : `le ${readyDay.slice(8, 10)}/${readyDay.slice(5, 7)} vers ${readyAt}`;
    expect(sms.body).toContain(`votre commande ${o.order_number} est acceptée. Prête ${when}.`);
    expect(sms.body!.length).toBeLessThanOrEqual(160);
    expect((await notice(o.id)).customer_notified_at).not.toBeNull();

    await clearMailbox(b);
    const { error } = await b.client(admin).from('orders').update({ status: 'Prêt' }).eq('id', o.id);
    expect(error).toBeNull();
    await dispatch();
    [sms] = await mailbox(b);
    expect(sms.body).toContain(`votre commande ${o.order_number} est prête, vous pouvez venir la chercher.`);

    // A status that says nothing new to the customer sends nothing.
    await clearMailbox(b);
    await b.client(admin).from('orders').update({ status: 'Livrée' }).eq('id', o.id);
    await dispatch();
    expect(await mailbox(b)).toEqual([]);
  });

  it('a refused order: the SMS gives the reason, within 160 characters', async () => {
    const o = await phoneOnly();
    const reason =
      'Nous sommes complets ce soir, la cuisine ferme plus tôt à cause d’une panne de four. Toutes nos excuses !';
    await rpc('refuse_order', { p_order_id: o.id, p_reason: reason });
    await dispatch();
    const [sms] = await mailbox(b);
    expect(sms.to).toEqual(['+352621123456']);
    expect(sms.body).toContain(`désolés, votre commande ${o.order_number} est refusée. Motif : Nous sommes complets`);
    expect(sms.body!.length).toBeLessThanOrEqual(160);
  });

  it('an order with an e-mail is told by e-mail only, never by SMS as well', async () => {
    const o = await placeOrder(b);
    await dispatch();
    await clearMailbox(b);
    await rpc('accept_order', { p_order_id: o.id, p_minutes: 20 });
    await dispatch();
    const messages = await mailbox(b);
    expect(messages.map((m) => m.kind)).toEqual(['email']);
  });

  it('the per-phone limit holds: over it the SMS is not sent and the order shows it was not told', async () => {
    await b.db.query(`update public.rate_limits set max_hits = 1 where bucket = 'sms_recipient'`);
    try {
      const phone = '+352 691 777 888';
      const first = await phoneOnly({}, phone);
      const second = await phoneOnly({}, phone);
      await rpc('accept_order', { p_order_id: first.id, p_minutes: 20 });
      await rpc('accept_order', { p_order_id: second.id, p_minutes: 20 });
      const run = await dispatch();
      expect(run.body).toMatchObject({ claimed: 2, sent: 1, failed: 1 });
      expect((await mailbox(b)).filter((m) => m.to[0] === '+352691777888')).toHaveLength(1);
      const { rows } = await b.db.query<{ order_id: string; status: string; last_error: string }>(
        `select order_id, status, last_error from public.notification_outbox where order_id in ($1, $2) and channel = 'sms'`,
        [first.id, second.id],
      );
      const refused = rows.find((r) => r.status !== 'sent')!;
      expect(refused.last_error).toContain('too many messages to this number');
      // Given up for good (as the dispatcher does after its retries): the order reads « not told ».
      await b.db.query(`update public.notification_outbox set status = 'failed' where order_id = $1`, [
        refused.order_id,
      ]);
      expect(await notice(refused.order_id)).toEqual({ customer_notified_at: null, notice_pending: false });
    } finally {
      await b.db.query(`update public.rate_limits set max_hits = 1000000 where bucket = 'sms_recipient'`);
    }
  });

  it('guests hear back: Confirmée and Annulée (with the reason) each send one e-mail', async () => {
    const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const reserve = async (email: string) => {
      const { data, error } = await b
        .serviceClient()
        .from('reservations')
        .insert({
          name: 'Rui Costa',
          email,
          phone: '621 555 000',
          reservation_date: date,
          reservation_time: '19:30',
          people: '4',
        })
        .select('id')
        .single();
      expect(error).toBeNull();
      return (data as { id: string }).id;
    };
    const confirmed = await reserve('rui@example.lu');
    const cancelled = await reserve('ana@example.lu');
    await dispatch();
    await clearMailbox(b);

    let { error } = await b.client(admin).from('reservations').update({ status: 'Confirmée' }).eq('id', confirmed);
    expect(error).toBeNull();
    ({ error } = await b
      .client(admin)
      .from('reservations')
      .update({ status: 'Annulée', cancel_reason: 'Salle privatisée ce soir-là' })
      .eq('id', cancelled));
    expect(error).toBeNull();
    expect((await dispatch()).body).toMatchObject({ claimed: 2, sent: 2 });

    const messages = await mailbox(b);
    const yes = messages.find((m) => m.to[0] === 'rui@example.lu')!;
    expect(yes.subject).toBe(
      `Votre table du ${formatLongDateFr(date)} à 19:30 est confirmée — Churrasqueira Differdange`,
    );
    expect(yes.html).toContain('4 personnes');
    const no = messages.find((m) => m.to[0] === 'ana@example.lu')!;
    expect(no.subject).toBe(`Votre réservation du ${formatLongDateFr(date)} est annulée — Churrasqueira Differdange`);
    expect(no.html).toContain('Motif : Salle privatisée ce soir-là');
    expect(no.body).toContain('Motif : Salle privatisée ce soir-là');

    // Saving the same status again tells nobody twice.
    await clearMailbox(b);
    await b.client(admin).from('reservations').update({ status: 'Confirmée' }).eq('id', confirmed);
    await dispatch();
    expect(await mailbox(b)).toEqual([]);
  });

  it('a guest cannot set the cancellation reason when sending the form', async () => {
    const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const { error } = await b.client().from('reservations').insert({
      name: 'Eve',
      email: 'eve@example.lu',
      phone: '+352 621 555 001',
      reservation_date: date,
      reservation_time: '19:30',
      people: '2',
      cancel_reason: 'forged',
    });
    expect(error).toBeNull();
    const { rows } = await b.db.query(`select cancel_reason from public.reservations where email = 'eve@example.lu'`);
    expect(rows).toEqual([{ cancel_reason: null }]);
  });
});
