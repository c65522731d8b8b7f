import type { BackendContext } from '../context.js';

/**
 * Wrong TOTP codes, counted per account (from any address: whoever types them already holds the
 * password). The first `MFA_FREE_WRONG_CODES` are free (a mistyped code, a phone a little out of time);
 * then each try waits a delay that doubles with every further wrong code: 30 s, 1 min, 2 min … and at
 * most a day. A right code clears the count; 30 days without a wrong one forgive it (far longer than the
 * longest wait, so waiting for the pardon buys fewer guesses than trying once a day).
 *
 * With three codes valid at a time (the current 30-second step and one either side) a guess wins with
 * probability 3 in a million: 16 guesses the first day, then one a day, under 400 a year, is roughly one
 * chance in a thousand a year, and only for someone who already has the password.
 */
export const MFA_FREE_WRONG_CODES = 5;
const FIRST_DELAY_MS = 30_000;
const MAX_DELAY_MS = 24 * 3_600_000;
const FORGIVEN_AFTER_MS = 30 * 24 * 3_600_000;

interface WrongCodes {
  count: number;
  last: number;
}

const byContext = new WeakMap<BackendContext, Map<string, WrongCodes>>();

function counts(ctx: BackendContext): Map<string, WrongCodes> {
  let m = byContext.get(ctx);
  if (!m) {
    m = new Map();
    byContext.set(ctx, m);
  }
  return m;
}

/** How long this account must still wait before its next code is checked (0: now). */
export function mfaWaitMs(ctx: BackendContext, userId: string, now = Date.now()): number {
  const w = counts(ctx).get(userId);
  if (!w || now - w.last > FORGIVEN_AFTER_MS || w.count < MFA_FREE_WRONG_CODES) return 0;
  const delay = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(w.count - MFA_FREE_WRONG_CODES, 20));
  return Math.max(0, w.last + delay - now);
}

export function recordWrongMfaCode(ctx: BackendContext, userId: string, now = Date.now()): void {
  const m = counts(ctx);
  const w = m.get(userId);
  m.set(userId, { count: w && now - w.last <= FORGIVEN_AFTER_MS ? w.count + 1 : 1, last: now });
  if (m.size > 50_000) for (const [k, v] of m) if (now - v.last > FORGIVEN_AFTER_MS) m.delete(k);
}

export function recordGoodMfaCode(ctx: BackendContext, userId: string): void {
  counts(ctx).delete(userId);
}
