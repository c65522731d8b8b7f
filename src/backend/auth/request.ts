import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import type { BackendContext } from '../context.js';
import { HttpError, readBody } from '../http.js';
import { MAX_JSON_NESTING, nestsDeeperThan } from '../json-depth.js';
import { AuthError, badRequest } from './errors.js';
import { authSettings } from './settings.js';

/** Reads a JSON object body; bad JSON is a 400 `bad_json`, an oversized body a 413, never a 500. */
export async function readJson<S extends z.ZodType>(
  req: IncomingMessage,
  ctx: BackendContext,
  schema: S,
): Promise<z.infer<S>> {
  let raw: Buffer;
  try {
    raw = await readBody(req, ctx.config.maxBodyBytes, () => new HttpError(413, {}));
  } catch (e) {
    if (e instanceof HttpError)
      throw new AuthError(413, 'request_too_large', `Request body is larger than ${ctx.config.maxBodyBytes} bytes`);
    throw badRequest('bad_json', 'Could not read request body');
  }
  const text = raw.toString('utf8').trim();
  let value: unknown = {};
  if (nestsDeeperThan(text))
    throw badRequest('bad_json', `Could not parse request body as JSON: nested deeper than ${MAX_JSON_NESTING} levels`);
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
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: ${issue.path.join('.') || 'body'}: ${issue.message}`,
    );
  }
  return parsed.data;
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

function globToRegExp(pattern: string): RegExp {
  // GoTrue's uri_allow_list globs: `**` matches anything, `*` anything but a separator (`.` or `/`).
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (c === '*') re += '[^./]*';
    else if (c === '?') re += '[^./]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

function allowListMatch(pattern: string, wanted: URL): boolean {
  if (pattern.includes('*') || pattern.includes('?')) return globToRegExp(pattern).test(wanted.toString());
  return normalised(pattern) === wanted.toString();
}

/**
 * Like GoTrue's URI allow list: a redirect_to outside the site's own origin (SITE_URL, or the
 * backend's URL) and the additional redirect URLs (`additional_redirect_urls` in
 * supabase/config.toml, or AUTH_ADDITIONAL_REDIRECT_URLS, comma-separated, with GoTrue's `*`/`**`
 * globs) falls back to the site URL, so an e-mailed link can never hand a session to another page,
 * another port on the same host included.
 */
export function allowedRedirect(ctx: BackendContext, requested: string | null | undefined): string {
  const fallback = siteUrl(ctx);
  if (!requested || requested.length > MAX_URL_LENGTH) return fallback;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return fallback;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fallback;
  if (url.username || url.password) return fallback;
  const own = new Set([new URL(ctx.publicUrl).origin, new URL(fallback).origin]);
  if (own.has(url.origin)) return url.toString();
  // Development entries (a Vite server on localhost) only count while the site itself is on loopback.
  const siteOnLoopback = LOOPBACK.has(new URL(fallback).hostname);
  for (const pattern of authSettings(ctx).additionalRedirectUrls) {
    let host: string | null = null;
    try {
      host = new URL(pattern.replace(/\*+/g, 'x')).hostname;
    } catch {
      continue;
    }
    if (LOOPBACK.has(host) && !siteOnLoopback) continue;
    if (allowListMatch(pattern, url)) return url.toString();
  }
  return fallback;
}

export const MAX_URL_LENGTH = 2048;
const MAX_METADATA_BYTES = 16 * 1024;

/** user_metadata travels in every access token: bounded, so a sign-up cannot bloat every request. */
export function checkMetadata(data: Record<string, unknown>): Record<string, unknown> {
  if (Buffer.byteLength(JSON.stringify(data), 'utf8') > MAX_METADATA_BYTES) {
    throw badRequest('validation_failed', `user_metadata cannot be larger than ${MAX_METADATA_BYTES} bytes`);
  }
  return data;
}

export function clientInfo(req: IncomingMessage): { userAgent: string | null; ip: string | null } {
  const ua = req.headers['user-agent'];
  return { userAgent: (Array.isArray(ua) ? ua[0] : ua) ?? null, ip: req.socket.remoteAddress ?? null };
}
