import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumExecutable } from '../e2e/support/chromium.js';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { mailboxFetch } from '../helpers/mailbox.js';
import { RawSocket, closeClients, waitFor } from '../fixtures/realtime-supabase/helpers.js';

interface V1 {
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  ref: string | null;
}

function joinRaw(
  s: RawSocket,
  topic: string,
  ref: string,
  config: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): void {
  s.send({ topic: `realtime:${topic}`, event: 'phx_join', payload: { config, ...extra }, ref, join_ref: ref });
}

function replyTo(s: RawSocket, ref: string): Promise<{ status: string; response: Record<string, unknown> }> {
  return s.next((m) => {
    const f = m as V1;
    return f.event === 'phx_reply' && f.ref === ref
      ? (f.payload as { status: string; response: Record<string, unknown> })
      : undefined;
  });
}

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request with a Host header of our choosing (fetch cannot set one), as a rebinding page's browser sends it. */
function raw(
  b: { port: number },
  path: string,
  options: { host: string; method?: string; headers?: Record<string, string> },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port: b.port,
      path,
      method: options.method ?? 'GET',
      headers: { ...options.headers, host: options.host },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    // A WebSocket upgrade that succeeds answers 101 here.
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body: '' });
    });
    req.on('error', reject);
    req.end();
  });
}

function wsUpgrade(b: TestBackend, host: string): Promise<RawAnswer> {
  return raw(b, `/realtime/v1/websocket?apikey=${b.anonKey}&vsn=1.0.0`, {
    host,
    headers: {
      Connection: 'Upgrade',
      Upgrade: 'websocket',
      'Sec-WebSocket-Version': '13',
      'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
    },
  });
}

/** The status line the server answers a hand-written request with ('' when it closes without one). */
function statusLine(b: { port: number }, request: string): Promise<string> {
  return new Promise((resolve) => {
    const s = net.connect(b.port, '127.0.0.1', () => s.write(request));
    let data = '';
    s.on('data', (c) => {
      data += String(c);
      if (data.includes('\r\n')) s.destroy();
    });
    s.on('close', () => resolve(data.split('\r\n')[0]));
    s.on('error', () => resolve(''));
    s.setTimeout(5000, () => s.destroy());
  });
}

/** A non-loopback address of this machine, if it has one. */
function ownLanAddress(): string | null {
  for (const list of Object.values(os.networkInterfaces()))
    for (const i of list ?? []) if (!i.internal && i.family === 'IPv4') return i.address;
  return null;
}

/**
 * Attacks on the HTTP server itself, as an outside page or client would try them against `npm start`:
 * one test per attack, each failing on the server as it was before the fix.
 */
