import type { IncomingMessage } from 'node:http';
import type { BackendContext } from '../context.js';
import { AuthError } from './errors.js';
import { authSettings, type RateLimits } from './settings.js';

const FIVE_MINUTES = 300_000;
const HOUR = 3_600_000;

type Bucket = Exclude<keyof RateLimits, 'failedSignInsPerAccount'>;

const WINDOW_MS: Record<Bucket, number> = {
  emailSent: HOUR,
  tokenRefresh: FIVE_MINUTES,
  signInSignUps: FIVE_MINUTES,
  tokenVerifications: FIVE_MINUTES,
  anonymousUsers: HOUR,
  smsSent: HOUR,
  smsPerNumber: HOUR,
  smsTotal: HOUR,
};
const DAY = 24 * HOUR;

interface State {
  tokens: number;
  at: number;
}

/**
 * Token buckets like GoTrue's limiters: `limit` requests at once, refilled at `limit` per window.
 * Kept in memory: a restart forgives, which is what a single-process backend can offer.
 */
class Limiter {
  private readonly buckets = new Map<string, State>();

  take(key: string, limit: number, windowMs: number, now = Date.now()): boolean {
    if (limit <= 0) return true;
    const rate = limit / windowMs;
    const s = this.buckets.get(key) ?? { tokens: limit, at: now };
    s.tokens = Math.min(limit, s.tokens + (now - s.at) * rate);
    s.at = now;
    if (s.tokens < 1) {
      this.buckets.set(key, s);
      return false;
    }
    s.tokens -= 1;
    this.buckets.set(key, s);
    if (this.buckets.size > 50_000) this.prune(now);
    return true;
  }

  peek(key: string, limit: number, windowMs: number, now = Date.now()): boolean {
    if (limit <= 0) return true;
    const s = this.buckets.get(key);
    return !s || Math.min(limit, s.tokens + (now - s.at) * (limit / windowMs)) >= 1;
  }

  /** Drops buckets untouched for an hour (full again whatever their window). */
  private prune(now: number): void {
    for (const [k, s] of this.buckets) if (now - s.at > HOUR) this.buckets.delete(k);
    // Still too many (addresses made up behind a trusted proxy): forget the oldest ones.
    for (const k of this.buckets.keys()) {
      if (this.buckets.size <= 40_000) break;
      this.buckets.delete(k);
    }
  }
}

const limiters = new WeakMap<BackendContext, Limiter>();

function limiter(ctx: BackendContext): Limiter {
  let l = limiters.get(ctx);
  if (!l) {
    l = new Limiter();
    limiters.set(ctx, l);
  }
  return l;
}

/** The client address the server put in x-forwarded-for (the socket's, unless TRUST_PROXY). */
export function clientAddress(req: IncomingMessage): string {
  const h = req.headers['x-forwarded-for'];
  const first = (Array.isArray(h) ? h[0] : h)?.split(',')[0]?.trim();
  return first || req.socket.remoteAddress || 'unknown';
}

export const overRequestRateLimit = () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
export const overEmailRateLimit = () => new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');

/** Counts one request of this kind from the caller's address; 429 once the address is over its limit. */
export function limitByAddress(ctx: BackendContext, req: IncomingMessage, bucket: Bucket): void {
  const limit = authSettings(ctx).rateLimits[bucket];
  if (!limiter(ctx).take(`${bucket}:${clientAddress(req)}`, limit, WINDOW_MS[bucket])) {
    throw bucket === 'emailSent' ? overEmailRateLimit() : overRequestRateLimit();
  }
}

export const overSmsRateLimit = () => new AuthError(429, 'over_sms_send_rate_limit', 'SMS rate limit exceeded');

/**
 * One SMS code about to be sent to `number` (E.164 digits): counted against the caller's address (`sms_sent`,
 * 10 an hour), the number (`sms_per_number`, 5 an hour and twice that a day, whoever asks) and the whole
 * backend (`sms_total`, 100 an hour). Counted for every request that may send one, account or not, so the
 * answer says nothing about who has an account; a refused request costs none of the three.
 */
