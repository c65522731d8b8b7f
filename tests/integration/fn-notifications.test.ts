import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { formatLongDateFr } from '../../src/shared/domain/french-dates.js';
import { callFunction, clearMailbox, mailbox, placeOrder, signedIn } from './fn-support.js';

describe.each(testDatabases())('order and reservation e-mails through the outbox on %s', (kind) => {
  let b: TestBackend;
  let admin: string;
  let customer: string;
  const outbox = async (where = 'true', params: unknown[] = []) =>
    (
      await b.db.query<any>(
        `select id::text, kind, recipient, status, attempts, order_id from public.notification_outbox where ${where} order by created_at`,
        params,
      )
    ).rows;
  const dispatch = (body: unknown = {}, token: string | null = b.serviceRoleKey) =>
    callFunction(b, 'dispatch-notifications', body, token);

  beforeAll(async () => {
    b = await startTestBackend(kind, { env: { ...process.env, SITE_URL: 'https://churrasqueira.example.lu' } });
    admin = (await signedIn(b, 'gerant@churrasqueira.lu', { role: 'admin' })).token;
    customer = (await signedIn(b, 'client@example.lu')).token;
  });
  afterAll(async () => b?.close());
  beforeEach(async () => {
    await dispatch();
    await clearMailbox(b);
  });

  it('an order placed through place_order gets exactly one confirmation, built from the database row', async () => {
    const o = await placeOrder(
      b,
      { notes: 'Sonnez deux fois <script>alert("x")</script>' },
      { name: 'Joana <b>Silva</b>' },
    );
    expect(await outbox('order_id = $1', [o.id])).toMatchObject([
      { kind: 'order_confirmation', recipient: 'joana@example.lu', status: 'pending' },
    ]);

    // The shop's call sends the whole order: only its id is read.
    const forged = {
      order: {
        id: o.id,
        customer_email: 'attaquant@example.org',
        grand_total: 0.01,
        order_items: [{ name: 'Rien', price: 0 }],
      },
    };
    const first = await callFunction(b, 'send-order-confirmation', forged);
    expect(first).toEqual({
      status: 200,
      body: { orderId: o.id, notification: { id: expect.any(String), kind: 'order_confirmation', status: 'sent' } },
    });
    const again = await callFunction(b, 'send-order-confirmation', { orderId: o.id });
    expect(again).toMatchObject({ status: 200, body: { notification: { status: 'sent' } } });
    expect((await dispatch()).body.claimed).toBe(0);

    const messages = await mailbox(b);
    expect(messages).toHaveLength(1);
    const [mail] = messages;
    expect(mail.to).toEqual(['joana@example.lu']);
    expect(mail.subject).toBe(`Confirmation de votre commande n° ${o.order_number} — Churrasqueira Differdange`);
    const html = mail.html!;
    for (const part of [
      `n° <strong>${o.order_number}</strong>`,
      '2 × Poulet entier grillé',
      '30,00 €',
      '1 × Classic Burger',
      'Sauce piri-piri (+1,00 €)',
      '13,77 €',
      'Sous-total',
      '43,77 €',
      'Frais de livraison',
      '2,00 €',
      '45,77 €',
      '5, rue de la Gare, L-4601 Differdange',
      'Carte bancaire',
      `https://churrasqueira.example.lu/commande/${o.id}`,
      'https://churrasqueira.example.lu/icons/icon-192.png',
    ])
      expect(html).toContain(part);
    expect(html).not.toContain('attaquant');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Silva</b>');
    expect(html).toContain('Sonnez deux fois &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;');
    expect(html).toContain('Joana &#60;b&#62;Silva&#60;/b&#62;');
    expect(mail.body).toContain('Total : 45,77 €');
    expect(mail.body).toContain(`Suivre ma commande : https://churrasqueira.example.lu/commande/${o.id}`);
    const attempts = await b.db.query(
      `select ok, provider from public.notification_attempts a join public.notification_outbox o on o.id = a.outbox_id where o.order_id = $1`,
      [o.id],
    );
    expect(attempts.rows).toEqual([{ ok: true, provider: 'outbox' }]);
  });

  it('a pickup pre-order shows the restaurant address and the pre-order date and time', async () => {
    const o = await placeOrder(
      b,
      {
        delivery_method: 'pickup',
        payment_method: 'cash',
        is_preorder: true,
        preorder_date: '2025-11-21',
        preorder_time: '19:30',
      },
      { address: null, postalCode: null, city: null },
    );
    await dispatch();
    const [mail] = await mailbox(b);
    expect(mail.html).toContain('12, Avenue de la Liberté, L-4601 Differdange');
    expect(mail.html).toContain('21/11/2025 à 19:30');
    expect(mail.html).toContain('Espèces');
    expect(mail.html).not.toContain('Frais de livraison');
    expect(mail.body).toContain(`Commande : n° ${o.order_number}`);
  });

  it('send-order-confirmation: 400 on a missing id, 404 on an unknown order, 422 without an e-mail', async () => {
    expect(await callFunction(b, 'send-order-confirmation', {})).toEqual({
      status: 400,
      body: { error: 'Le champ "orderId" (ou "order.id") doit être l\'identifiant d\'une commande.' },
    });
    expect(await callFunction(b, 'send-order-confirmation', { orderId: "x' or 1=1" })).toMatchObject({ status: 400 });
    expect(
      await callFunction(b, 'send-order-confirmation', { orderId: '00000000-0000-4000-8000-000000000000' }),
    ).toEqual({ status: 404, body: { error: 'Commande non trouvée.' } });
    const silent = await placeOrder(b, {}, { email: null });
    expect(await callFunction(b, 'send-order-confirmation', { order: { id: silent.id } })).toEqual({
      status: 422,
      body: { error: "Cette commande n'a pas d'adresse e-mail." },
    });
    expect(await mailbox(b)).toEqual([]);
  });

  it('a status change e-mails the customer once with the tracking label and description', async () => {
    const o = await placeOrder(b);
    await dispatch();
    await clearMailbox(b);
    const { error } = await b.client(admin).from('orders').update({ status: 'En livraison' }).eq('id', o.id);
    expect(error).toBeNull();
    const sent = await callFunction(
      b,
      'notify-order-status-change',
      { order: { id: o.id }, newStatus: 'En livraison' },
      admin,
    );
    expect(sent).toMatchObject({ status: 200, body: { notification: { kind: 'order_status', status: 'sent' } } });
    expect(
      await callFunction(b, 'notify-order-status-change', { orderId: o.id, newStatus: 'En livraison' }, admin),
    ).toMatchObject({ status: 200 });
    await dispatch();
    const messages = await mailbox(b);
    expect(messages).toHaveLength(1);
    expect(messages[0].subject).toBe(`Commande n° ${o.order_number} : En cours de livraison`);
    expect(messages[0].html).toContain(
      'Notre livreur est en route avec votre commande. Bon appétit dans quelques minutes !',
    );
    expect(messages[0].body).toContain('est maintenant : En cours de livraison.');

    expect(
      await callFunction(b, 'notify-order-status-change', { orderId: o.id, newStatus: 'Téléportée' }, admin),
    ).toMatchObject({ status: 400 });
    expect(
      await callFunction(b, 'notify-order-status-change', { orderId: o.id, newStatus: 'Livrée' }, admin),
    ).toMatchObject({ status: 409 });
    expect(await mailbox(b)).toHaveLength(1);
  });

  it('a reservation gets the reservation-received e-mail', async () => {
    const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const { error } = await b.client().from('reservations').insert({
      name: 'Rui Costa',
      email: 'rui@example.lu',
      phone: '+352 621 555 000',
      reservation_date: date,
      reservation_time: '19:30',
      people: '4',
      message: 'Une chaise <bébé>',
    });
    expect(error).toBeNull();
    const run = await dispatch();
    expect(run).toMatchObject({ status: 200, body: { claimed: 1, sent: 1, failed: 0 } });
    const [mail] = await mailbox(b);
    expect(mail.to).toEqual(['rui@example.lu']);
    expect(mail.subject).toBe(`Votre demande de réservation du ${formatLongDateFr(date)} — Churrasqueira Differdange`);
    for (const part of [
      formatLongDateFr(date),
      '19:30',
      '4 personnes',
      'Nous vous confirmerons votre table très bientôt',
      'Une chaise &#60;bébé&#62;',
    ])
      expect(mail.html).toContain(part);
  });

  it('dispatch-notifications is for the service role only, and checks its input', async () => {
    await placeOrder(b);
    expect(await dispatch({}, b.anonKey)).toEqual({ status: 403, body: { error: 'Réservé au rôle service_role.' } });
    expect(await dispatch({}, customer)).toEqual({ status: 403, body: { error: 'Réservé au rôle service_role.' } });
    expect(await dispatch({}, admin)).toEqual({ status: 403, body: { error: 'Réservé au rôle service_role.' } });
    expect((await dispatch({}, null)).status).toBe(401);
    expect(await dispatch({ limit: 0 })).toEqual({
      status: 400,
      body: { error: 'Le champ "limit" doit être un entier entre 1 et 100.' },
    });
    expect(await mailbox(b)).toEqual([]);
    expect(await dispatch({ limit: 5 })).toMatchObject({ status: 200, body: { claimed: 1, sent: 1 } });
  });
});
