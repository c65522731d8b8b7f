import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { GENEROUS_PRODUCT_LIMITS } from '../helpers/rate-limits.js';
import { newEmail, signedInCustomer } from './auth-helpers.js';
import { startRetentionJob } from '../../src/backend/jobs/retention.js';
import type { AnyRow } from './db-support.js';
import { REFUSALS } from '../../src/shared/domain/refusals.js';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const THREE_YEARS_AND_A_MONTH = 3 * 365 + 31;

const line = { id: '32', name: 'Poulet entier grillé', price: 15, quantity: 1, options: [] };

function order(email: string | null, extra: Record<string, unknown> = {}) {
  return {
    customer_name: `Client ${email ?? 'sans e-mail'}`,
    customer_phone: '+352 621 000 001',
    customer_email: email,
    delivery_method: 'delivery',
    customer_address: '12 rue de la Gare',
    customer_postal_code: '4601',
    customer_city: 'Differdange',
    payment_method: 'cash',
    order_items: [line],
    total_price: 15,
    delivery_fee: 2.5,
    grand_total: 17.5,
    notes: 'Sonnez deux fois',
    ...extra,
  };
}

const PICKUP = {
  delivery_method: 'pickup',
  customer_address: null,
  customer_postal_code: null,
  customer_city: null,
  delivery_fee: 0,
  grand_total: 15,
};

function reservation(email: string, extra: Record<string, unknown> = {}) {
  return {
    name: `Réservation ${email}`,
    email,
    phone: '+352 691 222 333',
    reservation_date: '2027-03-14',
    reservation_time: '19:30',
    people: '4',
    message: 'Une chaise haute',
    ...extra,
  };
}