export function limitSms(ctx: BackendContext, req: IncomingMessage, number: string): void {
  const limits = authSettings(ctx).rateLimits;
  const l = limiter(ctx);
  const buckets: [string, number, number][] = [
    ['sms-total', limits.smsTotal, HOUR],
    [`sms-sent:${clientAddress(req)}`, limits.smsSent, HOUR],
    [`sms-number:${number}`, limits.smsPerNumber, HOUR],
    [`sms-number-day:${number}`, limits.smsPerNumber * 2, DAY],
  ];
  if (buckets.some(([key, limit, window]) => !l.peek(key, limit, window))) throw overSmsRateLimit();
  for (const [key, limit, window] of buckets) l.take(key, limit, window);
}

/**
 * Wrong passwords, counted per account AND client address. The first `failedSignInsPerAccount` (5)
 * are free; after that each try from that address for that account waits a delay that doubles with
 * every further wrong password (1 s, 2 s, 4 s … at most 15 min), and is refused with 429 until then.
 * Nobody else is held up: the owner signing in from another address (another phone, the restaurant)
 * is never refused because a stranger keeps guessing, which a per-account lockout would allow. A
 * right password from the address clears its count; an hour without a wrong one forgives it.
 */
interface Failures {
  count: number;
  last: number;
}

const MAX_DELAY_MS = 15 * 60_000;
/** The first wait after the free wrong passwords (`AUTH_FAILED_SIGN_IN_DELAY_MS`); each further one doubles it. */
const FIRST_DELAY_MS = 1000;
const failuresByContext = new WeakMap<BackendContext, Map<string, Failures>>();

function failures(ctx: BackendContext): Map<string, Failures> {
  let m = failuresByContext.get(ctx);
  if (!m) {
    m = new Map();
    failuresByContext.set(ctx, m);
  }
  return m;
}

const failureKey = (req: IncomingMessage, email: string) => `${email}\n${clientAddress(req)}`;

/** How long the caller's address must still wait before trying a password for this address (0: now). */
export function passwordWaitMs(ctx: BackendContext, req: IncomingMessage, email: string, now = Date.now()): number {
  const free = authSettings(ctx).rateLimits.failedSignInsPerAccount;
  if (free <= 0) return 0;
  const f = failures(ctx).get(failureKey(req, email));
  if (!f || now - f.last > HOUR || f.count < free) return 0;
  const first = Number(ctx.config.env.AUTH_FAILED_SIGN_IN_DELAY_MS) || FIRST_DELAY_MS;
  const delay = Math.min(MAX_DELAY_MS, first * 2 ** Math.min(f.count - free, 20));
  return Math.max(0, f.last + delay - now);
}

export function recordFailedPassword(ctx: BackendContext, req: IncomingMessage, email: string, now = Date.now()): void {
  const m = failures(ctx);
  const key = failureKey(req, email);
  const f = m.get(key);
  m.set(key, { count: f && now - f.last <= HOUR ? f.count + 1 : 1, last: now });
  if (m.size > 50_000) {
    for (const [k, v] of m) if (now - v.last > HOUR) m.delete(k);
    // Still too many (addresses made up behind a trusted proxy): forget the oldest ones.
    for (const k of m.keys()) {
      if (m.size <= 40_000) break;
      m.delete(k);
    }
  }
}

export function recordGoodPassword(ctx: BackendContext, req: IncomingMessage, email: string): void {
  failures(ctx).delete(failureKey(req, email));
}

/**
 * Wrong 6-digit codes per account (reauthentication: the user id) or per address typed (sign-in codes,
 * `otp:<e-mail>`, known or not), from any client address: 10 per 5 minutes.
 */
const WRONG_CODES = 10;

/** Whether this account may try a reauthentication code now (too many wrong ones lately: no). */
export function codeMayBeTried(ctx: BackendContext, subject: string): boolean {
  return limiter(ctx).peek(`wrong-code:${subject}`, WRONG_CODES, FIVE_MINUTES);
}

export function recordWrongCode(ctx: BackendContext, subject: string): void {
  limiter(ctx).take(`wrong-code:${subject}`, WRONG_CODES, FIVE_MINUTES);
}
