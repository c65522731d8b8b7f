import crypto from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { preorderSlot } from '../reliability/support/orders.js';
import { signUp, type AnyRow } from './db-support.js';

const DEFAULT_LIMITS = [
  { bucket: 'order', window_seconds: 60, max_hits: 6 },
  { bucket: 'order', window_seconds: 3600, max_hits: 30 },
  { bucket: 'tracking', window_seconds: 60, max_hits: 10 },
  { bucket: 'tracking', window_seconds: 3600, max_hits: 60 },
  { bucket: 'reservation', window_seconds: 60, max_hits: 3 },
  { bucket: 'reservation', window_seconds: 3600, max_hits: 10 },
  { bucket: 'challenge', window_seconds: 60, max_hits: 3 },
  { bucket: 'challenge', window_seconds: 3600, max_hits: 10 },
  { bucket: 'email_recipient', window_seconds: 3600, max_hits: 10 },
];
const CLIENT = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as never },
};
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

const order = (extra: Record<string, unknown> = {}, customer: Record<string, unknown> = {}) => ({
  customer: { name: 'Ana Sousa', phone: '+352 621 555 777', ...customer },
  delivery_method: 'pickup',
  payment_method: 'cash',
  is_preorder: true,
  ...preorderSlot(),
  items: [{ menuItemId: '32', quantity: 1 }],
  ...extra,
});

