import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import type { BackendContext } from '../context.js';
import { HttpError, readBody } from '../http.js';
import { AuthError, badRequest } from './errors.js';

/** Reads a JSON object body; bad JSON is a 400 `bad_json`, an oversized body a 413, never a 500. */
export async function readJson<S extends z.ZodType>(req: IncomingMessage, ctx: BackendContext, schema: S): Promise<z.infer<S>> {
  let raw: Buffer;
  try {
    raw = await readBody(req, ctx.config.maxBodyBytes, () => new HttpError(413, {}));
  } catch (e) {
    if (e instanceof HttpError) throw new AuthError(413, 'request_too_large', `Request body is larger than ${ctx.config.maxBodyBytes} bytes`);
    throw badRequest('bad_json', 'Could not read request body');
  }
  const text = raw.toString('utf8').trim();
  let value: unknown = {};
  if (text) {
    try {
      value = JSON.parse(text);
    } catch (e) {
      throw badRequest('bad_json', `Could not parse request body as JSON: ${(e as Error).message}`);
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: expected an object');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest('bad_json', `Could not parse request body as JSON: ${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  return parsed.data;
}

function origin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function normalised(url: string): string | null {
  try {
    return new URL(url).toString();
  } catch {
    return null;
  }
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The page the site sends people back to when no (allowed) redirect_to was given. */
export function siteUrl(ctx: BackendContext): string {
  return (ctx.config.siteUrl ?? ctx.publicUrl).replace(/\/$/, '');
}

/**
 * Like GoTrue's URI allow list: a redirect_to outside the site (or AUTH_ADDITIONAL_REDIRECT_URLS,
 * comma-separated, `**` as a trailing wildcard) falls back to the site URL, so an e-mailed link
 * can never hand a session to someone else's page.
 */
export function allowedRedirect(ctx: BackendContext, requested: string | null | undefined): string {
  const fallback = siteUrl(ctx);
  if (!requested) return fallback;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return fallback;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fallback;
  const own = [origin(ctx.publicUrl), origin(fallback)];
  if (own.includes(url.origin)) return url.toString();
  const ownHost = new URL(ctx.publicUrl).hostname;
  if (LOOPBACK.has(ownHost) && LOOPBACK.has(url.hostname)) return url.toString();
  const extra = (ctx.config.env.AUTH_ADDITIONAL_REDIRECT_URLS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const wanted = url.toString();
  for (const pattern of extra) {
    if (pattern.endsWith('**') ? wanted.startsWith(pattern.slice(0, -2)) : wanted === normalised(pattern)) return wanted;
  }
  return fallback;
}

export function clientInfo(req: IncomingMessage): { userAgent: string | null; ip: string | null } {
  const ua = req.headers['user-agent'];
  return { userAgent: (Array.isArray(ua) ? ua[0] : ua) ?? null, ip: req.socket.remoteAddress ?? null };
}