describe.each(testDatabases())('GDPR: export, account deletion and retention on %s', (kind) => {
  let b: TestBackend;
  let service: SupabaseClient;
  let alice: Awaited<ReturnType<typeof signedInCustomer>>;
  let bruno: Awaited<ReturnType<typeof signedInCustomer>>;
  const ids: Record<string, string> = {};

  const insert = async (table: string, row: Record<string, unknown>) => {
    const { data, error } = await service.from(table).insert(row).select('id').single();
    if (error) throw error;
    return (data as { id: string }).id;
  };
  const row = async (table: string, id: string) => {
    const { data, error } = await service.from(table).select('*').eq('id', id).single();
    if (error) throw error;
    return data as AnyRow;
  };

  beforeAll(async () => {
    b = await startTestBackend(kind);
    service = b.serviceClient();
    alice = await signedInCustomer(b);
    bruno = await signedInCustomer(b);
    ids.aliceAccount = await insert('orders', order(alice.email, { user_id: alice.userId }));
    // Placed before she signed up, with the same (confirmed) address: hers too.
    ids.aliceGuest = await insert(
      'orders',
      order(alice.email.toUpperCase(), {
        ...PICKUP,
      }),
    );
    ids.bruno = await insert('orders', order(bruno.email, { user_id: bruno.userId, customer_address: '3 rue Bruno' }));
    ids.aliceReservation = await insert('reservations', reservation(alice.email));
    ids.brunoReservation = await insert('reservations', reservation(bruno.email));
    ids.aliceChallenge = await insert('challenge_registrations', {
      name: 'Alice',
      email: alice.email,
      phone: '+352 621 999 000',
      agreed_to_terms: true,
    });
    ids.brunoChallenge = await insert('challenge_registrations', {
      name: 'Bruno',
      email: bruno.email,
      agreed_to_terms: true,
    });
  }, 180_000);

  afterAll(async () => {
    await b?.close();
  });

  it('exports exactly the signed-in customer’s data', async () => {
    const { data, error } = await alice.client.rpc('my_data_export');
    expect(error).toBeNull();
    const doc = data as AnyRow;
    expect(doc.profile).toMatchObject({ id: alice.userId, email: alice.email });
    expect(doc.orders.map((o: AnyRow) => o.id).sort()).toEqual([ids.aliceAccount, ids.aliceGuest].sort());
    const mine = doc.orders.find((o: AnyRow) => o.id === ids.aliceAccount);
    expect(mine).toMatchObject({
      order_number: ids.aliceAccount.slice(0, 8),
      customer_address: '12 rue de la Gare',
      notes: 'Sonnez deux fois',
    });
    expect(mine.items).toEqual([line]);
    expect(doc.addresses).toEqual([
      expect.objectContaining({ address: '12 rue de la Gare', postal_code: '4601', city: 'Differdange' }),
    ]);
    expect(doc.reservations.map((r: AnyRow) => r.id)).toEqual([ids.aliceReservation]);
    expect(doc.challenge_registrations.map((c: AnyRow) => c.id)).toEqual([ids.aliceChallenge]);
    // The confirmation e-mails of her order and reservation, nobody else's.
    expect(doc.messages.length).toBeGreaterThanOrEqual(2);
    expect(doc.messages.every((m: AnyRow) => m.recipient.toLowerCase() === alice.email.toLowerCase())).toBe(true);
    const text = JSON.stringify(doc);
    expect(text).not.toContain(bruno.email);
    expect(text).not.toContain('3 rue Bruno');
    expect(text).not.toContain(ids.bruno);

    const other = (await bruno.client.rpc('my_data_export')).data as AnyRow;
    expect(other.orders.map((o: AnyRow) => o.id)).toEqual([ids.bruno]);
    expect(JSON.stringify(other)).not.toContain(alice.email);
  });

  it('leaves anonymised records out of the export, even for an account holding their placeholder address', async () => {
    // Auth refuses the .invalid domain; the export must not rely on it. The address is set in the database here.
    const placeholder = 'anonyme@anonyme.invalid';
    const someone = newEmail('efface');
    const gone = {
      order: await insert('orders', order(someone)),
      reservation: await insert('reservations', reservation(someone, { message: 'Table près de la fenêtre' })),
      challenge: await insert('challenge_registrations', { name: 'Efface', email: someone, agreed_to_terms: true }),
    };
    await b.db.query(`select public.anonymise_contact_records($1::text[], $2::uuid[], $3::uuid[], now())`, [
      [gone.order],
      [gone.reservation],
      [gone.challenge],
    ]);
    expect(await row('reservations', gone.reservation)).toMatchObject({ email: placeholder });
    const { data: goneMails } = await service
      .from('notification_outbox')
      .select('recipient')
      .eq('reservation_id', gone.reservation);
    expect(goneMails!.length).toBeGreaterThan(0);

    const holder = await signedInCustomer(b);
    await b.db.query(`update auth.users set email = $2 where id = $1`, [holder.userId, placeholder]);
    // A live record under that address is still theirs and still exported.
    const live = await insert('reservations', reservation(placeholder, { message: 'Réservation encore active' }));

    const { data, error } = await holder.client.rpc('my_data_export');
    expect(error).toBeNull();
    const doc = data as AnyRow;
    expect(doc.profile).toMatchObject({ id: holder.userId, email: placeholder });
    expect(doc.reservations.map((r: AnyRow) => r.id)).toEqual([live]);
    expect(doc.challenge_registrations).toEqual([]);
    expect(doc.orders).toEqual([]);
    expect(doc.addresses).toEqual([]);
    expect(doc.messages.some((m: AnyRow) => m.recipient === 'anonymisé')).toBe(false);
    const text = JSON.stringify({ ...doc, profile: null });
    expect(text).not.toContain('anonymisé');
    expect(text).not.toContain(gone.reservation);
    expect(text).not.toContain(gone.challenge);
  });

  it('refuses the anonymous visitor and the service role has no customer to export', async () => {
    for (const fn of ['my_data_export', 'delete_my_account']) {
      const { data, error } = await b.client().rpc(fn);
      expect(data).toBeNull();
      expect(error?.code).toBe('42501');
    }
    const viaService = await service.rpc('delete_my_account');
    expect(viaService.error?.message).toMatch(/permission denied|Connectez-vous/);
    // Nor may a customer run the retention rules or erase someone else through the internal functions.
    for (const [fn, args] of [
      ['apply_retention', {}],
      ['erase_customer', { p_user_id: bruno.userId, p_now: new Date().toISOString() }],
    ] as const) {
      const { error } = await alice.client.rpc(fn, args);
      expect(error, fn).not.toBeNull();
    }
    expect((await service.auth.admin.getUserById(bruno.userId)).data.user?.id).toBe(bruno.userId);
  });

  it('limits how often an address may export, with a French message', async () => {
    // Every test client calls from 127.0.0.1: start this address's count afresh, away from a minute's end.
    while (new Date().getSeconds() > 50) await new Promise((r) => setTimeout(r, 1000));
    await b.db.query(`delete from public.rate_limit_counters where bucket = 'account_export'`);
    await service.from('rate_limits').update({ max_hits: 2 }).eq('bucket', 'account_export').eq('window_seconds', 60);
    try {
      const hog = await signedInCustomer(b);
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await hog.client.rpc('my_data_export'));
      expect(answers.slice(0, 2).map((a) => a.error)).toEqual([null, null]);
      expect(answers[2]!.status).toBe(429);
      expect(answers[2]!.error?.message).toBe(
        'Trop de demandes depuis votre connexion. Veuillez réessayer dans quelques minutes.',
      );
    } finally {
      await service.from('rate_limits').update(GENEROUS_PRODUCT_LIMITS).eq('bucket', 'account_export');
    }
  });

  it('refuses the deletion while one of her orders is open, before any password, and erases nothing', async () => {
    const refused = (await alice.client.rpc('delete_my_account', { p_password: alice.password })).error;
    expect(refused).toMatchObject({ details: REFUSALS.open_order.code, hint: REFUSALS.open_order.title });
    expect(refused?.message).toBe(REFUSALS.open_order.message);
    expect(refused?.message).toMatch(/^Vous avez une commande en cours/);
    // Without a password it is the same answer: the order, not the password, stops it.
    expect((await alice.client.rpc('delete_my_account')).error?.message).toBe(REFUSALS.open_order.message);
    expect(await row('orders', ids.aliceAccount)).toMatchObject({
      customer_address: '12 rue de la Gare',
      user_id: alice.userId,
      anonymised_at: null,
    });
    expect((await service.auth.admin.getUserById(alice.userId)).data.user?.id).toBe(alice.userId);

    // Every status but delivered/collected (Livrée) and refused (Annulée) is open, the guest order by her e-mail too.
    for (const status of ['Bien reçu', 'En préparation', 'Prêt', 'Prête pour Livraison', 'En livraison']) {
      await service.from('orders').update({ status }).eq('id', ids.aliceAccount).throwOnError();
      expect((await alice.client.rpc('delete_my_account')).error?.details, status).toBe('open_order');
    }
    await service.from('orders').update({ status: 'Livrée' }).eq('id', ids.aliceAccount).throwOnError();
    expect((await alice.client.rpc('delete_my_account')).error?.details).toBe('open_order');
    await service.from('orders').update({ status: 'Annulée' }).eq('id', ids.aliceGuest).throwOnError();
    expect((await alice.client.rpc('delete_my_account')).error?.details).toBe('password_required');
  });

  it('asks for the password again before deleting, and says when it is wrong', async () => {
    const none = await alice.client.rpc('delete_my_account');
    expect(none.error?.message).toBe('Saisissez votre mot de passe pour supprimer votre compte.');
    const wrong = await alice.client.rpc('delete_my_account', { p_password: 'not-her-password' });
    expect(wrong.error).toBeNull();
    expect(wrong.data).toEqual({ deleted: false, reason: 'wrong_password' });
    const wrongCode = await alice.client.rpc('delete_my_account', { p_nonce: '123456' });
    expect(wrongCode.data).toEqual({ deleted: false, reason: 'wrong_password' });
    expect((await service.auth.admin.getUserById(alice.userId)).data.user?.id).toBe(alice.userId);
  });

  it('deletes the account: orders kept and anonymised, sign-in and sessions gone, others untouched', async () => {
    const session = (await alice.client.auth.getSession()).data.session!;
    const { data, error } = await alice.client.rpc('delete_my_account', { p_password: alice.password });
    expect(error).toBeNull();
    expect(data).toMatchObject({ deleted: true, orders: 2, reservations: 1, challenge_registrations: 1 });

    const kept = await row('orders', ids.aliceAccount);
    expect(kept).toMatchObject({
      customer_name: 'Client anonymisé',
      customer_phone: '—',
      customer_email: null,
      customer_address: 'Adresse supprimée',
      customer_postal_code: '4601',
      customer_city: 'Differdange',
      notes: null,
      user_id: null,
      grand_total: 17.5,
      order_items: [line],
    });
    expect(kept.anonymised_at).not.toBeNull();
    expect(await row('orders', ids.aliceGuest)).toMatchObject({
      customer_email: null,
      customer_name: 'Client anonymisé',
    });
    expect(await row('reservations', ids.aliceReservation)).toMatchObject({
      name: 'Client anonymisé',
      email: 'anonyme@anonyme.invalid',
      message: null,
      status: 'Annulée',
    });
    expect(await row('challenge_registrations', ids.aliceChallenge)).toMatchObject({
      name: 'Participant anonymisé',
      phone: null,
    });
    const { data: outbox } = await service
      .from('notification_outbox')
      .select('recipient, payload')
      .eq('order_id', ids.aliceAccount);
    expect(outbox!.length).toBeGreaterThan(0);
    expect(outbox!.every((n) => n.recipient === 'anonymisé' && JSON.stringify(n.payload) === '{}')).toBe(true);

    // Bruno's records did not move.
    expect(await row('orders', ids.bruno)).toMatchObject({
      customer_email: bruno.email,
      user_id: bruno.userId,
      anonymised_at: null,
    });
    expect(await row('reservations', ids.brunoReservation)).toMatchObject({ email: bruno.email, status: 'En attente' });
    expect(await row('challenge_registrations', ids.brunoChallenge)).toMatchObject({ email: bruno.email });

    // No sign-in, no refresh, no user behind the old access token.
    const signIn = await b.client().auth.signInWithPassword({ email: alice.email, password: alice.password });
    expect(signIn.error?.code).toBe('invalid_credentials');
    const refresh = await b.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error).not.toBeNull();
    expect((await b.client().auth.getUser(session.access_token)).error).not.toBeNull();
    expect((await service.auth.admin.getUserById(alice.userId)).data.user).toBeNull();
    // The old token still parses until it expires but sees nothing any more.
    const { data: visible } = await b.client(session.access_token).from('orders').select('id');
    expect(visible).toEqual([]);
  });

  it('refuses to delete an admin account from the shop', async () => {
    const email = newEmail('gerant');
    const created = await service.auth.admin.createUser({
      email,
      password: 'frango-grelhado-42',
      email_confirm: true,
      app_metadata: { role: 'admin' },
    });
    expect(created.error).toBeNull();
    const client = b.client();
    await client.auth.signInWithPassword({ email, password: 'frango-grelhado-42' });
    const { error } = await client.rpc('delete_my_account', { p_password: 'frango-grelhado-42' });
    expect(error?.message).toBe('Un compte administrateur ne peut pas être supprimé depuis la boutique.');
    expect((await service.auth.admin.getUserById(created.data.user!.id)).data.user).not.toBeNull();
  });

  it('applies the 3-year contact retention: an old order anonymised, a recent one and a returning customer’s kept', async () => {
    const oldEmail = newEmail('ancien');
    const returning = newEmail('fidele');
    const oldOrder = await insert(
      'orders',
      order(oldEmail, { created_at: ago(THREE_YEARS_AND_A_MONTH), customer_phone: '+352 621 100 100' }),
    );
    const recentOrder = await insert(
      'orders',
      order(newEmail('recent'), { created_at: ago(30), customer_phone: '+352 621 200 200' }),
    );
    const returningOld = await insert(
      'orders',
      order(returning, { created_at: ago(THREE_YEARS_AND_A_MONTH), customer_phone: '+352 621 300 300' }),
    );
    // Came back last month, by phone only: the last exchange is recent, the old order keeps its contact.
    await insert(
      'orders',
      order(null, {
        created_at: ago(25),
        customer_phone: '00352621300300',
        ...PICKUP,
      }),
    );
    const oldReservation = await insert(
      'reservations',
      reservation(newEmail('resa'), {
        created_at: ago(THREE_YEARS_AND_A_MONTH + 10),
        reservation_date: ago(THREE_YEARS_AND_A_MONTH).slice(0, 10),
        phone: '+352 661 400 400',
      }),
    );
    const decadeOld = await insert(
      'orders',
      order(newEmail('decennie'), { created_at: ago(10 * 366), customer_phone: '+352 621 500 500' }),
    );
    // An account nobody used for more than 3 years, and one created then but signed in last week.
    const sleeper = await service.auth.admin.createUser({
      email: newEmail('dormeur'),
      password: 'frango-grelhado-42',
      email_confirm: true,
    });
    const active = await service.auth.admin.createUser({
      email: newEmail('actif'),
      password: 'frango-grelhado-42',
      email_confirm: true,
    });
    await b.db.query(`update auth.users set created_at = $2, last_sign_in_at = $2 where id = $1`, [
      sleeper.data.user!.id,
      ago(THREE_YEARS_AND_A_MONTH),
    ]);
    await b.db.query(`update auth.users set created_at = $2, last_sign_in_at = $3 where id = $1`, [
      active.data.user!.id,
      ago(THREE_YEARS_AND_A_MONTH),
      ago(7),
    ]);

    const { data, error } = await service.rpc('apply_retention');
    expect(error).toBeNull();
    expect(data).toMatchObject({ orders: 1, reservations: 1, accounts_deleted: 1, orders_deleted: 1 });

    expect(await row('orders', oldOrder)).toMatchObject({
      customer_name: 'Client anonymisé',
      customer_email: null,
      customer_phone: '—',
      grand_total: 17.5,
    });
    expect(await row('orders', recentOrder)).toMatchObject({
      anonymised_at: null,
      customer_address: '12 rue de la Gare',
    });
    expect(await row('orders', returningOld)).toMatchObject({ anonymised_at: null, customer_email: returning });
    expect(await row('reservations', oldReservation)).toMatchObject({ name: 'Client anonymisé', phone: '—' });
    expect((await service.from('orders').select('id').eq('id', decadeOld)).data).toEqual([]);
    expect((await service.auth.admin.getUserById(sleeper.data.user!.id)).data.user).toBeNull();
    expect((await service.auth.admin.getUserById(active.data.user!.id)).data.user).not.toBeNull();
    expect((await service.auth.admin.getUserById(bruno.userId)).data.user).not.toBeNull();

    // Run again: nothing left to do.
    expect((await service.rpc('apply_retention')).data).toMatchObject({
      orders: 0,
      reservations: 0,
      accounts_deleted: 0,
    });
  });

  it('the embedded backend’s timer applies the rules by itself', async () => {
    const stale = await insert(
      'orders',
      order(newEmail('minuteur'), { created_at: ago(THREE_YEARS_AND_A_MONTH), customer_phone: '+352 621 600 600' }),
    );
    const job = startRetentionJob(b.db, { RETENTION_FIRST_DELAY_SECONDS: '0' });
    try {
      await expect.poll(() => job.last, { timeout: 10_000 }).not.toBeNull();
      expect(job.last!.error).toBeNull();
      expect(job.last!.result).toMatchObject({ orders: 1 });
      expect(await row('orders', stale)).toMatchObject({ customer_name: 'Client anonymisé' });
    } finally {
      await job.stop();
    }
    // The test backend itself runs with RETENTION_AUTO=off.
    expect(b.retention.last).toBeNull();
  });
});
