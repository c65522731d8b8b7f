// Security pass over the entry points of 20251126100000_opening_hours, 20251126110000_gdpr and
// 20251126120000_restaurant_identity, as anon, a customer and a hostile admin, through supabase-js over HTTP
// and WebSocket (docs/SECURITY-REVIEW.md, section 7). Each attack stays as a regression.
import crypto from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { signedInCustomer } from './auth-helpers.js';
import { DEFAULT_RESTAURANT_IDENTITY } from '../../src/shared/domain/restaurant.js';
import { storeSettingsFromRows } from '../../src/shared/domain/store-settings.js';
import { restaurantFromSetting } from '../../supabase/functions/_shared/restaurant.ts';
import { renderReservationReceived } from '../../supabase/functions/_shared/templates/index.ts';

const DAY = 86_400_000;
/** A Luxembourg date `days` from today, as the database's restaurant_today() counts. */
const isoDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Luxembourg' }).format(new Date(Date.now() + days * DAY));

/** Epson commands and line breaks: open the drawer, cut, re-initialise, a forged e-mail header. */
const CONTROL = ['\x1bp\x00\x19\xfa', '\x1dV\x00', '\r\nBcc: victim@example.com', '\x07', '\x7f', '\x9b'];

describe.each(testDatabases())('recent entry points under attack on %s', (kind) => {
  let b: TestBackend;
  let boss: SupabaseClient;
  let shopper: SupabaseClient;
  let visitor: SupabaseClient;
  let weekly: Record<string, unknown>;

  beforeAll(async () => {
    // The real product rate limits: the account calls' limits are part of what is attacked.
    b = await startTestBackend(kind, { productRateLimits: true });
    const token = (app: Record<string, unknown>) =>
      b.context.jwt.sign(
        {
          role: 'authenticated',
          aud: 'authenticated',
          sub: crypto.randomUUID(),
          email: 'x@example.lu',
          app_metadata: app,
        },
        3600,
      );
    boss = b.client(await token({ role: 'admin' }));
    shopper = b.client(await token({ provider: 'email' }));
    visitor = b.client();
    const { rows } = await b.db.query<{ value: Record<string, unknown> }>(
      `select value from public.store_settings where key = 'opening_hours'`,
    );
    weekly = rows[0]!.value;
  }, 180_000);
  afterAll(async () => b?.close());
  afterEach(async () => {
    await b.db.query(`update public.store_settings set value = $1::jsonb where key = 'restaurant'`, [
      JSON.stringify(DEFAULT_RESTAURANT_IDENTITY),
    ]);
    await b.db.query(`update public.store_settings set value = $1::jsonb where key = 'opening_hours'`, [
      JSON.stringify(weekly),
    ]);
    await b.db.query(`delete from public.opening_exceptions`);
  });

  describe('opening exceptions and the weekly schedule', () => {
    const closure = (over: Record<string, unknown> = {}) => ({
      day: isoDay(10),
      is_closed: true,
      services: [],
      reason: 'Congé annuel',
      ...over,
    });

    it('lets anon and a customer read the exceptions but neither write nor delete them', async () => {
      expect((await boss.from('opening_exceptions').insert(closure())).error).toBeNull();
      for (const who of [visitor, shopper]) {
        const { data } = await who.from('opening_exceptions').select('day, reason');
        expect(data).toEqual([{ day: isoDay(10), reason: 'Congé annuel' }]);
        const inserted = await who.from('opening_exceptions').insert(closure({ day: isoDay(11) }));
        expect(inserted.error?.code).toBe('42501');
        await who.from('opening_exceptions').update({ reason: 'piraté' }).eq('day', isoDay(10));
        await who.from('opening_exceptions').delete().eq('day', isoDay(10));
        await who.from('opening_exceptions').upsert(closure({ reason: 'piraté' }));
      }
      const { rows } = await b.db.query(`select day::text, reason from public.opening_exceptions`);
      expect(rows).toEqual([{ day: isoDay(10), reason: 'Congé annuel' }]);
    });

    it('refuses an admin’s exception with a date, services or reason out of bounds', async () => {
      const bad: [Record<string, unknown>, RegExp][] = [
        [closure({ day: '99999-01-01' }), /.+/],
        [closure({ day: 'infinity' }), /A data deve estar entre hoje e daqui a dois anos/],
        [closure({ day: isoDay(731) }), /A data deve estar entre hoje e daqui a dois anos/],
        [closure({ day: '2020-02-30' }), /.+/],
        [closure({ day: isoDay(-5) }), /A data deve estar entre hoje e daqui a dois anos/],
        [closure({ reason: 'x'.repeat(201) }), /^O motivo tem no máximo 200 caracteres\.$/],
        [
          closure({ reason: 'Noël \u202e21 04 85 62' }),
          /^O motivo não pode conter quebras de linha nem caracteres de controlo\.$/,
        ],
        ...CONTROL.map((c): [Record<string, unknown>, RegExp] => [
          closure({ reason: `Noël${c}` }),
          /^O motivo não pode conter quebras de linha nem caracteres de controlo\.$|unsupported Unicode escape/,
        ]),
        [closure({ services: [['11:00', '15:00']] }), /closed_or_open/],
        [closure({ is_closed: false, services: [] }), /closed_or_open/],
        [
          closure({ is_closed: false, services: Array.from({ length: 5 }, (_, i) => [`1${i}:00`, `1${i}:30`]) }),
          /services_valid/,
        ],
        [
          closure({
            is_closed: false,
            services: [
              ['11:00', '15:00'],
              ['14:00', '18:00'],
            ],
          }),
          /services_valid/,
        ],
        [closure({ is_closed: false, services: [['18:00', '24:00']] }), /services_valid/],
        [closure({ is_closed: false, services: [['15:00', '11:00']] }), /services_valid/],
        [closure({ is_closed: false, services: [[1100, 1500]] }), /services_valid/],
        [closure({ is_closed: false, services: [['11:00', '15:00', '16:00']] }), /services_valid/],
        [closure({ is_closed: false, services: { '0': ['11:00', '15:00'] } }), /services_valid|non-array/],
        [closure({ is_closed: false, services: 'all day' }), /.+/],
      ];
      for (const [row, message] of bad) {
        const { error } = await boss.from('opening_exceptions').insert(row);
        expect(error?.message, JSON.stringify(row).slice(0, 120)).toMatch(message);
      }
      expect((await b.db.query(`select count(*)::int as n from public.opening_exceptions`)).rows[0]).toEqual({ n: 0 });
    });

    it('stores SQL-looking reasons as text and shows them verbatim in the French refusal', async () => {
      const reason = `'); drop table public.orders; --`;
      expect((await boss.from('opening_exceptions').insert(closure({ day: isoDay(0), reason }))).error).toBeNull();
      const refusal = await visitor.rpc('opening_refusal', { p_at: new Date().toISOString() });
      expect(refusal.error).toBeNull();
      expect(refusal.data).toContain(`Fermé aujourd'hui (${reason})`);
      expect((await b.db.query(`select to_regclass('public.orders') is not null as ok`)).rows[0]).toEqual({ ok: true });
    });

    it('refuses instants out of range in the public opening functions with a French message', async () => {
      for (const p_at of [
        'infinity',
        '-infinity',
        '294276-12-31T23:00:00Z',
        '99999-01-01T00:00:00Z',
        '1970-01-01T00:00:00Z',
        null,
      ]) {
        for (const fn of ['next_opening', 'opening_refusal'] as const) {
          const { data, error } = await visitor.rpc(fn, { p_at });
          expect(data, `${fn}(${p_at})`).toBeNull();
          expect(error?.message, `${fn}(${p_at})`).toBe(
            "Date et heure invalides : indiquez un instant entre l'an 2000 et l'an 2199.",
          );
          expect(error?.code).toBe('22008');
        }
      }
      // In range they answer, whatever the shape of a valid time stamp.
      for (const p_at of [new Date().toISOString(), '2199-12-31T22:59:59Z', '2000-01-01T00:00:00Z']) {
        const { error } = await visitor.rpc('next_opening', { p_at });
        expect(error, p_at).toBeNull();
      }
      // A timestamp without time zone is read as the restaurant's wall clock: 'infinity' is not a service.
      expect((await visitor.rpc('kitchen_open_at', { p_local: 'infinity' })).data).toBe(false);
      // The internal checks stay closed to the public.
      for (const [fn, args] of [
        ['check_preorder_slot', { p_date: '99999-01-01', p_time: '12:00', p_today: isoDay(0) }],
        ['order_slot_offered', { p_slot: 'infinity', p_preorder: true }],
        ['opening_exception_date_in_range', {}],
      ] as const) {
        const { error } = await visitor.rpc(fn, args);
        expect(error, fn).not.toBeNull();
        expect(['42501', 'PGRST202']).toContain(error!.code);
      }
    });

    it('refuses a weekly schedule with unknown keys, huge values or numbers out of bounds', async () => {
      const days = weekly.days as Record<string, unknown>;
      const bad = [
        { ...weekly, junk: 'x'.repeat(300_000) },
        { ...weekly, notes: '<script>alert(1)</script>' },
        { ...weekly, timezone: 'Europe/'.padEnd(65, 'x') },
        { ...weekly, slot_minutes: 7 },
        { ...weekly, slot_minutes: 0 },
        { ...weekly, slot_minutes: -15 },
        { ...weekly, slot_minutes: '15' },
        { ...weekly, last_order_minutes_before_close: 181 },
        { ...weekly, last_order_minutes_before_close: -1 },
        { ...weekly, last_order_minutes_before_close: 1e300 },
        { ...weekly, days: { ...days, '8': [] } },
        { ...weekly, days: { ...days, '1': [['11:00', '15:00']].concat(Array(4).fill(['16:00', '17:00'])) } },
        { ...weekly, days: { ...days, '1': [['23:00', '01:00']] } },
        { ...weekly, days: [] },
      ];
      for (const value of bad) {
        const { error } = await boss.from('store_settings').update({ value }).eq('key', 'opening_hours');
        expect(error, JSON.stringify(value).slice(0, 160)).not.toBeNull();
      }
      const { rows } = await b.db.query(`select value from public.store_settings where key = 'opening_hours'`);
      expect(rows[0]!.value).toEqual(weekly);
      // The customer cannot write it at all (no row matched by the update policy).
      await shopper
        .from('store_settings')
        .update({ value: { ...weekly, slot_minutes: 60 } })
        .eq('key', 'opening_hours');
      expect(
        (await b.db.query(`select value from public.store_settings where key = 'opening_hours'`)).rows[0]!.value,
      ).toEqual(weekly);
    });

    it('takes from an admin only a time zone that PostgreSQL knows, refusing any other in Portuguese', async () => {
      const zone = async () =>
        (await b.db.query<{ tz: string }>(`select public.restaurant_time_zone() as tz`)).rows[0]!.tz;
      // timezone() takes POSIX rules and any case; none of these is in pg_timezone_names.
      const bad: unknown[] = ['Mars/Olympus_Mons', 'UTC+3', 'XYZ-5', 'europe/luxembourg', ' Europe/Luxembourg', ''];
      bad.push('Europe/Luxembourg\n', "Europe/Luxembourg'; drop table public.orders; --", 352, null);
      for (const timezone of bad) {
        const { error } = await boss
          .from('store_settings')
          .update({ value: { ...weekly, timezone } })
          .eq('key', 'opening_hours');
        expect(error?.code, JSON.stringify(timezone)).toBe('23514');
        expect(error?.message, JSON.stringify(timezone)).toBe(
          'Fuso horário desconhecido: indique um fuso horário IANA, por exemplo Europe/Luxembourg.',
        );
        expect(error?.hint).toBe('Fuso horário inválido');
        expect(await zone()).toBe('Europe/Luxembourg');
      }
      for (const timezone of ['Europe/Lisbon', 'America/New_York', 'Europe/Luxembourg']) {
        const { error } = await boss
          .from('store_settings')
          .update({ value: { ...weekly, timezone } })
          .eq('key', 'opening_hours');
        expect(error, timezone).toBeNull();
        expect(await zone()).toBe(timezone);
      }
      // The rest of the schedule saves as before with the zone unchanged.
      const saved = await boss
        .from('store_settings')
        .update({ value: { ...weekly, slot_minutes: 30 } })
        .eq('key', 'opening_hours');
      expect(saved.error).toBeNull();
    });

    it('sends anon the changes of the exceptions and the public settings over realtime, never a hidden setting', async () => {
      const seen: string[] = [];
      const ch = visitor
        .channel(`recent-${kind}`)
        .on('postgres_changes' as never, { event: '*', schema: 'public', table: 'opening_exceptions' }, () =>
          seen.push('opening_exceptions'),
        )
        .on(
          'postgres_changes' as never,
          { event: '*', schema: 'public', table: 'store_settings' },
          (p: { new: { key: string } }) => seen.push(p.new.key),
        );
      await new Promise<void>((resolve, reject) =>
        ch.subscribe((s) =>
          s === 'SUBSCRIBED' ? resolve() : s === 'CHANNEL_ERROR' ? reject(new Error(s)) : undefined,
        ),
      );
      const hidden = await b.db.query<{ value: unknown }>(
        `select value from public.store_settings where key = 'order_acceptance'`,
      );
      expect(
        (await boss.from('store_settings').update({ value: hidden.rows[0]!.value }).eq('key', 'order_acceptance'))
          .error,
      ).toBeNull();
      expect((await boss.from('opening_exceptions').insert(closure())).error).toBeNull();
      expect(
        (
          await boss
            .from('store_settings')
            .update({ value: { ...DEFAULT_RESTAURANT_IDENTITY, name: 'Chez Zé' } })
            .eq('key', 'restaurant')
        ).error,
      ).toBeNull();
      const deadline = Date.now() + 8000;
      while (seen.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 300));
      expect(seen.sort()).toEqual(['opening_exceptions', 'restaurant']);
      await visitor.removeChannel(ch);
    });
  });

  describe('GDPR calls', () => {
    it('refuse anon, take no one else’s id, run no export over GET and keep the internals closed', async () => {
      for (const fn of ['my_data_export', 'delete_my_account'] as const) {
        const { error } = await visitor.rpc(fn);
        expect(error?.code, fn).toBe('42501');
      }
      const alice = await signedInCustomer(b);
      const bruno = await signedInCustomer(b);
      for (const args of [{ p_user_id: bruno.userId }, { user_id: bruno.userId }, { uid: bruno.userId }]) {
        expect((await alice.client.rpc('my_data_export', args)).error?.code).toBe('PGRST202');
        expect((await alice.client.rpc('delete_my_account', args)).error?.code).toBe('PGRST202');
      }
      const token = (await alice.client.auth.getSession()).data.session!.access_token;
      const overGet = await fetch(`${b.url}/rest/v1/rpc/my_data_export`, {
        headers: { apikey: b.anonKey, authorization: `Bearer ${token}` },
      });
      expect(overGet.status).toBe(405);
      for (const [fn, args] of [
        ['apply_retention', { p_now: '2099-01-01T00:00:00Z' }],
        ['erase_customer', { p_user_id: bruno.userId, p_now: new Date().toISOString() }],
        ['anonymise_contact_records', { p_order_ids: [], p_reservation_ids: [], p_challenge_ids: [], p_now: null }],
        ['customer_order_ids', { p_user_id: bruno.userId, p_email: bruno.email }],
        ['confirmed_email_of', { p_user_id: bruno.userId }],
        ['check_account_rate_limit', { p_bucket: 'account_export' }],
        // The owner's export and erasure, and promotional consent: only through their admin-only or own entry points.
        ['customer_data_export', { p_user_id: bruno.userId, p_email: bruno.email, p_phone_key: null }],
        ['erase_guest', { p_email: bruno.email, p_phone_key: null, p_now: new Date().toISOString() }],
        ['admin_customer_target', { p_user_id: bruno.userId, p_email: null, p_phone: null }],
        ['admin_customer_export', { p_user_id: bruno.userId }],
        ['admin_customer_erase', { p_user_id: bruno.userId }],
        ['promotion_audience', {}],
        ['record_promotion_consent', { p_email: bruno.email, p_consent: true, p_source: 'admin' }],
        ['forget_promotion_consent', { p_email: bruno.email }],
      ] as const) {
        for (const who of [visitor, alice.client]) {
          const { error } = await who.rpc(fn, args);
          expect(error?.code, fn).toBe('42501');
        }
      }
      const { rows } = await b.db.query(`select count(*)::int as n from auth.users where id = $1`, [bruno.userId]);
      expect(rows[0]).toEqual({ n: 1 });
    });

    it('limit exports per address with a French message, refuse the admin’s own deletion, and end a deleted account', async () => {
      const carla = await signedInCustomer(b);
      const results = [];
      for (let i = 0; i < 31; i++) results.push(await carla.client.rpc('my_data_export'));
      const ok = results.filter((r) => r.error === null).length;
      expect(ok).toBeGreaterThanOrEqual(5);
      expect(ok).toBeLessThanOrEqual(10);
      expect(results.at(-1)!.error).toMatchObject({
        code: 'PT429',
        message: 'Trop de demandes depuis votre connexion. Veuillez réessayer dans quelques minutes.',
      });

      const gerant = b.client(
        await b.context.jwt.sign(
          {
            role: 'authenticated',
            aud: 'authenticated',
            sub: carla.userId,
            email: carla.email,
            app_metadata: { role: 'admin' },
          },
          3600,
        ),
      );
      expect((await gerant.rpc('delete_my_account')).error?.message).toBe(
        'Un compte administrateur ne peut pas être supprimé depuis la boutique.',
      );
      expect((await carla.client.rpc('delete_my_account', { p_password: carla.password })).error).toBeNull();
      // Her access token is still a valid JWT for an hour: the database refuses it all the same.
      const again = await carla.client.rpc('delete_my_account', { p_password: carla.password });
      expect(again.error?.message).toBe('Connectez-vous pour gérer les données de votre compte.');
      const deletes = [];
      for (let i = 0; i < 12; i++) deletes.push((await shopper.rpc('delete_my_account')).error?.code);
      // A token whose user does not exist: refused before the rate limit is even counted, or by it.
      expect(deletes.every((c) => c === '42501' || c === 'PT429')).toBe(true);
    });

    it('lets no one take the placeholder address of anonymised records as their account', async () => {
      // Anonymised reservations and challenge entries keep 'anonyme@anonyme.invalid': an account confirmed under it
      // would see them all in its export. Auth refuses the reserved .invalid domain, at sign-up and for the service role.
      const signUp = await b.client().auth.signUp({ email: 'anonyme@anonyme.invalid', password: 'frango-grelhado-42' });
      expect(signUp.error?.code).toBe('email_address_invalid');
      const created = await b.serviceClient().auth.admin.createUser({
        email: 'ANONYME@anonyme.invalid',
        password: 'frango-grelhado-42',
        email_confirm: true,
      });
      expect(created.error?.code).toBe('email_address_invalid');
      const changed = await (await signedInCustomer(b)).client.auth.updateUser({ email: 'anonyme@anonyme.invalid' });
      expect(changed.error?.code).toBe('email_address_invalid');
    });
  });

  describe('the restaurant row', () => {
    const save = (who: SupabaseClient, value: unknown) =>
      who.from('store_settings').update({ value }).eq('key', 'restaurant').select('value');

    it('is written by no one but an admin', async () => {
      for (const who of [visitor, shopper]) {
        await save(who, { ...DEFAULT_RESTAURANT_IDENTITY, name: 'Piraté' });
        await who.from('store_settings').delete().eq('key', 'restaurant');
        await who
          .from('store_settings')
          .upsert({ key: 'restaurant', value: DEFAULT_RESTAURANT_IDENTITY, is_public: false });
      }
      const { rows } = await b.db.query(`select value, is_public from public.store_settings where key = 'restaurant'`);
      expect(rows).toEqual([{ value: DEFAULT_RESTAURANT_IDENTITY, is_public: true }]);
    });

    it('refuses unknown keys, control characters, unsafe links, wrong types and huge texts from an admin', async () => {
      const d = DEFAULT_RESTAURANT_IDENTITY;
      const bad: unknown[] = [
        { ...d, junk: 'x'.repeat(300_000) },
        { ...d, script: '<script>alert(1)</script>' },
        ...CONTROL.flatMap((c) => [
          { ...d, name: `Chez${c}Zé` },
          { ...d, street: `12 rue${c}` },
          { ...d, phone_display: `+352${c}26` },
          { ...d, hours_text: `Fermé${c}` },
        ]),
        // A right-to-left override shows "+352 26 58 40 12" reversed: another number on the page.
        { ...d, phone_display: '\u202e21 04 85 62 253+' },
        { ...d, name: 'Chez \u2066Zé\u2069' },
        { ...d, reviews_url: 'javascript:alert(1)' },
        { ...d, reviews_url: 'JavaScript://%0aalert(1)' },
        { ...d, facebook_url: 'data:text/html,<script>alert(1)</script>' },
        { ...d, instagram_url: 'http://insecure.example' },
        { ...d, instagram_url: 'https://a b' },
        { ...d, name: 'x'.repeat(121) },
        { ...d, name: 'x'.repeat(1_000_000) },
        { ...d, name: '   ' },
        { ...d, name: ['Chez Zé'] },
        { ...d, phone: 35226584012 },
        { ...d, phone: '+352 26 58 40 12' },
        { ...d, email: 'a@b.lu\r\nBcc: victim@example.com' },
        [d],
        'Chez Zé',
      ];
      for (const value of bad) {
        const { error } = await save(boss, value);
        expect(error, JSON.stringify(value).slice(0, 160)).not.toBeNull();
      }
      const { rows } = await b.db.query(`select value from public.store_settings where key = 'restaurant'`);
      expect(rows[0]!.value).toEqual(DEFAULT_RESTAURANT_IDENTITY);
      // Markup is text: allowed in the row (the shop and the e-mails escape it), as are quotes in a link;
      // not in the name, which is plain words only (security-orders-abuse.test.ts).
      expect((await save(boss, { ...d, name: '<img src=x onerror=alert(1)>' })).error).not.toBeNull();
      const markup = {
        ...d,
        company: '<img src=x onerror=alert(1)>',
        reviews_url: 'https://x.example/"onmouseover=alert(1)',
      };
      expect((await save(boss, markup)).error).toBeNull();
    });

    it('gives the e-mails the installed identity when a stored row carries control characters', () => {
      for (const c of CONTROL) {
        expect(restaurantFromSetting({ ...DEFAULT_RESTAURANT_IDENTITY, name: `Chez${c}Zé` })).toBeNull();
        expect(restaurantFromSetting({ ...DEFAULT_RESTAURANT_IDENTITY, phone_display: `+352${c}` })).toBeNull();
      }
      expect(restaurantFromSetting(DEFAULT_RESTAURANT_IDENTITY)?.name).toBe(DEFAULT_RESTAURANT_IDENTITY.name);
    });

    it('is shown as text by the e-mails and never as an unsafe link by the shop', () => {
      const markup = { ...DEFAULT_RESTAURANT_IDENTITY, name: '<img src=x onerror=alert(1)>Zé' };
      const mail = renderReservationReceived(
        { name: 'Ana', reservation_date: '2027-03-14', reservation_time: '19:30', people: '2' },
        'https://shop.example',
        restaurantFromSetting(markup)!,
      );
      expect(mail.html).not.toContain('<img src=x');
      expect(mail.html).toContain('&#60;img src=x onerror=alert(1)&#62;Zé');
      expect(mail.subject).toContain('<img src=x onerror=alert(1)>Zé');
      expect(mail.subject).not.toMatch(/[\r\n]/);
      // A row that slipped past the database (written before its checks) is not used by the shop.
      for (const link of ['javascript:alert(1)', 'data:text/html,x', 'http://insecure.example']) {
        const rows = [{ key: 'restaurant', value: { ...DEFAULT_RESTAURANT_IDENTITY, reviews_url: link } }];
        expect(storeSettingsFromRows(rows).restaurant?.reviews_url ?? '').not.toBe(link);
      }
    });
  });
});