const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(testDatabases())('public entry points on %s', (kind) => {
  let b: TestBackend;
  let service: SupabaseClient;
  let n = 0;
  /** An anon client whose requests come from its own address (the backend trusts x-forwarded-for here). */
  const from = (ip = `203.0.113.${++n}`, accessToken?: string) =>
    createClient(b.url, b.anonKey, {
      ...CLIENT,
      global: {
        headers: {
          'x-forwarded-for': `${ip}, 10.0.0.1`,
          ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
        },
      },
    });
  const stored = async (id: string) => (await service.from('orders').select('*').eq('id', id).single()).data as AnyRow;

  beforeAll(async () => {
    b = await startTestBackend(kind, { trustProxy: true, productRateLimits: true });
    service = b.serviceClient();
  });
  afterAll(async () => b?.close());
  beforeEach(async () => {
    expect((await service.from('rate_limits').upsert(DEFAULT_LIMITS)).error).toBeNull();
  });

  describe('bounds, refused before any work', () => {
    it('refuses 20,000 options on a line at once, and the backend keeps answering', async () => {
      const client = from();
      const started = performance.now();
      const { error, status } = await client.rpc('place_order', {
        p_order: order({ items: [{ menuItemId: '32', quantity: 1, options: Array(20_000).fill('acc-1') }] }),
      });
      const took = performance.now() - started;
      expect(status).toBe(400);
      expect(error).toMatchObject({
        code: 'P0001',
        details: 'too_many_options',
        hint: 'Article invalide',
        message: 'Un article ne peut pas avoir plus de 10 accompagnements.',
      });
      expect(took).toBeLessThan(3000);
      expect((await client.from('menu_items').select('id').limit(1)).error).toBeNull();
    });

    it('refuses too many lines, too long fields and a pre-order too far ahead with French messages', async () => {
      const client = from();
      const cases: [Record<string, unknown>, string, string][] = [
        [
          order({ items: Array.from({ length: 51 }, () => ({ menuItemId: '32', quantity: 1 })) }),
          'too_many_lines',
          'Votre panier ne peut pas contenir plus de 50 articles différents.',
        ],
        [order({}, { name: 'A'.repeat(201) }), 'field_too_long', 'Le nom ne peut pas dépasser 200 caractères.'],
        [order({ notes: 'n'.repeat(2001) }), 'field_too_long', 'La remarque ne peut pas dépasser 2000 caractères.'],
        [
          order({ preorder_date: '9999-12-31' }),
          'preorder_too_far',
          "Une pré-commande peut être prévue au plus tard 60 jours à l'avance.",
        ],
        [
          order({ notes: 'x'.repeat(70_000) }),
          'request_too_large',
          'La commande est trop grande. Veuillez retirer des articles ou raccourcir les remarques.',
        ],
      ];
      for (const [p_order, code, message] of cases) {
        const { error, status } = await client.rpc('place_order', { p_order });
        expect(status, code).toBe(400);
        expect(error, code).toMatchObject({ details: code, message });
      }
    });

    it('refuses reservations in year 9999 or too long, through the RPC and a plain insert', async () => {
      const client = from();
      const rpc = await client.rpc('create_reservation', {
        p_name: 'Ana',
        p_email: 'ana@example.lu',
        p_phone: '+352621000000',
        p_reservation_date: '9999-12-31',
        p_reservation_time: '20:00',
        p_people: '2',
      });
      expect(rpc.error).toMatchObject({
        details: 'date_too_far',
        message: "Une réservation peut être faite au plus tard un an à l'avance.",
      });
      const insert = await client.from('reservations').insert({
        name: 'Ana',
        email: 'ana@example.lu',
        phone: '+352621000000',
        reservation_date: '9999-12-31',
        reservation_time: '20:00',
        people: '2',
      });
      expect(insert.error).toMatchObject({ details: 'date_too_far' });
      const long = await client.rpc('create_reservation', {
        p_name: 'Ana',
        p_email: 'ana@example.lu',
        p_phone: '6'.repeat(41),
        p_reservation_date: isoDay(3),
        p_reservation_time: '20:00',
        p_people: '2',
      });
      expect(long.error).toMatchObject({
        details: 'field_too_long',
        message: 'Le téléphone ne peut pas dépasser 40 caractères.',
      });
    });
  });

  describe('statement timeout of the API roles', () => {
    beforeAll(async () => {
      await b.db.query(
        `create function public.test_statement_timeout() returns text language sql set search_path = '' as $$ select current_setting('statement_timeout') $$`,
      );
      await b.db.query(
        `create function public.test_sleep(p_seconds float8) returns text language sql set search_path = '' as $$ select pg_sleep(p_seconds)::text $$`,
      );
      await b.db.query(
        `grant execute on function public.test_statement_timeout(), public.test_sleep(float8) to anon, authenticated`,
      );
      await b.db.query(`notify pgrst, 'reload schema'`);
    });

    it("applies the role's settings per request, as PostgREST does: anon 3 s, authenticated 8 s, service role none", async () => {
      const token = await b.context.jwt.sign(
        { role: 'authenticated', sub: crypto.randomUUID(), aud: 'authenticated' },
        600,
      );
      expect((await from().rpc('test_statement_timeout')).data).toBe('3s');
      expect((await from(undefined, token).rpc('test_statement_timeout')).data).toBe('8s');
      expect((await service.rpc('test_statement_timeout')).data).toBe('0');
    });

    it(
      kind === 'postgres'
        ? 'cancels a statement of anon that runs longer than 3 s (57014), and keeps answering'
        : 'ends a statement of anon past its bound on PGlite (1 s: the engine is reopened), and keeps answering',
      async () => {
        const started = performance.now();
        const slow = await from().rpc('test_sleep', { p_seconds: 3.5 });
        const took = performance.now() - started;
        expect(slow.error?.code).toBe('57014');
        // PostgreSQL cancels at the role's 3 s; PGlite ends its worker at 1 s and answers once it is reopened
        // (under a second on a quiet machine, a few on a loaded one): the 57014 above is the proof there.
        expect(took).toBeLessThan(kind === 'postgres' ? 3400 : 8000);
        expect((await from().from('menu_items').select('id').limit(1)).error).toBeNull();
      },
      30_000,
    );
  });

  describe('control characters never reach the stored texts', () => {
    it('strips them from an order, keeping the line breaks of the notes', async () => {
      const { data, error } = await from().rpc('place_order', {
        p_order: order(
          { notes: 'Porte\u001dV B\r\n2e étage\u0007\u009b' },
          { name: 'Bob\u001bp022', phone: '+352 621\u0001 555 777', email: 'bob\u0010@example.lu' },
        ),
      });
      expect(error).toBeNull();
      const row = await stored(data.id);
      expect(row.customer_name).toBe('Bobp022');
      expect(row.customer_phone).toBe('+352621555777');
      expect(row.customer_email).toBe('bob@example.lu');
      expect(row.notes).toBe('PorteV B\n2e étage');
      for (const v of [row.customer_name, row.customer_phone, row.customer_email, row.notes.replace(/\n/g, '')])
        expect(v).not.toMatch(CONTROL);
    });

    it('refuses a name made only of control characters as a missing field', async () => {
      const { error } = await from().rpc('place_order', { p_order: order({}, { name: '\u001b\u001b' }) });
      expect(error).toMatchObject({ details: 'missing_fields' });
    });

    it('strips them from reservations and challenge sign-ups, by RPC and by plain insert', async () => {
      // Letters first: a name needs two (is_person_name), whatever the random part.
      const tag = `ab${crypto.randomBytes(3).toString('hex')}`;
      const client = from();
      expect(
        (
          await client.rpc('create_reservation', {
            p_name: `R${tag}\u001bp0`,
            p_email: 'ana@example.lu',
            p_phone: '+352 621\u001d 000 000',
            p_reservation_date: isoDay(3),
            p_reservation_time: '20:00',
            p_people: '2',
            p_message: 'a\u0007\nb',
          })
        ).error,
      ).toBeNull();
      expect(
        (
          await client.from('reservations').insert({
            name: `I${tag}\u001b`,
            email: 'ana@example.lu',
            phone: '+352621000000',
            reservation_date: isoDay(3),
            reservation_time: '20:00',
            people: '2',
            message: 'x\u009by',
          })
        ).error,
      ).toBeNull();
      expect(
        (
          await client.rpc('register_challenge', {
            p_name: `C${tag}\u001b@`,
            p_email: 'c@example.lu',
            p_phone: '+352 6\u000121 000 000',
            p_agreed_to_terms: true,
          })
        ).error,
      ).toBeNull();
      expect(
        (
          await client
            .from('challenge_registrations')
            .insert({ name: `D${tag}\u0007`, email: 'd@example.lu', agreed_to_terms: true })
        ).error,
      ).toBeNull();
      const reservations = (
        await service.from('reservations').select('name, phone, message').like('name', `%${tag}%`).order('name')
      ).data!;
      expect(reservations).toEqual([
        { name: `I${tag}`, phone: '+352621000000', message: 'xy' },
        { name: `R${tag}p0`, phone: '+352621000000', message: 'a\nb' },
      ]);
      const challengers = (
        await service.from('challenge_registrations').select('name, phone').like('name', `%${tag}%`).order('name')
      ).data!;
      expect(challengers).toEqual([
        { name: `C${tag}@`, phone: '+352621000000' },
        { name: `D${tag}`, phone: null },
      ]);
    });
  });

  describe('reservations from the public', () => {
    it('ignore a client-chosen id and created_at', async () => {
      const id = crypto.randomUUID();
      const tag = crypto.randomBytes(3).toString('hex');
      const { error } = await from()
        .from('reservations')
        .insert({
          id,
          created_at: '2000-01-01T00:00:00Z',
          name: `Chosen ${tag}`,
          email: 'ana@example.lu',
          phone: '+352621000000',
          reservation_date: isoDay(3),
          reservation_time: '20:00',
          people: '2',
        });
      expect(error).toBeNull();
      const row = (await service.from('reservations').select('id, created_at').eq('name', `Chosen ${tag}`).single())
        .data!;
      expect(row.id).not.toBe(id);
      expect(Date.now() - Date.parse(row.created_at)).toBeLessThan(600_000);
    });
  });

  describe('tracking by phone number', () => {
    let placed: AnyRow;
    const phone = '+352 691 222 333';
    /** Where the customer placed the order from: a phone lookup finds it from there only. */
    const home = '203.0.113.250';
    beforeAll(async () => {
      const { data, error } = await from(home).rpc('place_order', {
        p_order: {
          ...order(
            { notes: 'Code porte 4521' },
            { phone, email: 'suivi@example.lu', address: '3 rue du Parc', postalCode: '4601', city: 'Differdange' },
          ),
          delivery_method: 'delivery',
          items: [{ menuItemId: '32', quantity: 3 }],
        },
      });
      expect(error).toBeNull();
      placed = data;
    });

    it('hides the address, notes, town, items and amounts unless the order number is given', async () => {
      const byPhone = (await from(home).rpc('track_order', { p_term: '691222333' })).data;
      expect(byPhone).toMatchObject({
        order_number: null,
        status: 'En attente',
        customer_address: null,
        customer_postal_code: null,
        notes: null,
        customer_city: null,
        order_items: [],
        grand_total: null,
        details_hidden: true,
      });
      expect((await from().rpc('track_order', { p_term: '691222333' })).data).toBeNull();
      const byNumber = (await from().rpc('track_order', { p_term: placed.order_number })).data;
      expect(byNumber).toMatchObject({
        customer_address: '3 rue du Parc',
        customer_postal_code: '4601',
        notes: 'Code porte 4521',
        details_hidden: false,
      });
    });

    it('shows them to the signed-in owner searching by phone', async () => {
      const sub = crypto.randomUUID();
      await signUp(b, { sub, email: 'suivi@example.lu' });
      const token = await b.context.jwt.sign(
        { role: 'authenticated', sub, aud: 'authenticated', email: 'suivi@example.lu' },
        600,
      );
      const mine = (await from(undefined, token).rpc('track_order', { p_term: phone })).data;
      expect(mine).toMatchObject({
        customer_address: '3 rue du Parc',
        notes: 'Code porte 4521',
        details_hidden: false,
      });
    });

    it('finds only recent or active orders by phone', async () => {
      await b.db.query(
        `update public.orders set created_at = now() - interval '3 days', status = 'Livrée' where id = $1`,
        [placed.id],
      );
      expect((await from(home).rpc('track_order', { p_term: phone })).data).toBeNull();
      expect((await from().rpc('track_order', { p_term: placed.order_number })).data?.status).toBe('Livrée');
      await b.db.query(
        `update public.orders set created_at = now() - interval '3 days', status = 'En préparation' where id = $1`,
        [placed.id],
      );
      expect((await from(home).rpc('track_order', { p_term: phone })).data?.status).toBe('En préparation');
    });
  });

  describe('rate limits per client address (HTTP 429)', () => {
    it('refuses the seventh order in a minute from one address, not from another, nor the service role', async () => {
      const client = from();
      for (let i = 0; i < 6; i++)
        expect((await client.rpc('place_order', { p_order: order() })).error, `order ${i + 1}`).toBeNull();
      const { error, status } = await client.rpc('place_order', { p_order: order() });
      expect(status).toBe(429);
      expect(error).toMatchObject({
        code: 'PT429',
        details: 'rate_limited',
        hint: 'Trop de demandes',
        message:
          'Trop de commandes envoyées depuis votre connexion. Veuillez réessayer dans quelques minutes ou appeler le restaurant.',
      });
      expect((await from().rpc('place_order', { p_order: order() })).error).toBeNull();
      expect((await service.rpc('place_order', { p_order: order() })).error).toBeNull();
      expect((await service.from('rate_limits').update({ max_hits: 1000 }).eq('bucket', 'order')).error).toBeNull();
      expect((await client.rpc('place_order', { p_order: order() })).error).toBeNull();
    });

    it('does not count a retry of the same request id, nor a refused order', async () => {
      const client = from();
      const retried = order({ request_id: crypto.randomUUID() });
      for (let i = 0; i < 8; i++) expect((await client.rpc('place_order', { p_order: retried })).error).toBeNull();
      for (let i = 0; i < 8; i++)
        expect((await client.rpc('place_order', { p_order: order({ items: [] }) })).error?.details).toBe('empty_cart');
      for (let i = 0; i < 5; i++)
        expect((await client.rpc('place_order', { p_order: order() })).error, `order ${i + 2}`).toBeNull();
      expect((await client.rpc('place_order', { p_order: order() })).status).toBe(429);
    });

    it('counts distinct tracking terms: ten new ones a minute, refreshing one is free', async () => {
      const client = from();
      for (let i = 0; i < 30; i++) expect((await client.rpc('track_order', { p_term: '621000000' })).error).toBeNull();
      for (let i = 1; i < 10; i++)
        expect((await client.rpc('track_order', { p_term: `62100000${i}` })).error, `term ${i}`).toBeNull();
      const { error, status } = await client.rpc('track_order', { p_term: '621000010' });
      expect(status).toBe(429);
      expect(error?.message).toBe(
        'Trop de recherches depuis votre connexion. Veuillez réessayer dans quelques minutes.',
      );
      expect((await client.rpc('track_order', { p_term: '621000003' })).error).toBeNull();
    });

    it('limits reservations and challenge sign-ups, by RPC and by plain insert', async () => {
      const client = from();
      const reservation = {
        p_name: 'Ana',
        p_email: 'ana@example.lu',
        p_phone: '+352621000000',
        p_reservation_date: isoDay(3),
        p_reservation_time: '20:00',
        p_people: '2',
      };
      for (let i = 0; i < 3; i++) expect((await client.rpc('create_reservation', reservation)).error).toBeNull();
      expect((await client.rpc('create_reservation', reservation)).status).toBe(429);
      const insert = await client.from('reservations').insert({
        name: 'Ana',
        email: 'ana@example.lu',
        phone: '+352621000000',
        reservation_date: isoDay(3),
        reservation_time: '20:00',
        people: '2',
      });
      expect(insert.status).toBe(429);
      expect(insert.error?.message).toBe(
        'Trop de réservations envoyées depuis votre connexion. Veuillez réessayer plus tard ou appeler le restaurant.',
      );
      for (let i = 0; i < 3; i++)
        expect(
          (
            await client.rpc('register_challenge', {
              p_name: 'Tiago',
              p_email: 't@example.lu',
              p_agreed_to_terms: true,
            })
          ).error,
        ).toBeNull();
      const fourth = await client
        .from('challenge_registrations')
        .insert({ name: 'Tiago', email: 't@example.lu', agreed_to_terms: true });
      expect(fourth.status).toBe(429);
      expect(fourth.error?.message).toBe(
        "Trop d'inscriptions envoyées depuis votre connexion. Veuillez réessayer plus tard.",
      );
    });

    it('keeps restaurant e-mail to one recipient under its limit, whatever address sends the orders', async () => {
      expect(
        (await service.from('rate_limits').update({ max_hits: 2 }).eq('bucket', 'email_recipient')).error,
      ).toBeNull();
      const victim = `cible.${crypto.randomBytes(3).toString('hex')}@example.lu`;
      for (let i = 0; i < 3; i++)
        expect((await from().rpc('place_order', { p_order: order({}, { email: victim }) })).error).toBeNull();
      const mails = (
        await service
          .from('notification_outbox')
          .select('status, last_error')
          .eq('recipient', victim)
          .order('created_at')
      ).data!;
      expect(mails.map((m) => m.status)).toEqual(['pending', 'pending', 'failed']);
      expect(mails[2]!.last_error).toMatch(/rate limit/);
    });

    it('takes the address from the socket when no proxy is trusted: a forged x-forwarded-for does not help', async () => {
      const direct = await startTestBackend(kind, { productRateLimits: true });
      try {
        const forged = (i: number) =>
          createClient(direct.url, direct.anonKey, {
            ...CLIENT,
            global: { headers: { 'x-forwarded-for': `198.51.100.${i}` } },
          });
        for (let i = 0; i < 6; i++) expect((await forged(i).rpc('place_order', { p_order: order() })).error).toBeNull();
        expect((await forged(99).rpc('place_order', { p_order: order() })).status).toBe(429);
        const subjects = (
          await direct.db.query<{ subject: string }>(
            `select distinct subject from public.rate_limit_counters where bucket = 'order'`,
          )
        ).rows;
        expect(subjects.map((r) => r.subject)).toEqual(['127.0.0.1']);
      } finally {
        await direct.close();
      }
    });
  });
});
