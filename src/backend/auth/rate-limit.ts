import type { IncomingMessage } from 'node:http';
import type { BackendContext } from '../context.js';
import { AuthError } from './errors.js';
import { authSettings, type RateLimits } from './settings.js';

const FIVE_MINUTES = 300_000;
const HOUR = 3_600_000;

type Bucket = keyof RateLimits;

const WINDOW_MS: Record<Bucket, number> = {
  emailSent: HOUR,
  tokenRefresh: FIVE_MINUTES,
  signInSignUps: FIVE_MINUTES,
  tokenVerifications: FIVE_MINUTES,
  failedSignInsPerAccount: FIVE_MINUTES,
};

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
export function limitByAddress(
  ctx: BackendContext,
  req: IncomingMessage,
  bucket: Exclude<Bucket, 'failedSignInsPerAccount'>,
): void {
  const limit = authSettings(ctx).rateLimits[bucket];
  if (!limiter(ctx).take(`${bucket}:${clientAddress(req)}`, limit, WINDOW_MS[bucket])) {
    throw bucket === 'emailSent' ? overEmailRateLimit() : overRequestRateLimit();
  }
}

/** Whether this address may try a password now (too many wrong ones lately, from anywhere: no). */
export function accountMayTryPassword(ctx: BackendContext, email: string): boolean {
  return limiter(ctx).peek(
    `failed:${email}`,
    authSettings(ctx).rateLimits.failedSignInsPerAccount,
    WINDOW_MS.failedSignInsPerAccount,
  );
}

export function recordFailedPassword(ctx: BackendContext, email: string): void {
  limiter(ctx).take(
    `failed:${email}`,
    authSettings(ctx).rateLimits.failedSignInsPerAccount,
    WINDOW_MS.failedSignInsPerAccount,
  );
}
