import crypto from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { mailboxEnabled, type BackendConfig } from '../config.js';
import type { BackendContext } from '../context.js';
import { HttpError, readBody, sendJson as sendApiJson, sendText, type RouteHandler } from '../http.js';
import { bearerToken, JwtError } from '../jwt.js';
import { MAILBOX_PAGE, MAILBOX_SCRIPT } from './mailbox-page.js';
import type { OutboxEntry } from './outbox.js';
import { InvalidMessageError, MailError } from './types.js';

/** Cookie the mailbox page sets after `/_mailbox?key=…`, sent back only to /_mailbox and only same-site. */
export const MAILBOX_COOKIE = 'mailbox_key';
/** Header scripts and tests give the key in. */
export const MAILBOX_KEY_HEADER = 'x-mailbox-key';

/**
 * The mailbox's key: MAILBOX_SECRET, else a random one kept in the data directory (`mailbox-secret`),
 * else (in-memory database) a random one for this process.
 */
export function loadMailboxSecret(config: Pick<BackendConfig, 'dataDir' | 'env'>): string {
  const fromEnv = config.env.MAILBOX_SECRET?.trim();
  if (fromEnv) {
    if (fromEnv.length < 16) throw new Error('MAILBOX_SECRET must be at least 16 characters long');
    return fromEnv;
  }
  if (!config.dataDir) return crypto.randomBytes(24).toString('base64url');
  const file = path.join(config.dataDir, 'mailbox-secret');
  if (fs.existsSync(file)) {
    const kept = fs.readFileSync(file, 'utf8').trim();
    if (kept.length >= 16) return kept;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = crypto.randomBytes(24).toString('base64url');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

function sameSecret(given: string, secret: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(secret).digest();
  return crypto.timingSafeEqual(a, b);
}

function cookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The mailbox answers without any CORS header: no other origin may read it. */
const PRIVATE = { 'X-Content-Type-Options': 'nosniff' };

const sendJson = (res: ServerResponse, status: number, body: unknown) =>
  sendApiJson(res, status, body, { 'Cache-Control': 'no-store' }, PRIVATE);

/** The mailbox page or its locked page. */
const sendPage = (res: ServerResponse, status: number, html: string) =>
  sendText(
    res,
    status,
    html,
    'text/html; charset=utf-8',
    { 'Content-Security-Policy': PAGE_CSP, 'Cache-Control': 'no-store' },
    PRIVATE,
  );

const LOCKED_PAGE = (
  status: number,
) => `<!doctype html><html lang="en"><meta charset="utf-8"><title>Mailbox locked</title>
<body style="font-family:system-ui;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>The mailbox needs its key (${status === 401 ? 'none given' : 'wrong key'})</h1>
<p>Open the <b>Mailbox</b> link that <code>npm start</code> prints (it ends with <code>/_mailbox?key=…</code>).
The key is in the data directory's <code>mailbox-secret</code> file, or in <code>MAILBOX_SECRET</code>.</p>
</body></html>`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; frame-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
// Captured HTML is untrusted: no scripts, no same-origin access, only inline styles and images.
const MESSAGE_CSP =
  "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data: https: http:; font-src data:; frame-ancestors 'self'";

interface MessageRow extends Omit<OutboxEntry, 'idempotencyKey'> {
  id: string;
  created_at: string;
}

const COLUMNS = `id::text as id, kind, recipients, subject, html, body, sender, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at`;

function toApi(r: MessageRow) {
  return {
    id: r.id,
    kind: r.kind,
    to: r.recipients,
    subject: r.subject,
    html: r.html,
    body: r.body,
    from: r.sender,
    created_at: r.created_at,
  };
}

/**
 * The development inbox at /_mailbox: a page and a JSON API over the messages the outbox provider captured.
 * `POST /_mailbox/api/send` (service role only) lets embedded Edge Functions send through the backend's mailer;
 * it stays available with MAILBOX=off because production may run embedded with a real provider.
 */
export function createMailboxHandler(ctx: BackendContext, secret: string): RouteHandler {
  const enabled = mailboxEnabled(ctx.config);

  /** The key a request carries (header or cookie): 'none', 'wrong' or 'ok'. */
  function keyOf(req: IncomingMessage): 'none' | 'wrong' | 'ok' {
    const header = req.headers[MAILBOX_KEY_HEADER];
    const given = (typeof header === 'string' ? header : undefined) ?? cookie(req, MAILBOX_COOKIE);
    if (given === undefined || given === '') return 'none';
    return sameSecret(decodeURIComponentSafe(given), secret) ? 'ok' : 'wrong';
  }

  async function list(url: URL) {
    const where: string[] = [];
    const params: unknown[] = [];
    const to = url.searchParams.get('to')?.trim();
    if (to && (to.includes('\0') || to.length > 320))
      throw new HttpError(400, { error: 'to must be an e-mail address or a phone number' });
    if (to) {
      params.push(to);
      where.push(
        `exists (select 1 from unnest(recipients) r where lower(r) = lower($${params.length}) or lower(r) like '%<' || lower($${params.length}) || '>')`,
      );
    }
    const kind = url.searchParams.get('kind');
    if (kind) {
      if (kind !== 'email' && kind !== 'sms') throw new HttpError(400, { error: 'kind must be email or sms' });
      params.push(kind);
      where.push(`kind = $${params.length}`);
    }
    const limit = Number(url.searchParams.get('limit') ?? 200);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
      throw new HttpError(400, { error: 'limit must be between 1 and 1000' });
    const sql = `select ${COLUMNS} from _mailbox.messages ${where.length ? 'where ' + where.join(' and ') : ''} order by seq desc limit ${limit}`;
    return (await ctx.db.query<MessageRow>(sql, params)).rows.map(toApi);
  }

  async function one(id: string): Promise<MessageRow> {
    if (!UUID.test(id)) throw new HttpError(404, { error: 'Message not found' });
    const row = (await ctx.db.query<MessageRow>(`select ${COLUMNS} from _mailbox.messages where id = $1`, [id]))
      .rows[0];
    if (!row) throw new HttpError(404, { error: 'Message not found' });
    return row;
  }

  async function send(req: IncomingMessage, res: ServerResponse) {
    const token = bearerToken(req.headers);
    try {
      if ((await ctx.jwt.verify(token ?? '')).role !== 'service_role')
        throw new HttpError(403, { error: 'Sending needs the service role key' });
    } catch (e) {
      if (e instanceof JwtError) throw new HttpError(401, { error: `Invalid JWT: ${e.message}` });
      throw e;
    }
    let input: Record<string, unknown>;
    try {
      input = JSON.parse((await readBody(req, ctx.config.maxBodyBytes)).toString('utf8') || 'null');
    } catch (e) {
      if (e instanceof HttpError) throw e;
      throw new HttpError(400, { error: 'Body must be JSON' });
    }
    if (!input || typeof input !== 'object') throw new HttpError(400, { error: 'Body must be a JSON object' });
    const kind = input.kind ?? 'email';
    try {
      if (kind === 'sms') {
        const message = {
          to: String(input.to ?? ''),
          body: String(input.body ?? ''),
          idempotencyKey: optional(input.idempotencyKey),
        };
        return sendJson(res, 200, await ctx.mailer.sendSms(message));
      }
      if (kind !== 'email') throw new HttpError(400, { error: 'kind must be email or sms' });
      const message = {
        to: input.to as string | string[],
        subject: input.subject as string,
        html: input.html as string,
        text: optional(input.text),
        from: optional(input.from),
        replyTo: optional(input.replyTo),
        idempotencyKey: optional(input.idempotencyKey),
        headers: input.headers as Record<string, string> | undefined,
      };
      return sendJson(res, 200, await ctx.mailer.sendEmail(message));
    } catch (e) {
      if (!(e instanceof MailError)) throw e;
      sendJson(res, e instanceof InvalidMessageError ? 400 : 502, {
        error: e.message,
        provider: e.provider,
        retryable: e.retryable,
      });
    }
  }

  return async (req, res, url) => {
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    try {
      if (path === '/_mailbox/api/send') {
        if (method !== 'POST') throw new HttpError(405, { error: 'Use POST' });
        return await send(req, res);
      }
      if (!enabled) {
        throw new HttpError(404, {
          error:
            'The mailbox is off (MAILBOX=off, SITE_URL not loopback, or the backend listens beyond loopback without MAILBOX=on)',
        });
      }
      const key = url.searchParams.get('key');
      if (method === 'GET' && path === '/_mailbox' && key !== null) {
        // The printed link: the key becomes an HttpOnly, same-site-only cookie and leaves the address bar.
        if (!sameSecret(key, secret)) return sendPage(res, 403, LOCKED_PAGE(403));
        res.writeHead(303, {
          Location: '/_mailbox',
          'Set-Cookie': `${MAILBOX_COOKIE}=${encodeURIComponent(secret)}; Path=/_mailbox; HttpOnly; SameSite=Strict`,
          'Cache-Control': 'no-store',
          'Referrer-Policy': 'no-referrer',
        });
        res.end();
        return;
      }
      const access = keyOf(req);
      if (access !== 'ok') {
        const status = access === 'none' ? 401 : 403;
        if (method === 'GET' && path === '/_mailbox') {
          return sendPage(res, status, LOCKED_PAGE(status));
        }
        throw new HttpError(status, {
          error:
            access === 'none'
              ? 'The mailbox needs its key: open the Mailbox link printed by npm start'
              : 'Wrong mailbox key',
        });
      }
      if (method === 'GET' && path === '/_mailbox') {
        return sendPage(res, 200, MAILBOX_PAGE);
      }
      if (method === 'GET' && path === '/_mailbox/mailbox.js') {
        return sendText(
          res,
          200,
          MAILBOX_SCRIPT,
          'text/javascript; charset=utf-8',
          { 'Cache-Control': 'no-store' },
          PRIVATE,
        );
      }
      const html = /^\/_mailbox\/messages\/([^/]+)\/html$/.exec(path);
      if (method === 'GET' && html) {
        const row = await one(html[1]);
        return sendText(
          res,
          200,
          row.html ?? '',
          'text/html; charset=utf-8',
          { 'Content-Security-Policy': MESSAGE_CSP, 'Cache-Control': 'no-store' },
          PRIVATE,
        );
      }
      if (path === '/_mailbox/api/messages') {
        if (method === 'GET') return sendJson(res, 200, { messages: await list(url) });
        if (method === 'DELETE') {
          const r = await ctx.db.query(`delete from _mailbox.messages`);
          return sendJson(res, 200, { deleted: r.rowCount });
        }
        throw new HttpError(405, { error: 'Use GET or DELETE' });
      }
      const item = /^\/_mailbox\/api\/messages\/([^/]+)$/.exec(path);
      if (item) {
        if (method === 'GET') return sendJson(res, 200, toApi(await one(item[1])));
        if (method === 'DELETE') {
          await one(item[1]);
          await ctx.db.query(`delete from _mailbox.messages where id = $1`, [item[1]]);
          return sendJson(res, 200, { deleted: 1 });
        }
        throw new HttpError(405, { error: 'Use GET or DELETE' });
      }
      throw new HttpError(404, { error: 'Not found' });
    } catch (e) {
      if (e instanceof HttpError) return sendJson(res, e.status, e.body);
      throw e;
    }
  };
}

function decodeURIComponentSafe(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

function optional(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}