describe.each(testDatabases())('server security on %s', (kind) => {
  let b: TestBackend;

  beforeAll(async () => {
    b = await startTestBackend(kind);
  }, 120_000);
  afterAll(async () => {
    await b?.close();
  });

  it('keeps the mailbox from a page on another origin: no CORS headers, 401 without the key, even in a real browser', async () => {
    await b.context.mailer.sendEmail({
      to: 'owner@example.lu',
      subject: 'Réinitialiser le mot de passe',
      html: '<a href="/auth/v1/verify?token=secret">x</a>',
    });
    const evil = { Origin: 'http://evil.example' };
    for (const path of ['/_mailbox', '/_mailbox/api/messages', '/_mailbox/mailbox.js']) {
      const res = await fetch(b.url + path, { headers: evil });
      expect(res.status, path).toBe(401);
      expect(res.headers.get('access-control-allow-origin'), path).toBeNull();
      expect(await res.text(), path).not.toContain('verify?token');
    }
    const preflight = await fetch(`${b.url}/_mailbox/api/messages`, {
      method: 'OPTIONS',
      headers: {
        ...evil,
        'Access-Control-Request-Method': 'DELETE',
        'Access-Control-Request-Headers': 'x-mailbox-key',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
    // Even with the key (leaked or guessed), the answer carries no CORS header for a browser to honour.
    const keyed = await mailboxFetch(b, '/api/messages', { headers: evil });
    expect(keyed.status).toBe(200);
    expect(keyed.headers.get('access-control-allow-origin')).toBeNull();

    // The attack itself: a page served from another origin reads the mailbox with fetch().
    const attacker = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(`<!doctype html><script>
        fetch(${JSON.stringify(b.url + '/_mailbox/api/messages')}).then((r) => r.text()).then((t) => { document.title = 'read:' + t; }, (e) => { document.title = 'blocked:' + e.message; });
      </script>`);
    });
    await new Promise<void>((r) => attacker.listen(0, '127.0.0.1', r));
    const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      // localhost and 127.0.0.1 are different origins: the attacker page is cross-origin to the backend.
      await page.goto(`http://localhost:${(attacker.address() as { port: number }).port}/`);
      await expect.poll(() => page.title(), { timeout: 10_000 }).toMatch(/^(read|blocked):/);
      expect(await page.title()).toMatch(/^blocked:/);
    } finally {
      await browser.close();
      attacker.close();
    }
  });

  it('refuses to erase the mailbox without its key (401) or with a wrong one (403)', async () => {
    await b.context.mailer.sendEmail({ to: 'owner@example.lu', subject: 'Preuve', html: '<p>x</p>' });
    const before = (await b.db.query(`select count(*)::int as n from _mailbox.messages`)).rows[0] as { n: number };
    expect(before.n).toBeGreaterThan(0);
    const anonymous = await fetch(`${b.url}/_mailbox/api/messages`, {
      method: 'DELETE',
      headers: { Origin: 'http://evil.example' },
    });
    expect(anonymous.status).toBe(401);
    const [first] = ((await (await mailboxFetch(b, '/api/messages')).json()) as { messages: { id: string }[] })
      .messages;
    expect((await fetch(`${b.url}/_mailbox/api/messages/${first.id}`, { method: 'DELETE' })).status).toBe(401);
    expect((await fetch(`${b.url}/_mailbox/api/messages/${first.id}/html`.replace('/api', ''))).status).toBe(401);
    const wrong = await fetch(`${b.url}/_mailbox/api/messages`, {
      method: 'DELETE',
      headers: { 'X-Mailbox-Key': 'guess-guess-guess-guess' },
    });
    expect(wrong.status).toBe(403);
    expect(
      (await fetch(`${b.url}/_mailbox/api/messages`, { headers: { Cookie: 'mailbox_key=guess-guess-guess' } })).status,
    ).toBe(403);
    const after = (await b.db.query(`select count(*)::int as n from _mailbox.messages`)).rows[0] as { n: number };
    expect(after.n).toBe(before.n);
  });

  it('opens the mailbox with the printed link: the key becomes an HttpOnly, SameSite=Strict cookie', async () => {
    expect(b.mailboxUrl).toBe(`${b.url}/_mailbox?key=${encodeURIComponent(b.mailboxSecret!)}`);
    expect(b.mailboxSecret!.length).toBeGreaterThanOrEqual(24);
    const wrong = await fetch(`${b.url}/_mailbox?key=nope`, { redirect: 'manual' });
    expect(wrong.status).toBe(403);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const link = await fetch(b.mailboxUrl!, { redirect: 'manual' });
    expect(link.status).toBe(303);
    expect(link.headers.get('location')).toBe('/_mailbox');
    const setCookie = link.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/_mailbox/);
    const cookie = setCookie.split(';')[0];
    expect((await fetch(`${b.url}/_mailbox`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${b.url}/_mailbox/api/messages`, { headers: { cookie } })).status).toBe(200);
  });

  it('refuses a DNS-rebinding Host header with 421 on every API, the mailbox, the apps and the realtime upgrade', async () => {
    const evil = `rebind.evil.example:${b.port}`;
    const key: Record<string, string> = {
      apikey: b.anonKey,
      ...(b.mailboxSecret ? { 'X-Mailbox-Key': b.mailboxSecret } : {}),
    };
    for (const path of [
      '/rest/v1/menu_items?select=id',
      '/auth/v1/settings',
      '/functions/v1/hello',
      '/_mailbox/api/messages',
      '/_mailbox',
      '/',
      '/admin/',
      '/env.js',
    ]) {
      const res = await raw(b, path, { host: evil, headers: key });
      expect(res.status, path).toBe(421);
      expect(res.body, path).toMatch(/ALLOWED_HOSTS/);
      expect(res.headers['access-control-allow-origin'], path).toBeUndefined();
    }
    expect((await wsUpgrade(b, evil)).status).toBe(421);
    // A request to an address that is not this machine's is refused too (HOST is loopback here).
    expect(
      (await raw(b, '/rest/v1/menu_items?select=id', { host: `10.99.99.99:${b.port}`, headers: key })).status,
    ).toBe(421);
    // Loopback names keep working.
    for (const host of [`127.0.0.1:${b.port}`, `localhost:${b.port}`, `[::1]:${b.port}`, 'localhost']) {
      expect((await raw(b, '/rest/v1/menu_items?select=id&limit=1', { host, headers: key })).status, host).toBe(200);
    }
    expect((await wsUpgrade(b, `localhost:${b.port}`)).status).toBe(101);
  });

  it('caps channels per realtime socket as Supabase does: the 101st gets ChannelRateLimitReached (supabase-js)', async () => {
    const client = b.client();
    try {
      const channels = Array.from({ length: 100 }, (_, i) => client.channel(`cap-${i}`));
      await Promise.all(
        channels.map(
          (ch) =>
            new Promise<void>((resolve, reject) =>
              ch.subscribe((status, err) =>
                status === 'SUBSCRIBED' ? resolve() : status !== 'CLOSED' && reject(err ?? new Error(status)),
              ),
            ),
        ),
      );
      const errors: string[] = [];
      let joined = false;
      client.channel('cap-100').subscribe((status, err) => {
        if (status === 'SUBSCRIBED') joined = true;
        if (status === 'CHANNEL_ERROR') errors.push(err?.message ?? '');
      });
      // realtime-js retries a refused join by itself; the answer stays the same once the join quota allows it.
      await waitFor(
        () => joined || errors.some((e) => e.includes('ChannelRateLimitReached: Too many channels')),
        15_000,
        'the 101st channel to be refused',
      );
      expect(joined).toBe(false);
      // The first hundred still work.
      expect(channels.every((ch) => ch.state === 'joined')).toBe(true);
    } finally {
      await closeClients(client);
    }
  }, 30_000);

  it('caps postgres_changes bindings over a socket and the size of a join (raw WebSocket)', async () => {
    const s = await RawSocket.open(b, '1.0.0', b.serviceRoleKey);
    try {
      const hundred = Array.from({ length: 100 }, (_, i) => ({
        event: '*',
        schema: 'public',
        table: 'orders',
        filter: `id=eq.${i}`,
      }));
      joinRaw(s, 'b1', '1', { postgres_changes: hundred });
      expect((await replyTo(s, '1')).status).toBe('ok');
      joinRaw(s, 'b2', '2', { postgres_changes: hundred });
      expect((await replyTo(s, '2')).status).toBe('ok');
      joinRaw(s, 'b3', '3', { postgres_changes: [{ event: '*', schema: 'public', table: 'orders' }] });
      const third = await replyTo(s, '3');
      expect(third.status).toBe('error');
      expect(String(third.response.reason)).toMatch(/^ChannelRateLimitReached: Too many postgres_changes bindings/);
      // Rejoining a held topic replaces its bindings rather than adding to them.
      joinRaw(s, 'b2', '4', { postgres_changes: hundred.slice(0, 50) });
      expect((await replyTo(s, '4')).status).toBe('ok');

      joinRaw(s, 'big', '5', { broadcast: {} }, { padding: 'x'.repeat(100_000) });
      const big = await replyTo(s, '5');
      expect(big.status).toBe('error');
      expect(String(big.response.reason)).toMatch(/^PayloadTooLarge/);
      expect(s.closed).toBe(false);
    } finally {
      s.ws.close();
    }
  }, 30_000);

  it('caps messages per second per socket: the flooding channel is closed with "Too many messages per second"', async () => {
    const flooder = await RawSocket.open(b, '1.0.0');
    const listener = await RawSocket.open(b, '1.0.0');
    try {
      joinRaw(listener, 'flood', '1', { broadcast: {} });
      expect((await replyTo(listener, '1')).status).toBe('ok');
      joinRaw(flooder, 'flood', '1', { broadcast: {} });
      expect((await replyTo(flooder, '1')).status).toBe('ok');
      for (let i = 0; i < 300; i++)
        flooder.send({
          topic: 'realtime:flood',
          event: 'broadcast',
          payload: { type: 'broadcast', event: 'spam', payload: { i } },
          ref: null,
          join_ref: '1',
        });
      const system = await flooder.next((m) => ((m as V1).event === 'system' ? (m as V1).payload : undefined));
      expect(system).toMatchObject({ status: 'error', message: 'Too many messages per second', channel: 'flood' });
      await flooder.next((m) => ((m as V1).event === 'phx_close' ? true : undefined));
      const relayed = () => listener.messages.filter((m) => (m as V1).event === 'broadcast').length;
      await waitFor(() => relayed() >= 100, 5000, 'the allowed broadcasts to arrive');
      // 100 within the second (a second window opening mid-flood could let through at most another 100, never all 300).
      expect(relayed()).toBeGreaterThanOrEqual(100);
      expect(relayed()).toBeLessThanOrEqual(200);

      // A socket that keeps flooding far past the quota is cut.
      for (let i = 0; i < 1100; i++) flooder.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: `h${i}` });
      await waitFor(() => flooder.closed, 5000, 'the flooding socket to be closed');
      expect(flooder.closeCode).toBe(1008);
      expect(listener.closed).toBe(false);
    } finally {
      flooder.ws.close();
      listener.ws.close();
    }
  }, 30_000);

  it('answers 400 to a request target that is not a URL, on HTTP and on the WebSocket upgrade, and keeps running', async () => {
    // Before, `new URL()` threw outside any handler: one such line stopped the whole backend.
    expect(await statusLine(b, 'GET //[ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')).toBe('HTTP/1.1 400 Bad Request');
    const upgrade =
      'Host: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n';
    expect(await statusLine(b, `GET //[ HTTP/1.1\r\n${upgrade}`)).toBe('HTTP/1.1 400 Bad Request');
    expect(
      (await fetch(`${b.url}/rest/v1/menu_items?select=id&limit=1`, { headers: { apikey: b.anonKey } })).status,
    ).toBe(200);
  });

  it('answers 400, never 500, to a NUL or a malformed percent-encoding in any path', async () => {
    const paths = [
      '/%00',
      '/admin/%00',
      '/assets/x%00.js',
      '/env.js%00',
      '/%E0%A4%A',
      '/storage/v1/object/public/%00',
      '/rest/v1/%00',
      '/rest/v1/rpc/%00',
      '/rest/v1/%ZZ',
      '/auth/v1/user%00',
      '/auth/v1/%ZZ',
      '/functions/v1/a%00b',
      '/_mailbox/api/messages/%00',
    ];
    for (const p of paths) {
      const res = await fetch(b.url + p, { headers: { apikey: b.anonKey } });
      expect(res.status, p).toBe(400);
      await res.arrayBuffer();
    }
    // Query strings too, where the value reaches SQL.
    expect((await mailboxFetch(b, '/api/messages?to=%00')).status).toBe(400);
    const rest = (await (await fetch(`${b.url}/rest/v1/%00`, { headers: { apikey: b.anonKey } })).json()) as {
      code: string;
    };
    expect(rest.code).toBe('PGRST100');
    // The server still answers normally afterwards.
    expect(
      (await fetch(`${b.url}/rest/v1/menu_items?select=id&limit=1`, { headers: { apikey: b.anonKey } })).status,
    ).toBe(200);
  });
});

describe.each(testDatabases())('server reached beyond loopback on %s', (kind) => {
  it('never serves the mailbox when SITE_URL is public, even on a loopback HOST with MAILBOX=on (same-host proxy)', async () => {
    const b = await startTestBackend(kind, { siteUrl: 'https://churrasqueira.example.lu', env: { MAILBOX: 'on' } });
    try {
      // What the proxy forwards: the public host name, which the Host check accepts.
      const viaProxy = { host: 'churrasqueira.example.lu' };
      expect((await raw(b, '/_mailbox', viaProxy)).status).toBe(404);
      expect((await raw(b, '/_mailbox/api/messages', viaProxy)).status).toBe(404);
      expect((await raw(b, '/_mailbox/api/messages', { host: `127.0.0.1:${b.port}` })).status).toBe(404);
      expect((await raw(b, '/_mailbox/api/messages', { ...viaProxy, method: 'DELETE' })).status).toBe(404);
      expect(
        (await raw(b, '/rest/v1/menu_items?select=id&limit=1', { ...viaProxy, headers: { apikey: b.anonKey } })).status,
      ).toBe(200);
      expect(
        (
          await raw(b, '/rest/v1/menu_items?select=id&limit=1', {
            host: 'rebind.evil.example',
            headers: { apikey: b.anonKey },
          })
        ).status,
      ).toBe(421);
      expect(b.mailboxSecret).toBeNull();
      expect(b.mailboxUrl).toBeNull();
    } finally {
      await b.close();
    }
  }, 120_000);

  it("on every interface (kiosk on the LAN) accepts the machine's own addresses and ALLOWED_HOSTS, nothing else", async () => {
    const b = await startTestBackend(kind, { host: '0.0.0.0', allowedHosts: ['caisse.restaurant.lan'] });
    try {
      const ok = async (host: string) =>
        (await raw(b, '/rest/v1/menu_items?select=id&limit=1', { host, headers: { apikey: b.anonKey } })).status;
      expect(await ok(`caisse.restaurant.lan:${b.port}`)).toBe(200);
      expect(await ok(`localhost:${b.port}`)).toBe(200);
      const lan = ownLanAddress();
      if (lan) expect(await ok(`${lan}:${b.port}`)).toBe(200);
      expect(await ok(`${os.hostname()}:${b.port}`)).toBe(200);
      expect(await ok(`rebind.evil.example:${b.port}`)).toBe(421);
      expect(await ok(`192.0.2.77:${b.port}`)).toBe(421);
      expect((await wsUpgrade(b, `rebind.evil.example:${b.port}`)).status).toBe(421);
      expect((await wsUpgrade(b, `caisse.restaurant.lan:${b.port}`)).status).toBe(101);
    } finally {
      await b.close();
    }
  }, 120_000);
});

describe.each(testDatabases())('realtime connections per client address on %s', (kind) => {
  it('refuses the 101st socket of one address with ConnectionRateLimitReached (429), not its neighbours', async () => {
    // Behind a trusted proxy, the address is the forwarded one.
    const b = await startTestBackend(kind, { trustProxy: true });
    const open = (ip: string) =>
      new Promise<{ ws: WebSocket | null; status: number; body: string }>((resolve) => {
        const ws = new WebSocket(
          `${b.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${b.anonKey}&vsn=1.0.0`,
          { headers: { 'x-forwarded-for': ip } },
        );
        ws.once('open', () => resolve({ ws, status: 101, body: '' }));
        ws.once('unexpected-response', (_req, res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += String(c)));
          res.on('end', () => resolve({ ws: null, status: res.statusCode ?? 0, body }));
        });
        ws.once('error', () => resolve({ ws: null, status: 0, body: '' }));
      });
    const held: WebSocket[] = [];
    try {
      for (let i = 0; i < 100; i++) {
        const r = await open('203.0.113.9');
        expect(r.status).toBe(101);
        held.push(r.ws!);
      }
      const refused = await open('203.0.113.9');
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body)).toEqual({ message: 'ConnectionRateLimitReached: Too many connected users' });
      const neighbour = await open('203.0.113.10');
      expect(neighbour.status).toBe(101);
      neighbour.ws!.close();
      // A socket that leaves frees its place.
      held.pop()!.close();
      let again = await open('203.0.113.9');
      for (let i = 0; again.status !== 101 && i < 50; i++) again = await open('203.0.113.9');
      expect(again.status).toBe(101);
      again.ws!.close();
    } finally {
      for (const ws of held) ws.close();
      await b.close();
    }
  }, 60_000);
});

