import { describe, expect, it } from 'vitest';
import type { BackendContext } from '../../src/backend/context.js';
import {
  MFA_FREE_WRONG_CODES,
  mfaWaitMs,
  recordGoodMfaCode,
  recordWrongMfaCode,
} from '../../src/backend/auth/mfa-limit.js';

const HOUR = 3_600_000;

/**
 * How many codes get checked in `ms` for someone who tries as soon as allowed, or who, once the wait is
 * long, waits instead for the count to be forgiven (30 days without a wrong code).
 */
function guessesWithin(ms: number, waitForPardon = false): number {
  const ctx = {} as BackendContext;
  let now = 0;
  let n = 0;
  while (now <= ms) {
    const wait = mfaWaitMs(ctx, 'owner', now);
    if (wait > 0) {
      now += waitForPardon && wait > HOUR ? 30 * 24 * HOUR + 1 : wait;
      continue;
    }
    recordWrongMfaCode(ctx, 'owner', now);
    n++;
  }
  return n;
}

describe('wrong TOTP codes per account', () => {
  it('lets 5 go, then waits 30 s, 1 min, 2 min … for every try', () => {
    const ctx = {} as BackendContext;
    for (let i = 0; i < MFA_FREE_WRONG_CODES; i++) {
      expect(mfaWaitMs(ctx, 'u', 1000 * i)).toBe(0);
      recordWrongMfaCode(ctx, 'u', 1000 * i);
    }
    const last = 1000 * (MFA_FREE_WRONG_CODES - 1);
    expect(mfaWaitMs(ctx, 'u', last)).toBe(30_000);
    recordWrongMfaCode(ctx, 'u', last + 30_000);
    expect(mfaWaitMs(ctx, 'u', last + 30_000)).toBe(60_000);
    // Another account is not held up; a right code clears the count.
    expect(mfaWaitMs(ctx, 'other', last)).toBe(0);
    recordGoodMfaCode(ctx, 'u');
    expect(mfaWaitMs(ctx, 'u', last + 30_000)).toBe(0);
  });

  it('makes 6 digits out of reach: under 20 guesses the first day, then about one a day', () => {
    const day = guessesWithin(24 * HOUR);
    const year = Math.max(guessesWithin(365 * 24 * HOUR), guessesWithin(365 * 24 * HOUR, true));
    expect(day).toBeLessThanOrEqual(20);
    expect(year).toBeLessThan(400);
    // Three codes are valid at a time, out of a million.
    expect((year * 3) / 1_000_000).toBeLessThan(0.0015);
  });
});
