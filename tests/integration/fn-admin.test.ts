import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { setSupabase } from '../../src/shared/data/client.js';
import * as notify from '../../src/shared/data/notify.js';
import { callFunction, clearMailbox, mailbox, placeOrder, signedIn } from './fn-support.js';

const ADMIN_ONLY: [string, unknown][] = [
  ['get-users', {}],
  ['send-sms-notification', { to: '621123456', body: 'Votre commande est prête.' }],
  ['send-custom-email', { to: 'joana@example.lu', subject: 'Votre commande', message: 'Bonjour' }],
  ['send-bulk-email', { recipientEmails: ['a@example.lu'], subject: 'Promo', message: '-10 %' }],
  ['notify-order-status-change', { orderId: '00000000-0000-0000-0000-000000000000', newStatus: 'Prêt' }],
  ['send-order-feedback', { to: 'joana@example.lu', subject: 'Merci', html: '<p>Merci</p>' }],
];

describe.each(testDatabases())('admin Edge Functions on %s', (kind) => {
  let b: TestBackend;
  let admin: string;
  let customer: string;

  beforeAll(async () => {
    b = await startTestBackend(kind);
    admin = (await signedIn(b, 'gerant@churrasqueira.lu', { role: 'admin' })).token;
    customer = (await signedIn(b, 'client@example.lu', { provider: 'email' })).token;
    // Promotions go only to addresses that consented (20251128100000_promotions.sql).
    await b.db.query(
      `select public.record_promotion_consent(e, true, 'checkout')
         from unnest(array['a@example.lu', 'b@example.lu', 'ana@example.lu', 'rui@example.lu', 'marta@example.lu']) e`,
    );
  });
  afterAll(async () => b?.close());

  it('refuses anon (401), customers (403) and a forged admin token (401) on every admin function', async () => {
    const forged = await b.context.jwt.sign(
      {
        role: 'authenticated',
        sub: '7d4a3a51-0000-4000-8000-000000000000',
        email: 'x@y.lu',
        app_metadata: { role: 'admin' },
      },
      3600,
    );
    for (const [name, body] of ADMIN_ONLY) {
      expect(await callFunction(b, name, body), name).toEqual({ status: 401, body: { error: expect.any(String) } });
      expect(await callFunction(b, name, body, customer), name).toEqual({
        status: 403,
        body: { error: 'Réservé aux administrateurs.' },
      });
      expect((await callFunction(b, name, body, forged)).status, name).toBe(401);
      expect((await callFunction(b, name, body, null)).status, name).toBe(401);
    }
    expect(await mailbox(b)).toEqual([]);
  });

  it('access matrix: every function x caller, printed and asserted', async () => {
    const o = await placeOrder(b, {}, { email: 'joana@example.lu' });
    await b.serviceClient().from('orders').update({ status: 'Prêt' }).eq('id', o.id);
    const callers: [string, string | null][] = [
      ['no token', null],
      ['anon', b.anonKey],
      ['customer', customer],
      ['admin', admin],
      ['service', b.serviceRoleKey],
    ];
    const bodies: Record<string, unknown> = {
      'get-users': {},
      'send-sms-notification': { to: '621123456', body: 'Votre commande est prête.' },
      'send-custom-email': { to: 'joana@example.lu', subject: 'Votre commande', message: 'Bonjour' },
      'send-bulk-email': { recipientEmails: ['a@example.lu'], subject: 'Promo', message: '-10 %' },
      'send-order-feedback': { to: 'joana@example.lu', subject: 'Merci', html: '<p>Merci</p>' },
      'notify-order-status-change': { orderId: o.id, newStatus: 'Prêt' },
      'send-order-confirmation': { orderId: o.id },
      'dispatch-notifications': {},
    };
    const adminOnly = [401, 401, 403, 200, 401];
    const expected: Record<string, number[]> = {
      'get-users': adminOnly,
      'send-sms-notification': adminOnly,
      'send-custom-email': adminOnly,
      'send-bulk-email': adminOnly,
      'send-order-feedback': adminOnly,
      'notify-order-status-change': adminOnly,
      'send-order-confirmation': [401, 200, 200, 200, 200],
      'dispatch-notifications': [401, 403, 403, 403, 200],
    };
    const seen: Record<string, number[]> = {};
    for (const [name, body] of Object.entries(bodies)) {
      seen[name] = [];
      for (const [, token] of callers) seen[name].push((await callFunction(b, name, body, token)).status);
    }
    const width = Math.max(...Object.keys(seen).map((n) => n.length));
    console.log(
      [
        `${''.padEnd(width)}  ${callers.map(([c]) => c.padStart(8)).join(' ')}`,
        ...Object.entries(seen).map(
          ([n, row]) => `${n.padEnd(width)}  ${row.map((st) => String(st).padStart(8)).join(' ')}`,
        ),
      ].join('\n'),
    );
    expect(seen).toEqual(expected);
    // Only the allowed calls sent anything; the confirmation once, though asked for 4 times.
    const sent = (await mailbox(b)).map((m) => `${m.kind}:${m.to[0]}:${m.subject ?? m.body}`).sort();
    expect(sent).toEqual([
      'email:a@example.lu:Promo',
      `email:joana@example.lu:Commande n° ${o.order_number} : Prêt pour livraison`,
      `email:joana@example.lu:Confirmation de votre commande n° ${o.order_number} — Churrasqueira Differdange`,
      'email:joana@example.lu:Merci',
      'email:joana@example.lu:Votre commande',
      'sms:+352621123456:Votre commande est prête.',
    ]);
    await clearMailbox(b);
  });

  it('answers CORS preflight', async () => {
    const res = await fetch(`${b.url}/functions/v1/send-bulk-email`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://shop.example.lu', 'Access-Control-Request-Method': 'POST' },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('get-users lists every customer with an e-mail (not the staff), across pages of the admin API', async () => {
    const svc = b.serviceClient();
    for (let i = 0; i < 2; i++) {
      const { error } = await svc.auth.admin.createUser({
        email: `cliente${i}@example.lu`,
        password: 'Frango-grelhado-2025',
        email_confirm: i === 0,
      });
      expect(error).toBeNull();
    }
    await b.db.query(`insert into auth.users (id, phone) values (gen_random_uuid(), '+352621000111')`);
    // More than one page of 1000: rows written straight into auth.users (hashing 1000 passwords would be slow).
    await b.db.query(
      `insert into auth.users (id, email, created_at) select gen_random_uuid(), 'lot' || i || '@example.lu', now() - make_interval(mins => i) from generate_series(1, 1200) i`,
    );
    const { status, body } = await callFunction(b, 'get-users', {}, admin);
    expect(status).toBe(200);
    const emails: string[] = body.users.map((u: { email: string }) => u.email);
    // Admin accounts are staff, not customers: not on the customers screen, never sent promotions.
    expect(emails).toHaveLength(1203);
    expect(new Set(emails).size).toBe(1203);
    for (const e of [
      'cliente0@example.lu',
      'cliente1@example.lu',
      'client@example.lu',
      'lot1@example.lu',
      'lot1200@example.lu',
    ])
      expect(emails).toContain(e);
    expect(emails).not.toContain('gerant@churrasqueira.lu');
    const first = body.users.find((u: { email: string }) => u.email === 'cliente0@example.lu');
    expect(Object.keys(first).sort()).toEqual(['created_at', 'email', 'email_confirmed_at', 'id', 'last_sign_in_at']);
    expect(first.email_confirmed_at).toEqual(expect.any(String));
    expect(body.users.find((u: { email: string }) => u.email === 'cliente1@example.lu').email_confirmed_at).toBeNull();
    expect(body.users.find((u: { email: string }) => u.email === 'client@example.lu').last_sign_in_at).toEqual(
      expect.any(String),
    );
    await b.db.query(`delete from auth.users where email like 'lot%@example.lu'`);
  });

  it('send-sms-notification normalises to E.164 and refuses an empty text or a bad number', async () => {
    await clearMailbox(b);
    const ok = await callFunction(
      b,
      'send-sms-notification',
      { to: '621 12 34 56', body: 'Joana, votre commande est prête !' },
      admin,
    );
    expect(ok).toMatchObject({ status: 200, body: { success: true, to: '+352621123456' } });
    const sms = await mailbox(b, '?kind=sms');
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ to: ['+352621123456'], body: 'Joana, votre commande est prête !' });

    expect(
      await callFunction(b, 'send-sms-notification', { to: '0033 6 12 34 56 78', body: 'x' }, admin),
    ).toMatchObject({ status: 200, body: { to: '+33612345678' } });
    expect(await callFunction(b, 'send-sms-notification', { to: '621123456', body: '   ' }, admin)).toEqual({
      status: 400,
      body: { error: 'Le champ "body" est obligatoire.' },
    });
    expect(await callFunction(b, 'send-sms-notification', { body: 'x' }, admin)).toEqual({
      status: 400,
      body: { error: 'Le champ "to" est obligatoire.' },
    });
    const bad = await callFunction(b, 'send-sms-notification', { to: 'appelez-moi', body: 'x' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^Numéro de téléphone invalide : appelez-moi/);
    expect(await callFunction(b, 'send-sms-notification', '{not json', admin)).toEqual({
      status: 400,
      body: { error: 'Le corps de la requête doit être du JSON.' },
    });
    expect(await callFunction(b, 'send-sms-notification', [1, 2], admin)).toEqual({
      status: 400,
      body: { error: 'Le corps de la requête doit être un objet JSON.' },
    });
    expect(await mailbox(b, '?kind=sms')).toHaveLength(2);
  });

  it('send-custom-email: plain text from the notify dialog is escaped with line breaks; promotions are refused there', async () => {
    await clearMailbox(b);
    const plain = await callFunction(
      b,
      'send-custom-email',
      { to: 'joana@example.lu', subject: 'Votre commande', message: 'Bonjour Joana,\n<b>5 min</b> & on arrive' },
      admin,
    );
    expect(plain).toMatchObject({ status: 200, body: { success: true } });
    // A promotion to one address without consent or unsubscribe link: not through this function any more.
    const promo = await callFunction(
      b,
      'send-custom-email',
      {
        recipientEmail: 'rui@example.lu',
        subject: 'Mardi gourmand',
        htmlContent: '<h2>-10 %</h2><p>Sur le poulet entier</p>',
      },
      admin,
    );
    expect(promo.status).toBe(400);
    const [toJoana] = await mailbox(b, '?to=joana@example.lu');
    expect(toJoana.subject).toBe('Votre commande');
    expect(toJoana.html).toContain('Bonjour Joana,<br>&#60;b&#62;5 min&#60;/b&#62; &#38; on arrive');
    expect(toJoana.html).toContain('/icons/icon-192.png');
    expect(toJoana.body).toContain('Bonjour Joana,\n<b>5 min</b> & on arrive');
    expect(await mailbox(b, '?to=rui@example.lu')).toEqual([]);

    expect(
      await callFunction(b, 'send-custom-email', { to: 'pas-une-adresse', subject: 's', message: 'm' }, admin),
    ).toEqual({ status: 400, body: { error: 'Le champ "to" n\'est pas une adresse e-mail valide.' } });
    expect(await callFunction(b, 'send-custom-email', { to: 'rui@example.lu', message: 'x' }, admin)).toEqual({
      status: 400,
      body: { error: 'Le champ "subject" est obligatoire.' },
    });
    expect((await callFunction(b, 'send-custom-email', { subject: 's' }, admin)).body.error).toMatch(
      /\{to, subject, message\}/,
    );
    expect(await mailbox(b)).toHaveLength(1);
  });

  it('send-bulk-email sends one message per consenting recipient, reports the others and caps the list', async () => {
    await clearMailbox(b);
    const recipients = [
      'ana@example.lu',
      'rui@example.lu',
      'ANA+promo@example.lu',
      'pas-une-adresse',
      'marta@example.lu',
      'sans-accord@example.lu',
    ];
    const res = await callFunction(
      b,
      'send-bulk-email',
      { recipientEmails: recipients, subject: 'Promo du week-end', message: 'Poulet entier à 12,50 €' },
      admin,
    );
    expect(res).toEqual({
      status: 200,
      body: {
        sent: 3,
        failed: [
          { email: 'pas-une-adresse', error: 'Pas de consentement aux offres' },
          { email: 'sans-accord@example.lu', error: 'Pas de consentement aux offres' },
        ],
      },
    });
    const messages = await mailbox(b);
    expect(messages.map((m) => m.to).sort()).toEqual([['ana@example.lu'], ['marta@example.lu'], ['rui@example.lu']]);
    expect(
      messages.every(
        (m) =>
          m.subject === 'Promo du week-end' &&
          m.html!.includes('Poulet entier à 12,50 €') &&
          /\/desinscription\?t=[0-9a-f]{64}/.test(m.html!),
      ),
    ).toBe(true);

    const tooMany = Array.from({ length: 1001 }, (_, i) => `c${i}@example.lu`);
    expect(
      await callFunction(b, 'send-bulk-email', { recipientEmails: tooMany, subject: 's', message: 'x' }, admin),
    ).toEqual({
      status: 400,
      body: { error: 'Trop de destinataires : 1001 (maximum 1000 par envoi).' },
    });
    expect(
      (await callFunction(b, 'send-bulk-email', { recipientEmails: [], subject: 's', message: 'x' }, admin)).status,
    ).toBe(400);
    expect(
      (
        await callFunction(
          b,
          'send-bulk-email',
          { recipientEmails: 'ana@example.lu', subject: 's', message: 'x' },
          admin,
        )
      ).status,
    ).toBe(400);
    expect(await mailbox(b)).toHaveLength(3);
  });

  it('send-order-feedback only writes to customers of an order or a reservation', async () => {
    await clearMailbox(b);
    await placeOrder(b, {}, { email: 'Fidele@Example.lu' });
    const { error } = await b
      .client()
      .from('reservations')
      .insert({
        name: 'Rui',
        email: 'rui.resa@example.lu',
        phone: '+352621000222',
        reservation_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        reservation_time: '19:30',
        people: '4',
      });
    expect(error).toBeNull();
    await clearMailbox(b);
    for (const to of ['fidele@example.lu', 'rui.resa@example.lu']) {
      expect(
        await callFunction(
          b,
          'send-order-feedback',
          { to, subject: 'Merci de votre visite', html: '<p>À bientôt</p>' },
          admin,
        ),
      ).toMatchObject({ status: 200, body: { success: true } });
    }
    expect(
      await callFunction(
        b,
        'send-order-feedback',
        { to: 'victime@example.org', subject: 's', html: '<p>spam</p>' },
        admin,
      ),
    ).toEqual({
      status: 403,
      body: { error: "victime@example.org n'est le client d'aucune commande ni réservation." },
    });
    expect(
      await callFunction(b, 'send-order-feedback', { to: 'f%@example.lu', subject: 's', html: '<p>x</p>' }, admin),
    ).toMatchObject({ status: 403 });
    expect((await mailbox(b)).map((m) => m.to[0]).sort()).toEqual(['fidele@example.lu', 'rui.resa@example.lu']);
  });

  it('the admin data layer (src/shared/data/notify.ts) calls each function and surfaces its {error}', async () => {
    await callFunction(b, 'dispatch-notifications', {}, b.serviceRoleKey); // what earlier tests left queued
    await clearMailbox(b);
    const o = await placeOrder(b, {}, { email: 'couche@example.lu' });
    setSupabase(b.client(admin));
    try {
      expect((await notify.getUsers()).some((u) => u.email === 'client@example.lu')).toBe(true);
      expect(await notify.sendSms('621 000 333', 'Prête !')).toMatchObject({ success: true, to: '+352621000333' });
      expect(await notify.sendPlainEmail('couche@example.lu', 'Retard', 'Dix minutes\nde plus')).toMatchObject({
        success: true,
      });
      expect(await notify.sendPromotion(['a@example.lu', 'b@example.lu'], 'Promo', 'x')).toEqual({
        sent: 2,
        failed: [],
      });
      expect(await notify.sendOrderFeedback('couche@example.lu', 'Merci', '<p>Merci</p>')).toMatchObject({
        success: true,
      });
      const { error } = await b.client(admin).from('orders').update({ status: 'En préparation' }).eq('id', o.id);
      expect(error).toBeNull();
      expect(await notify.notifyOrderStatusChange(o.id, 'En préparation')).toMatchObject({
        orderId: o.id,
        notification: { kind: 'order_status', status: 'sent' },
      });
      expect(await notify.sendOrderConfirmation(o.id)).toMatchObject({
        notification: { kind: 'order_confirmation', status: 'sent' },
      });
      await expect(notify.sendSms('621', '')).rejects.toThrow('Le champ "body" est obligatoire.');
      setSupabase(b.client(customer));
      await expect(notify.getUsers()).rejects.toThrow('Réservé aux administrateurs.');
    } finally {
      setSupabase(null);
    }
    const subjects = (await mailbox(b)).map((m) => `${m.kind}:${m.to[0]}:${m.subject ?? m.body}`).sort();
    expect(subjects).toEqual([
      'email:a@example.lu:Promo',
      'email:b@example.lu:Promo',
      `email:couche@example.lu:Commande n° ${o.order_number} : En préparation`,
      `email:couche@example.lu:Confirmation de votre commande n° ${o.order_number} — Churrasqueira Differdange`,
      'email:couche@example.lu:Merci',
      'email:couche@example.lu:Retard',
      'sms:+352621000333:Prête !',
    ]);
  });
});
