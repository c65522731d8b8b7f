import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { SupabaseClient } from '@supabase/supabase-js';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { startOfFreshWindow } from '../helpers/rate-limits.js';
import { signedInCustomer } from './auth-helpers.js';
import { as, customer, failure, signUp, type AnyRow } from './db-support.js';
import { callFunction, signedIn } from './fn-support.js';

/**
 * Promotional e-mail with consent (supabase/migrations/20251128100000_promotions.sql) and the owner's export and
 * erasure of one customer (20251126110000_gdpr.sql). Every e-mail of this file goes through a real SMTP server on
 * loopback, whose messages are parsed with their headers.
 */

/** A real SMTP server on loopback: keeps every message it accepts, parsed. */
async function startSmtp(): Promise<{ port: number; inbox: ParsedMail[]; close(): Promise<void> }> {
  const inbox: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push(mail);
          cb();
        })
        .catch(cb);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as net.AddressInfo).port;
  return { port, inbox, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A header as the message carries it (unfolded), from the raw lines mailparser keeps. */
function rawHeader(mail: ParsedMail, name: string): string | undefined {
  const found = mail.headerLines.find((h) => h.key === name.toLowerCase());
  return found?.line
    .slice(found.line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}

/** The address of a List-Unsubscribe header `<https://…>`. */
const listUrl = (mail: ParsedMail) => new URL(rawHeader(mail, 'List-Unsubscribe')!.replace(/^<\s*|\s*>$/g, ''));

/** One HTTP request from a chosen loopback source address (a distinct client for the rate limits). */
function request(
  b: TestBackend,
  opts: { method: string; path: string; localAddress?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: b.port,
        path: opts.path,
        method: opts.method,
        localAddress: opts.localAddress,
        headers: opts.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** An anonymous RPC call from a chosen client address. */
const rpcFrom = (b: TestBackend, localAddress: string, fn: string, args: Record<string, unknown>) =>
  request(b, {
    method: 'POST',
    path: `/rest/v1/rpc/${fn}`,
    localAddress,
    headers: { apikey: b.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });

const line = { id: '32', name: 'Poulet entier grillé', price: 15, quantity: 1, options: [] };
const guestOrder = (email: string | null, extra: Record<string, unknown> = {}) => ({
  customer_name: 'Client',
  customer_phone: '+352 621 000 001',
  customer_email: email,
  delivery_method: 'pickup',
  payment_method: 'cash',
  order_items: [line],
  total_price: 15,
  grand_total: 15,
  status: 'Livrée',
  ...extra,
});

describe.each(testDatabases())('promotions with consent, and customer data on request, on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let b: TestBackend;
  let service: SupabaseClient;
  let admin: SupabaseClient;
  let adminToken: string;

  const insertOrder = async (row: Record<string, unknown>) => {
    const { data, error } = await service.from('orders').insert(row).select('id').single();
    if (error) throw error;
    return (data as { id: string }).id;
  };
  const consentRow = async (email: string) =>
    (
      await b.db.query<AnyRow>(`select * from public.promotion_consents where inbox = public.email_recipient_key($1)`, [
        email,
      ])
    ).rows[0];
  const audience = async () => {
    const { data, error } = await admin.rpc('promotion_audience');
    expect(error).toBeNull();
    return (data as { email: string; unsubscribe_token: string }[]).map((r) => r.email).sort();
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    b = await startTestBackend(kind, {
      env: {
        ...process.env,
        MAIL_PROVIDER: 'smtp',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        MAIL_FROM: 'Churrasqueira <noreply@churrasqueira.lu>',
        MAIL_TIMEOUT_MS: '5000',
      },
    });
    service = b.serviceClient();
    adminToken = (await signedIn(b, 'gerant@churrasqueira.lu', { role: 'admin' })).token;
    admin = b.client(adminToken);
  }, 180_000);

  afterAll(async () => {
    await b?.close();
    await smtp?.close();
  });

  it('consent is off by default and kept with its date: the account’s checkbox, withdrawn as easily', async () => {
    const alice = await signedInCustomer(b);
    const before = await alice.client.rpc('my_promotion_consent');
    expect(before.data).toMatchObject({ consented: false, consented_at: null, email: alice.email.toLowerCase() });
    expect(await audience()).not.toContain(alice.email.toLowerCase());

    const on = await alice.client.rpc('set_my_promotion_consent', { p_consent: true });
    expect(on.error).toBeNull();
    expect(Math.abs(Date.parse((on.data as AnyRow).consented_at) - Date.now())).toBeLessThan(60_000);
    expect(await consentRow(alice.email)).toMatchObject({ consented: true, source: 'account' });
    expect(await audience()).toContain(alice.email.toLowerCase());

    const off = await alice.client.rpc('set_my_promotion_consent', { p_consent: false });
    expect(off.data).toMatchObject({ consented: false, consented_at: (on.data as AnyRow).consented_at });
    expect((off.data as AnyRow).withdrawn_at).not.toBeNull();
    expect(await audience()).not.toContain(alice.email.toLowerCase());

    // An address nobody confirmed cannot be subscribed.
    const unconfirmed = customer('unconfirmed', `pas-confirme-${crypto.randomUUID()}@example.lu`);
    await signUp(b, unconfirmed, false);
    const refused = await failure(as(b, unconfirmed, (tx) => tx.query(`select public.set_my_promotion_consent(true)`)));
    expect(refused).toMatchObject({ code: 'P0001', detail: 'email_not_confirmed' });
    // Anonymous callers have no account checkbox.
    expect((await b.client().rpc('set_my_promotion_consent', { p_consent: true })).error?.code).toBe('42501');
  });

  it('the cart’s box records consent for the order’s e-mail, only from the client that placed it, within 30 minutes', async () => {
    const email = `Guest.${crypto.randomUUID().slice(0, 8)}+promo@Example.lu`;
    const orderId = await insertOrder(guestOrder(email, { status: 'En attente' }));
    await b.db.query(`insert into public.order_origins (order_id, client_address) values ($1, '127.0.0.5')`, [orderId]);

    const stranger = await rpcFrom(b, '127.0.0.6', 'consent_to_promotions_for_order', { p_order_id: orderId });
    expect(stranger.status).toBe(400);
    expect(JSON.parse(stranger.text)).toMatchObject({ details: 'consent_order_unknown' });
    expect(await consentRow(email)).toBeUndefined();

    const placer = await rpcFrom(b, '127.0.0.5', 'consent_to_promotions_for_order', { p_order_id: orderId });
    expect(placer.status).toBe(200);
    expect(await consentRow(email)).toMatchObject({
      inbox: email.toLowerCase().replace('+promo', ''),
      email: email.toLowerCase(),
      consented: true,
      source: 'checkout',
    });

    const later = await insertOrder(guestOrder(`tard-${crypto.randomUUID().slice(0, 8)}@example.lu`));
    await b.db.query(`insert into public.order_origins (order_id, client_address) values ($1, '127.0.0.5')`, [later]);
    await b.db.query(`update public.orders set created_at = now() - interval '31 minutes' where id = $1`, [later]);
    expect((await rpcFrom(b, '127.0.0.5', 'consent_to_promotions_for_order', { p_order_id: later })).status).toBe(400);
  });

  it('« all customers » = every consenting address once, guests included; the others left out; admin only', async () => {
    await b.db.query(`delete from public.promotion_consents`);
    const guests = ['joao.silva@gmail.com', 'marta@example.lu', 'nuno@example.lu', 'rita@example.lu', 'ze@example.lu'];
    for (const g of guests) await insertOrder(guestOrder(g));
    // Two guests ticked the cart's box; João twice, under two spellings of one Gmail inbox.
    for (const g of ['joao.silva@gmail.com', 'marta@example.lu', 'JoaoSilva+promo@googlemail.com'])
      await b.db.query(`select public.record_promotion_consent($1, true, 'checkout')`, [g]);
    const bruno = await signedInCustomer(b);
    await bruno.client.rpc('set_my_promotion_consent', { p_consent: true });
    const carla = await signedInCustomer(b);
    await carla.client.rpc('set_my_promotion_consent', { p_consent: true });
    await carla.client.rpc('set_my_promotion_consent', { p_consent: false });

    expect(await audience()).toEqual(['joaosilva+promo@googlemail.com', 'marta@example.lu', bruno.email].sort());
    expect((await bruno.client.rpc('promotion_audience')).error?.code).toBe('42501');
    expect((await b.client().rpc('promotion_audience')).error?.code).toBe('42501');
  });

  it('each promotion carries its address’s unsubscribe headers and link; a typed <script> arrives as text', async () => {
    smtp.inbox.length = 0;
    const message = 'Mardi : poulet entier à 12,50 €\n<script>alert("x")</script> & frites';
    const sent = await callFunction(
      b,
      'send-bulk-email',
      { audience: 'all', subject: 'Promo du mardi', message },
      adminToken,
    );
    expect(sent).toEqual({ status: 200, body: { sent: 3, failed: [] } });
    expect(smtp.inbox).toHaveLength(3);
    const tokens = new Map(
      (
        await b.db.query<AnyRow>(`select email, unsubscribe_token from public.promotion_consents where consented`)
      ).rows.map((r) => [r.email as string, r.unsubscribe_token as string]),
    );
    for (const mail of smtp.inbox) {
      const to = (mail.to as { value: { address: string }[] }).value[0]!.address;
      const token = tokens.get(to)!;
      expect(token).toMatch(/^[0-9a-f]{64}$/);
      expect(rawHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(listUrl(mail).href).toBe(`${b.url}/functions/v1/unsubscribe?t=${token}`);
      expect(mail.html).toContain(`${b.url}/desinscription?t=${token}`);
      expect(mail.html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; frites');
      expect(mail.html).not.toMatch(/<script/i);
      expect(mail.text).toContain('<script>alert("x")</script> & frites');
    }

    // A mail provider's one-click POST (RFC 8058) to Marta's header: Marta only.
    const marta = smtp.inbox.find((m) => (m.to as { text: string }).text === 'marta@example.lu')!;
    const url = listUrl(marta);
    const oneClick = await request(b, {
      method: 'POST',
      path: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await consentRow('marta@example.lu')).toMatchObject({ consented: false, source: 'unsubscribe' });
    expect(await audience()).toHaveLength(2);
    // Opened in a browser instead: the shop's page, which asks before unsubscribing.
    const opened = await request(b, { method: 'GET', path: url.pathname + url.search });
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe(`${b.url}/desinscription?t=${url.searchParams.get('t')}`);

    // A promotion to one address that did not consent is not sent.
    expect(
      await callFunction(
        b,
        'send-bulk-email',
        { recipientEmails: ['marta@example.lu', 'nuno@example.lu'], subject: 'x', message: 'y' },
        adminToken,
      ),
    ).toMatchObject({ status: 200, body: { sent: 0 } });
  });

  it('the mailer passes on only the two unsubscribe headers, each one line: no header of the caller’s choosing', async () => {
    const send = (headers: Record<string, string>) =>
      fetch(`${b.url}/_mailbox/api/send`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${b.serviceRoleKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ kind: 'email', to: 'ana@example.lu', subject: 's', html: '<p>x</p>', headers }),
      });
    expect((await send({ Bcc: 'everyone@example.lu' })).status).toBe(400);
    expect((await send({ 'List-Unsubscribe': '<https://x.lu/u>\r\nBcc: everyone@example.lu' })).status).toBe(400);
    smtp.inbox.length = 0;
    expect((await send({ 'List-Unsubscribe': '<https://x.lu/u>' })).status).toBe(200);
    expect(smtp.inbox.map((m) => rawHeader(m, 'List-Unsubscribe'))).toEqual(['<https://x.lu/u>']);
    expect(smtp.inbox[0]!.headerLines.some((h) => h.key === 'bcc')).toBe(false);
  });

  it('an unsubscribe token unsubscribes its own address only; guesses change nothing and are rate-limited per client', async () => {
    const before = await audience();
    const guess = crypto.randomBytes(32).toString('hex');
    expect((await b.client().rpc('unsubscribe_promotions', { p_token: guess })).data).toEqual({ unsubscribed: false });
    expect((await b.client().rpc('unsubscribe_promotions', { p_token: "x' or true --" })).data).toEqual({
      unsubscribed: false,
    });
    expect(await audience()).toEqual(before);

    // The real limits of the migration: 10 a minute per client, 300 a minute per source address.
    await b.db.query(
      `update public.rate_limits set max_hits = case window_seconds when 60 then 10 else 60 end
        where bucket = 'unsubscribe'`,
    );
    await b.db.query(
      `update public.rate_limits set max_hits = case window_seconds when 60 then 300 else 3000 end
        where bucket = 'unsubscribe_source'`,
    );
    try {
      await startOfFreshWindow(60, 20);
      const direct = [];
      for (let i = 0; i < 11; i++)
        direct.push((await rpcFrom(b, '127.0.0.9', 'unsubscribe_promotions', { p_token: guess })).status);
      expect(direct).toEqual([...Array(10).fill(200), 429]);
      expect((await rpcFrom(b, '127.0.0.10', 'unsubscribe_promotions', { p_token: guess })).status).toBe(200);
      // Through the one-click function: the visitor's own address counts, not the function's.
      const viaFunction = [];
      for (let i = 0; i < 11; i++)
        viaFunction.push(
          (
            await request(b, {
              method: 'POST',
              path: `/functions/v1/unsubscribe?t=${guess}`,
              localAddress: '127.0.0.11',
              body: 'List-Unsubscribe=One-Click',
            })
          ).status,
        );
      expect(viaFunction).toEqual([...Array(10).fill(404), 429]);
      expect(
        (await request(b, { method: 'POST', path: `/functions/v1/unsubscribe?t=${guess}`, localAddress: '127.0.0.12' }))
          .status,
      ).toBe(404);
      // A direct caller naming a new p_client each time still meets the per-source cap.
      await b.db.query(
        `update public.rate_limits set max_hits = 20 where bucket = 'unsubscribe_source' and window_seconds = 60`,
      );
      const rotating = [];
      for (let i = 0; i < 21; i++)
        rotating.push(
          (await rpcFrom(b, '127.0.0.13', 'unsubscribe_promotions', { p_token: guess, p_client: `10.0.0.${i}` }))
            .status,
        );
      expect(rotating.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(rotating[20]).toBe(429);
    } finally {
      await b.db.query(`update public.rate_limits set max_hits = 1000000 where bucket like 'unsubscribe%'`);
    }
    expect(await audience()).toEqual(before);
  });

  it('the owner exports and erases one registered customer with the self-service rules', async () => {
    const dora = await signedInCustomer(b);
    await dora.client.rpc('set_my_promotion_consent', { p_consent: true });
    const kept = await insertOrder(guestOrder(dora.email, { user_id: dora.userId, customer_name: 'Dora' }));
    const open = await insertOrder(guestOrder(dora.email, { user_id: dora.userId, status: 'En préparation' }));

    expect((await dora.client.rpc('admin_customer_export', { p_user_id: dora.userId })).error?.code).toBe('42501');
    expect((await b.client().rpc('admin_customer_erase', { p_user_id: dora.userId })).error?.code).toBe('42501');

    const exported = await admin.rpc('admin_customer_export', { p_user_id: dora.userId });
    expect(exported.error).toBeNull();
    const doc = exported.data as AnyRow;
    expect(doc.profile).toMatchObject({ id: dora.userId, email: dora.email });
    expect(doc.orders.map((o: AnyRow) => o.id).sort()).toEqual([kept, open].sort());
    expect(doc.promotion_consent).toMatchObject({ consented: true, source: 'account' });

    const refused = await admin.rpc('admin_customer_erase', { p_user_id: dora.userId });
    expect(refused.error).toMatchObject({ code: 'P0001', details: 'open_order' });
    await service.from('orders').update({ status: 'Livrée' }).eq('id', open);

    const erased = await admin.rpc('admin_customer_erase', { p_user_id: dora.userId });
    expect(erased.error).toBeNull();
    expect(erased.data).toMatchObject({ deleted: true, orders: 2 });
    const { data: row } = await service.from('orders').select('*').eq('id', kept).single();
    expect(row).toMatchObject({
      customer_name: 'Client anonymisé',
      customer_email: null,
      user_id: null,
      grand_total: 15,
    });
    expect((await b.db.query(`select 1 from auth.users where id = $1`, [dora.userId])).rows).toHaveLength(0);
    expect(await consentRow(dora.email)).toBeUndefined();

    // Never an admin account, and not twice.
    const { data: me } = await admin.auth.getUser(adminToken);
    expect((await admin.rpc('admin_customer_erase', { p_user_id: me.user!.id })).error).toMatchObject({
      details: 'unknown_customer',
    });
    expect((await admin.rpc('admin_customer_export', { p_user_id: dora.userId })).error).toMatchObject({
      details: 'unknown_customer',
    });
  });

  it('the owner exports and erases a guest by e-mail or by phone; an account’s address is refused as a guest', async () => {
    const eva = `eva-${crypto.randomUUID().slice(0, 8)}@example.lu`;
    const byEmail = await insertOrder(guestOrder(eva, { customer_phone: '+352 621 555 001' }));
    const { data: resa } = await service
      .from('reservations')
      .insert({
        name: 'Eva',
        email: eva,
        phone: '+352 621 555 001',
        reservation_date: '2027-03-14',
        reservation_time: '19:30',
        people: '2',
      })
      .select('id')
      .single();
    await b.db.query(`select public.record_promotion_consent($1, true, 'checkout')`, [eva]);
    const other = await insertOrder(guestOrder('autre@example.lu', { customer_phone: '+352 621 555 999' }));

    const exported = await admin.rpc('admin_customer_export', { p_email: eva.toUpperCase() });
    expect(exported.error).toBeNull();
    expect((exported.data as AnyRow).profile).toBeNull();
    expect((exported.data as AnyRow).orders.map((o: AnyRow) => o.id)).toEqual([byEmail]);
    expect((exported.data as AnyRow).reservations.map((r: AnyRow) => r.id)).toEqual([(resa as AnyRow).id]);
    expect((exported.data as AnyRow).promotion_consent).toMatchObject({ consented: true });

    const erased = await admin.rpc('admin_customer_erase', { p_email: eva });
    expect(erased.data).toMatchObject({ deleted: true, orders: 1, reservations: 1 });
    const { data: after } = await service.from('orders').select('*').eq('id', byEmail).single();
    expect(after).toMatchObject({ customer_name: 'Client anonymisé', customer_phone: '—', customer_email: null });
    expect(await consentRow(eva)).toBeUndefined();
    expect((await service.from('orders').select('customer_name').eq('id', other).single()).data).toEqual({
      customer_name: 'Client',
    });

    // A guest who left only a phone number, typed another way.
    const byPhone = await insertOrder(guestOrder(null, { customer_phone: '+352 621 777 888' }));
    const waiting = await insertOrder(guestOrder(null, { customer_phone: '621777888', status: 'En attente' }));
    const phoneExport = await admin.rpc('admin_customer_export', { p_phone: '00352 621 777 888' });
    expect((phoneExport.data as AnyRow).orders.map((o: AnyRow) => o.id).sort()).toEqual([byPhone, waiting].sort());
    expect((await admin.rpc('admin_customer_erase', { p_phone: '621 777 888' })).error).toMatchObject({
      details: 'open_order',
    });
    await service.from('orders').update({ status: 'Annulée' }).eq('id', waiting);
    expect((await admin.rpc('admin_customer_erase', { p_phone: '621 777 888' })).data).toMatchObject({ orders: 2 });

    const account = await signedInCustomer(b);
    expect((await admin.rpc('admin_customer_erase', { p_email: account.email })).error).toMatchObject({
      details: 'registered_customer',
    });
    expect((await admin.rpc('admin_customer_export', {})).error).toMatchObject({ details: 'customer_required' });
    expect((await admin.rpc('admin_customer_export', { p_email: 'pas une adresse' })).error).toMatchObject({
      details: 'invalid_email',
    });
  });
});
