import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { callFunction, mailbox, placeOrder, signedIn, waitFor } from './fn-support.js';

/** An HTTP e-mail API on loopback speaking Resend's protocol, that can be taken down and brought back. */
async function startEmailApi() {
  const state = {
    down: true,
    requests: [] as { key: string | undefined; to: string[]; status: number }[],
    delivered: new Map<string, string>(),
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const key = req.headers['idempotency-key'] as string | undefined;
      const body = JSON.parse(raw) as { to: string[] };
      const status = state.down ? 503 : 200;
      state.requests.push({ key, to: body.to, status });
      res.writeHead(status, { 'Content-Type': 'application/json' });
      if (state.down) return res.end(JSON.stringify({ message: 'service unavailable' }));
      // Like Resend: the same idempotency key is the same e-mail.
      if (key && !state.delivered.has(key)) state.delivered.set(key, `re_${state.delivered.size + 1}`);
      res.end(JSON.stringify({ id: key ? state.delivered.get(key) : 're_nokey' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => server.close(r)),
  };
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** A real SMTP server on loopback keeping the raw messages it accepts. */
async function startSmtp(port: number) {
  const inbox: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push(Buffer.concat(chunks).toString('utf8'));
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  return { inbox, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.each(testDatabases())('notification dispatcher on %s', (kind) => {
  describe('with the e-mail provider down', () => {
    let b: TestBackend;
    let api: Awaited<ReturnType<typeof startEmailApi>>;
    const row = async (orderId: string) =>
      (
        await b.db.query<any>(
          `select id::text, status, attempts, last_error, extract(epoch from next_attempt_at - now())::float as due_in from public.notification_outbox where order_id = $1`,
          [orderId],
        )
      ).rows[0];
    const attempts = async (id: string) =>
      (
        await b.db.query<any>(
          `select ok, error, provider, provider_message_id from public.notification_attempts where outbox_id = $1 order by id`,
          [id],
        )
      ).rows;
    const dispatch = () => callFunction(b, 'dispatch-notifications', {}, b.serviceRoleKey);
    const makeDue = (id: string) =>
      b.db.query(`update public.notification_outbox set next_attempt_at = now() where id = $1`, [id]);

    beforeAll(async () => {
      api = await startEmailApi();
      b = await startTestBackend(kind, {
        env: {
          ...process.env,
          RESEND_API_KEY: 're_test',
          RESEND_API_URL: api.url,
          MAIL_FROM: 'Churrasqueira <commandes@example.lu>',
        },
      });
    });
    afterAll(async () => {
      await b?.close();
      await api?.close();
    });

    it('retries with backoff, records every attempt, and delivers once the provider is back', async () => {
      const o = await placeOrder(b);
      const first = await dispatch();
      expect(first).toMatchObject({ status: 200, body: { claimed: 1, sent: 0, failed: 1 } });
      const m = await row(o.id);
      expect(m).toMatchObject({ status: 'pending', attempts: 1 });
      expect(m.last_error).toMatch(/^resend: HTTP 503/);
      expect(m.due_in).toBeGreaterThan(25);
      expect(m.due_in).toBeLessThanOrEqual(30);
      expect((await dispatch()).body.claimed).toBe(0); // not due before its backoff

      await makeDue(m.id);
      await dispatch();
      const second = await row(o.id);
      expect(second).toMatchObject({ status: 'pending', attempts: 2 });
      expect(second.due_in).toBeGreaterThan(55); // 30 s · 2^(attempts−1)
      expect(second.due_in).toBeLessThanOrEqual(60);

      api.state.down = false;
      await makeDue(m.id);
      expect(await dispatch()).toMatchObject({ body: { claimed: 1, sent: 1, failed: 0 } });
      expect(await row(o.id)).toMatchObject({ status: 'sent', attempts: 3 });
      const tried = await attempts(m.id);
      expect(tried.map((a: { ok: boolean }) => a.ok)).toEqual([false, false, true]);
      expect(tried[0]).toMatchObject({
        provider: 'resend',
        error: expect.stringMatching(/^resend: HTTP 503 service unavailable/),
      });
      expect(tried[2]).toMatchObject({ provider: 'resend', provider_message_id: 're_1' });
      // Every request carried the outbox id; the provider delivered one e-mail.
      expect(api.state.requests.map((r) => [r.key, r.status])).toEqual([
        [m.id, 503],
        [m.id, 503],
        [m.id, 200],
      ]);
      expect(api.state.delivered.size).toBe(1);
      expect(api.state.requests[2].to).toEqual(['joana@example.lu']);
    });

    it('gives up after max_attempts and keeps the message visible as failed', async () => {
      api.state.down = true;
      const o = await placeOrder(b, {}, { email: 'patience@example.lu' });
      const { id } = await row(o.id);
      for (let i = 0; i < 5; i++) {
        await makeDue(id);
        await dispatch();
      }
      expect(await row(o.id)).toMatchObject({ status: 'failed', attempts: 5 });
      expect((await attempts(id)).filter((a: { ok: boolean }) => !a.ok)).toHaveLength(5);
      await makeDue(id);
      expect((await dispatch()).body.claimed).toBe(0);
    });
  });

  describe('over SMTP, with the background dispatcher', () => {
    let b: TestBackend;
    let smtp: Awaited<ReturnType<typeof startSmtp>> | null = null;
    let port: number;
    beforeAll(async () => {
      port = await freePort();
      b = await startTestBackend(kind, {
        env: {
          ...process.env,
          DISPATCH: 'on',
          DISPATCH_INTERVAL_MS: '200',
          MAIL_PROVIDER: 'smtp',
          SMTP_HOST: '127.0.0.1',
          SMTP_PORT: String(port),
          MAIL_FROM: 'Churrasqueira <commandes@example.lu>',
          MAIL_TIMEOUT_MS: '3000',
          SITE_URL: 'https://churrasqueira.example.lu',
        },
      });
    });
    afterAll(async () => {
      await b?.close();
      await smtp?.close();
    });

    it('keeps the message while the SMTP server is down, then delivers it once as HTML with a text part', async () => {
      const o = await placeOrder(b, { notes: '<script>x</script>' }, { email: 'smtp@example.lu' });
      const failedOnce = await waitFor('a failed attempt', async () => {
        const r = await b.db.query<any>(
          `select o.id::text, o.status, a.error, a.provider from public.notification_outbox o join public.notification_attempts a on a.outbox_id = o.id where o.order_id = $1`,
          [o.id],
        );
        return r.rows[0];
      });
      expect(failedOnce.status).toBe('pending');
      expect(failedOnce.error).toMatch(/^backend mailer: HTTP 502 smtp: cannot deliver/);
      expect(failedOnce.provider).toBe('smtp');

      smtp = await startSmtp(port);
      await b.db.query(`update public.notification_outbox set next_attempt_at = now() where id = $1`, [failedOnce.id]);
      await waitFor('the SMTP delivery', async () => smtp!.inbox.length === 1);
      await new Promise((r) => setTimeout(r, 600)); // a few more polls: nothing else goes out
      expect(smtp.inbox).toHaveLength(1);
      const mail = await simpleParser(smtp.inbox[0]);
      expect(mail.subject).toBe(`Confirmation de votre commande n° ${o.order_number} — Churrasqueira Differdange`);
      expect(mail.from?.value[0]).toMatchObject({ name: 'Churrasqueira', address: 'commandes@example.lu' });
      expect(mail.headers.get('x-idempotency-key')).toBe(failedOnce.id);
      expect(mail.html).toContain('&#60;script&#62;x&#60;/script&#62;');
      expect(mail.text).toContain('Total : 45,77 €');
      const row = await b.db.query<any>(`select status, attempts from public.notification_outbox where id = $1`, [
        failedOnce.id,
      ]);
      expect(row.rows[0]).toEqual({ status: 'sent', attempts: 2 });
    });

    it('prints the restaurant as the settings say: a new phone at once, the defaults when the row is gone', async () => {
      const received = async (to: string) => {
        const raw = await waitFor(`the e-mail to ${to}`, async () => smtp!.inbox.find((m) => m.includes(to)));
        return simpleParser(raw);
      };
      const original = (await b.db.query<any>(`select value from public.store_settings where key = 'restaurant'`))
        .rows[0].value;
      try {
        await b.db.query(
          `update public.store_settings set value = value || '{"phone": "+352621000111", "phone_display": "+352 621 000 111", "name": "Churrasqueira Oberkorn & Fils"}' where key = 'restaurant'`,
        );
        const o = await placeOrder(b, { delivery_method: 'pickup' }, { email: 'nouveau-tel@example.lu' });
        const mail = await received('nouveau-tel@example.lu');
        expect(mail.subject).toBe(
          `Confirmation de votre commande n° ${o.order_number} — Churrasqueira Oberkorn & Fils`,
        );
        expect(mail.html).toContain('href="tel:+352621000111"');
        expect(mail.html).toContain('+352 621 000 111');
        expect(mail.html).toContain('Churrasqueira Oberkorn &#38; Fils');
        expect(mail.text).toContain('Tél. +352 621 000 111');
        expect(`${mail.html}${mail.text}`).not.toContain('26 58 40 12');

        // No row to read: the e-mail still goes out, with the installed defaults.
        await b.db.query(`delete from public.store_settings where key = 'restaurant'`);
        await placeOrder(b, { delivery_method: 'pickup' }, { email: 'sans-reglage@example.lu' });
        const fallback = await received('sans-reglage@example.lu');
        expect(fallback.html).toContain('href="tel:+35226584012"');
        expect(fallback.text).toContain('Churrasqueira Differdange\n12, Avenue de la Liberté, L-4601 Differdange');
        expect(fallback.text).toContain('Tél. +352 26 58 40 12');
      } finally {
        await b.db.query(
          `insert into public.store_settings (key, value, is_public) values ('restaurant', $1::jsonb, true)
          on conflict (key) do update set value = excluded.value`,
          [JSON.stringify(original)],
        );
      }
    });
  });

  describe('crashing between send and report', () => {
    let b: TestBackend;
    beforeAll(async () => {
      b = await startTestBackend(kind);
    });
    afterAll(async () => b?.close());

    it('delivers the message once: the retry after the lease carries the same idempotency key', async () => {
      const o = await placeOrder(b, {}, { email: 'crash@example.lu' });
      const svc = b.serviceClient();
      // A dispatcher claims the row for 5 min, sends it, and dies before complete_notification.
      const { data: claimed, error } = await svc.rpc('claim_notifications', { p_limit: 10, p_lease_seconds: 300 });
      expect(error).toBeNull();
      expect(claimed).toHaveLength(1);
      const lost = claimed[0] as { id: string; recipient: string };
      const send = await fetch(`${b.url}/_mailbox/api/send`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${b.serviceRoleKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          to: lost.recipient,
          subject: 'Confirmation (envoyée avant la panne)',
          html: '<p>1</p>',
          idempotencyKey: lost.id,
        }),
      });
      expect(send.status).toBe(200);
      expect((await callFunction(b, 'dispatch-notifications', {}, b.serviceRoleKey)).body.claimed).toBe(0); // still leased

      // Five minutes later: the lease has run out (moved back in time rather than waited for).
      await b.db.query(
        `update public.notification_outbox set lease_expires_at = now() - interval '1 second' where id = $1`,
        [lost.id],
      );
      expect(await callFunction(b, 'dispatch-notifications', {}, b.serviceRoleKey)).toMatchObject({
        body: { claimed: 1, sent: 1 },
      });
      const state = await b.db.query<any>(`select status, attempts from public.notification_outbox where id = $1`, [
        lost.id,
      ]);
      expect(state.rows[0]).toEqual({ status: 'sent', attempts: 2 });
      const messages = await mailbox(b, '?to=crash@example.lu');
      expect(messages).toHaveLength(1);
      expect(messages[0].subject).toBe('Confirmation (envoyée avant la panne)');
      expect(
        (await b.db.query(`select count(*)::int as n from public.notification_outbox where order_id = $1`, [o.id]))
          .rows[0],
      ).toEqual({ n: 1 });
    });
  });

  describe('running in the backend', () => {
    let b: TestBackend;
    beforeAll(async () => {
      b = await startTestBackend(kind, { env: { ...process.env, DISPATCH: 'on', DISPATCH_INTERVAL_MS: '300' } });
    });
    afterAll(async () => b?.close());

    it('delivers a new order at once (LISTEN) and a retry that comes due (poll), each message exactly once', async () => {
      expect(b.dispatcher).not.toBeNull();
      const started = Date.now();
      const o = await placeOrder(b, {}, { email: 'vite@example.lu' });
      const [mail] = await waitFor(
        'the confirmation',
        async () => (await mailbox(b, '?to=vite@example.lu')).length === 1 && mailbox(b, '?to=vite@example.lu'),
      );
      console.log(`[${kind}] order to mailbox through the background dispatcher: ${Date.now() - started} ms`);
      expect(mail.subject).toContain(o.order_number);

      // A message waiting for its retry is picked up by the poll: no NOTIFY when it comes due.
      await b.db.query(
        `insert into public.notification_outbox (kind, channel, recipient, order_id, payload, next_attempt_at)
        select 'order_status', 'email', 'vite@example.lu', id, public.order_template_data(o) || '{"status": "Prêt"}', now() + interval '1 second' from public.orders o where id = $1`,
        [o.id],
      );
      await waitFor('the status e-mail', async () => (await mailbox(b, '?to=vite@example.lu')).length === 2);
    });

    it('delivers a burst of orders exactly once each, one run at a time', async () => {
      const started = Date.now();
      const orders = await Promise.all(
        Array.from({ length: 30 }, (_, i) => placeOrder(b, {}, { email: `rafale${i}@example.lu` })),
      );
      await waitFor(
        '30 confirmations',
        async () => {
          const r = await b.db.query<{ n: number }>(
            `select count(*)::int as n from public.notification_outbox where status = 'sent' and recipient like 'rafale%'`,
          );
          return r.rows[0].n === 30;
        },
        30_000,
      );
      console.log(`[${kind}] 30 orders placed at once delivered in ${Date.now() - started} ms`);
      const claims = await b.db.query<{ attempts: number; tries: number }>(
        `select o.attempts, (select count(*)::int from public.notification_attempts a where a.outbox_id = o.id) as tries from public.notification_outbox o where recipient like 'rafale%'`,
      );
      expect(claims.rows.every((r) => r.attempts === 1 && r.tries === 1)).toBe(true);
      const all = await mailbox(b, '?limit=1000');
      for (const o of orders) expect(all.filter((m) => m.subject?.includes(o.order_number))).toHaveLength(1);
    });

    it("a status change delivered by the dispatcher and the admin's call at the same time goes out once", async () => {
      const o = await placeOrder(b, {}, { email: 'course@example.lu' });
      const admin = (await signedIn(b, 'gerant@churrasqueira.lu', { role: 'admin' })).token;
      for (const status of ['Bien reçu', 'En préparation', 'Prêt'] as const) {
        const { error } = await b.client(admin).from('orders').update({ status }).eq('id', o.id);
        expect(error).toBeNull();
        const res = await callFunction(b, 'notify-order-status-change', { orderId: o.id, newStatus: status }, admin);
        expect(res.status).toBe(200);
        expect(['sending', 'sent']).toContain(res.body.notification.status);
      }
      await waitFor('four e-mails', async () => (await mailbox(b, '?to=course@example.lu')).length >= 4);
      await new Promise((r) => setTimeout(r, 700));
      const subjects = (await mailbox(b, '?to=course@example.lu'))
        .map((m) => m.subject!.replace(o.order_number, '#'))
        .sort();
      expect(subjects).toEqual([
        'Commande n° # : Commande reçue',
        'Commande n° # : En préparation',
        'Commande n° # : Prêt pour livraison',
        'Confirmation de votre commande n° # — Churrasqueira Differdange',
      ]);
    });

    it('stops cleanly on close', async () => {
      const t = Date.now();
      await b.dispatcher!.stop();
      await b.dispatcher!.idle();
      expect(Date.now() - t).toBeLessThan(5000);
    });
  });
});