describe.each(testDatabases())('content security policy of the apps on %s', (kind) => {
  let b: TestBackend;
  let dist: string;

  beforeAll(async () => {
    // A stand-in build, so the headers are checked whether or not the apps are built.
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-dist-'));
    for (const app of ['shop', 'admin']) {
      fs.mkdirSync(path.join(dist, app, 'assets'), { recursive: true });
      fs.writeFileSync(path.join(dist, app, 'index.html'), `<!doctype html><title>${app}</title><div id="root"></div>`);
      fs.writeFileSync(path.join(dist, app, 'assets', 'index-abcdef12.js'), 'console.log(1)');
    }
    fs.writeFileSync(path.join(dist, 'shop', 'sw.js'), 'self.addEventListener("fetch", () => {})');
    b = await startTestBackend(kind, {
      distDir: dist,
      env: { SUPABASE_URL: 'https://abcd.supabase.co', GOOGLE_MAPS_API_KEY: 'k' },
    });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  function directives(csp: string | null): Map<string, string[]> {
    return new Map(
      (csp ?? '')
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((d) => d[0])
        .map(([name, ...values]) => [name, values]),
    );
  }

  it('sends a CSP without inline or eval scripts on the shop and admin pages, assets and service worker', async () => {
    for (const p of [
      '/',
      '/menu',
      '/localisation',
      '/sw.js',
      '/assets/index-abcdef12.js',
      '/admin/',
      '/admin/dashboard',
      '/admin/assets/index-abcdef12.js',
    ]) {
      const res = await fetch(b.url + p);
      expect(res.status, p).toBe(200);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('script-src'), p).toEqual(["'self'"]);
      expect(csp.get('object-src'), p).toEqual(["'none'"]);
      expect(csp.get('base-uri'), p).toEqual(["'self'"]);
      // supabase-js: REST and realtime on this origin and on the configured Supabase URL.
      expect(csp.get('connect-src'), p).toEqual(
        expect.arrayContaining([
          "'self'",
          `ws://127.0.0.1:${b.port}`,
          'https://abcd.supabase.co',
          'wss://abcd.supabase.co',
        ]),
      );
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), p).toBeTruthy();
      if (p.startsWith('/admin')) expect(csp.get('frame-ancestors'), p).toEqual(["'none'"]);
      else {
        expect(csp.get('frame-ancestors'), p).toEqual(["'self'"]);
        expect(csp.get('frame-src'), p).toEqual(
          expect.arrayContaining(['https://www.google.com', 'https://www.openstreetmap.org']),
        );
      }
      await res.arrayBuffer();
    }
    const admin = await fetch(`${b.url}/admin/`);
    expect(admin.headers.get('x-frame-options')).toBe('DENY');
  });
});
