import { describe, expect, it } from 'vitest';
import type { BackendContext } from '../../../src/backend/context.js';
import { checkPhone, phoneNumberOf, phoneReady, smsProviderName } from '../../../src/backend/auth/phone.js';

/** Just what the phone rules read: the settings (no config.toml here: env only) and the mailer's SMS provider. */
function context(env: Record<string, string> = {}, smsProvider = 'outbox', host = '127.0.0.1'): BackendContext {
  return {
    config: { supabaseDir: '/nonexistent', env, host, siteUrl: null },
    mailer: { smsProvider },
  } as unknown as BackendContext;
}

describe('phone numbers that may receive a sign-in code', () => {
  const ctx = context();

  it('normalises as the shop does (Luxembourg by default) and stores E.164 digits without +', () => {
    expect(phoneNumberOf(ctx, '621 123 456')).toBe('352621123456');
    expect(phoneNumberOf(ctx, '+352 621 123 456')).toBe('352621123456');
    expect(phoneNumberOf(ctx, '00352621123456')).toBe('352621123456');
    // The digits alone, as auth-js sends them: an international number.
    expect(phoneNumberOf(ctx, '352621123456')).toBe('352621123456');
    expect(phoneNumberOf(ctx, '+33 6 12 34 56 78')).toBe('33612345678');
    expect(phoneNumberOf(ctx, '+32 470 12 34 56')).toBe('32470123456');
    expect(phoneNumberOf(ctx, '+49 151 23456789')).toBe('4915123456789');
    expect(phoneNumberOf(ctx, '+351 912 345 678')).toBe('351912345678');
  });

  it('refuses premium-rate, fixed-line, foreign and malformed numbers', () => {
    for (const n of [
      '+33 899 12 34 56', // French premium rate
      '+33 1 42 68 53 00', // Paris fixed line
      '+352 4796 1', // Luxembourg fixed line
      '+44 7911 123456', // British mobile: not an allowed country
      '+1 202 555 0143',
      '+882 1234 5678', // international networks (satellite)
      '621',
      '352621-invalid',
      '',
      '+352 621 123 456 789 012 345 678 901 234',
    ])
      expect(phoneNumberOf(ctx, n), n).toBeNull();
    expect(() => checkPhone(ctx, '352621-invalid')).toThrow('Invalid phone number format (E.164 required)');
    expect(() => checkPhone(ctx, '+33899123456')).toThrow(
      'Codes are only sent to mobile numbers of LU, FR, BE, DE, PT',
    );
  });

  it('the countries can be changed (AUTH_SMS_ALLOWED_COUNTRIES)', () => {
    const lu = context({ AUTH_SMS_ALLOWED_COUNTRIES: 'lu' });
    expect(phoneNumberOf(lu, '+33612345678')).toBeNull();
    expect(phoneNumberOf(lu, '621123456')).toBe('352621123456');
  });
});

describe('phone sign-in is on only with a provider that delivers', () => {
  it('off by default, and off when turned on without SMS_PROVIDER', () => {
    expect(phoneReady(context())).toBe(false);
    expect(phoneReady(context({ AUTH_PHONE_ENABLED: 'true' }))).toBe(false);
    expect(smsProviderName(context({ AUTH_PHONE_ENABLED: 'true' }))).toBe('');
  });

  it('on with Twilio, or with the outbox while the dev mailbox shows it (loopback)', () => {
    expect(phoneReady(context({ AUTH_PHONE_ENABLED: 'true', SMS_PROVIDER: 'twilio' }, 'twilio'))).toBe(true);
    expect(phoneReady(context({ AUTH_PHONE_ENABLED: 'true', SMS_PROVIDER: 'outbox' }))).toBe(true);
    // The outbox on a public server delivers nothing anyone reads.
    const publicSite = {
      config: {
        supabaseDir: '/nonexistent',
        env: { AUTH_PHONE_ENABLED: 'true', SMS_PROVIDER: 'outbox' },
        host: '127.0.0.1',
        siteUrl: 'https://churrasqueira.example.lu',
      },
      mailer: { smsProvider: 'outbox' },
    } as unknown as BackendContext;
    expect(phoneReady(publicSite)).toBe(false);
  });
});
