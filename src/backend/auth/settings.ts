import fs from 'node:fs';
import path from 'node:path';
import type { BackendContext } from '../context.js';

type TomlValue = string | number | boolean | string[];

/** The `[auth…]` tables of supabase/config.toml, read like the Supabase CLI does (a flat subset of TOML). */
export function readAuthToml(file: string): Map<string, TomlValue> {
  const out = new Map<string, TomlValue>();
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return out;
  }
  let section = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw
      .replace(/\s+#.*$/, '')
      .replace(/^#.*$/, '')
      .trim();
    if (!line) continue;
    const header = /^\[\s*([A-Za-z0-9_.-]+)\s*\]$/.exec(line);
    if (header) {
      section = header[1];
      continue;
    }
    if (section !== 'auth' && !section.startsWith('auth.')) continue;
    const kv = /^([A-Za-z0-9_]+)\s*=\s*(.+)$/.exec(line);
    if (!kv) continue;
    const v = kv[2].trim();
    let value: TomlValue | undefined;
    if (v === 'true' || v === 'false') value = v === 'true';
    else if (/^-?\d+(\.\d+)?$/.test(v)) value = Number(v);
    else if (/^"(.*)"$/.test(v)) value = v.slice(1, -1);
    else if (/^\[.*\]$/.test(v)) value = [...v.matchAll(/"([^"]*)"/g)].map((m) => m[1]);
    if (value !== undefined) out.set(`${section}.${kv[1]}`, value);
  }
  return out;
}

export interface RateLimits {
  /** E-mails per hour per client address (0 turns the limit off). */
  emailSent: number;
  /** Token refreshes per 5 minutes per client address. */
  tokenRefresh: number;
  /** Sign-ins and sign-ups per 5 minutes per client address. */
  signInSignUps: number;
  /** Link and OTP verifications per 5 minutes per client address. */
  tokenVerifications: number;
  /** Wrong passwords for one account from one client address before each try waits a growing delay. */
  failedSignInsPerAccount: number;
  /** Anonymous sign-ins per hour per client address (when they are on). */
  anonymousUsers: number;
  /** Sign-in and confirmation SMS per hour per client address (an SMS costs the restaurant money). */
  smsSent: number;
  /** SMS codes per hour to one number, whoever asks (twice as many per day). */
  smsPerNumber: number;
  /** SMS codes per hour for the whole backend, every address and number together. */
  smsTotal: number;
}

export interface AuthSettings {
  doubleConfirmChanges: boolean;
  securePasswordChange: boolean;
  /** How long after signing in a session may change the password without a nonce (seconds). */
  reauthenticationWindowSeconds: number;
  additionalRedirectUrls: string[];
  rateLimits: RateLimits;
  /** How long an e-mailed sign-in code and its link stay valid (seconds; GoTrue's mailer_otp_exp). */
  emailOtpExpirySeconds: number;
  /** No new accounts (GoTrue's DISABLE_SIGNUP): sign-up, a sign-in code for a new address and anonymous sign-in refuse. */
  disableSignup: boolean;
  /** Anonymous sign-in (`signInAnonymously()`); off unless configured, as in GoTrue. */
  anonymousSignIns: boolean;
  /** The CLI's `signing_keys_path` (relative to supabase/): asymmetric keys, the one marked 'sign' signs tokens. */
  signingKeysPath: string | null;
  /** Phone sign-in by SMS code (GoTrue's external phone provider, `[auth.sms] enable_signup`); off by default. */
  phoneEnabled: boolean;
  /** A phone sign-up is signed in at once, without an SMS code (`[auth.sms] enable_confirmations = false`). */
  phoneAutoconfirm: boolean;
  /** How long an SMS code stays valid (seconds; GoTrue's sms otp_exp). */
  smsOtpExpirySeconds: number;
  /** The shortest interval between two SMS to one number (seconds; `[auth.sms] max_frequency`). */
  smsMaxFrequencySeconds: number;
  /** The countries (ISO 3166) whose mobile numbers may receive a code. */
  smsAllowedCountries: string[];
  /** 'ES256': new user tokens are signed with the data directory's ES256 key instead of the HS256 secret. */
  jwtSigningAlg: 'HS256' | 'ES256';
}

// The Supabase CLI's defaults, except email_sent: 2 per hour is what hosted projects get from the
// built-in test mailer; with their own SMTP (as here) the hosted default is 30.
const DEFAULT_LIMITS: RateLimits = {
  emailSent: 30,
  tokenRefresh: 150,
  signInSignUps: 30,
  tokenVerifications: 30,
  failedSignInsPerAccount: 5,
  anonymousUsers: 30,
  smsSent: 10,
  smsPerNumber: 5,
  smsTotal: 100,
};

const LIMIT_KEYS: [keyof RateLimits, string, string][] = [
  ['emailSent', 'email_sent', 'AUTH_RATE_LIMIT_EMAIL_SENT'],
  ['tokenRefresh', 'token_refresh', 'AUTH_RATE_LIMIT_TOKEN_REFRESH'],
  ['signInSignUps', 'sign_in_sign_ups', 'AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS'],
  ['tokenVerifications', 'token_verifications', 'AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS'],
  ['failedSignInsPerAccount', 'failed_sign_ins_per_account', 'AUTH_RATE_LIMIT_FAILED_SIGN_INS'],
  ['anonymousUsers', 'anonymous_users', 'AUTH_RATE_LIMIT_ANONYMOUS_USERS'],
  ['smsSent', 'sms_sent', 'AUTH_RATE_LIMIT_SMS_SENT'],
  ['smsPerNumber', 'sms_per_number', 'AUTH_RATE_LIMIT_SMS_PER_NUMBER'],
  ['smsTotal', 'sms_total', 'AUTH_RATE_LIMIT_SMS_TOTAL'],
];

/** The countries whose mobile numbers may receive a code (ISO 3166 codes): the restaurant's customers' countries. */
export const DEFAULT_SMS_COUNTRIES = ['LU', 'FR', 'BE', 'DE', 'PT'];

/** A Go-style duration of config.toml ("60s", "5m", "1h") or a number of seconds. */
function seconds(v: unknown): number | undefined {
  if (typeof v === 'number') return count(v);
  if (typeof v !== 'string') return undefined;
  const m = /^(\d+)(s|m|h)?$/.exec(v.trim());
  if (!m) return undefined;
  return Number(m[1]) * (m[2] === 'h' ? 3600 : m[2] === 'm' ? 60 : 1);
}

function envBool(v: string | undefined): boolean | undefined {
  if (v === undefined || v === '') return undefined;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}

function count(v: unknown): number | undefined {
  if (typeof v === 'string' && v.trim() === '') return undefined;
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.floor(n) : undefined;
}

/** Auth settings from supabase/config.toml, each overridable by an environment variable. */
export function loadAuthSettings(supabaseDir: string, env: Record<string, string | undefined>): AuthSettings {
  const toml = readAuthToml(path.join(supabaseDir, 'config.toml'));
  const rateLimits = { ...DEFAULT_LIMITS };
  for (const [field, key, envName] of LIMIT_KEYS) {
    rateLimits[field] = count(env[envName]) ?? count(toml.get(`auth.rate_limit.${key}`)) ?? DEFAULT_LIMITS[field];
  }
  const extraFromToml = toml.get('auth.additional_redirect_urls');
  const extraFromEnv = env.AUTH_ADDITIONAL_REDIRECT_URLS;
  return {
    doubleConfirmChanges:
      envBool(env.AUTH_DOUBLE_CONFIRM_CHANGES) ?? toml.get('auth.email.double_confirm_changes') === true,
    securePasswordChange:
      envBool(env.AUTH_SECURE_PASSWORD_CHANGE) ?? toml.get('auth.email.secure_password_change') === true,
    reauthenticationWindowSeconds: count(env.AUTH_REAUTHENTICATION_WINDOW) ?? 600,
    additionalRedirectUrls:
      extraFromEnv !== undefined
        ? extraFromEnv
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : Array.isArray(extraFromToml)
          ? extraFromToml
          : [],
    rateLimits,
    emailOtpExpirySeconds: count(env.AUTH_EMAIL_OTP_EXPIRY) || count(toml.get('auth.email.otp_expiry')) || 3600,
    disableSignup:
      envBool(env.AUTH_DISABLE_SIGNUP) ??
      (toml.get('auth.enable_signup') === false || toml.get('auth.email.enable_signup') === false),
    anonymousSignIns: envBool(env.AUTH_ANONYMOUS_SIGN_INS) ?? toml.get('auth.enable_anonymous_sign_ins') === true,
    signingKeysPath: (() => {
      const p = env.AUTH_SIGNING_KEYS_PATH || toml.get('auth.signing_keys_path');
      return typeof p === 'string' && p ? path.resolve(supabaseDir, p) : null;
    })(),
    phoneEnabled: envBool(env.AUTH_PHONE_ENABLED) ?? toml.get('auth.sms.enable_signup') === true,
    // Confirmations stay on unless turned off (the CLI's template turns them off; a customer's number must be proven).
    phoneAutoconfirm: envBool(env.AUTH_PHONE_AUTOCONFIRM) ?? toml.get('auth.sms.enable_confirmations') === false,
    smsOtpExpirySeconds: count(env.AUTH_SMS_OTP_EXPIRY) || seconds(toml.get('auth.sms.otp_expiry')) || 300,
    smsMaxFrequencySeconds: count(env.AUTH_SMS_MAX_FREQUENCY) ?? seconds(toml.get('auth.sms.max_frequency')) ?? 60,
    smsAllowedCountries: (() => {
      const raw = env.AUTH_SMS_ALLOWED_COUNTRIES ?? toml.get('auth.sms.allowed_countries');
      const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : DEFAULT_SMS_COUNTRIES;
      const codes = list.map((c) => c.trim().toUpperCase()).filter((c) => /^[A-Z]{2}$/.test(c));
      return codes.length ? codes : DEFAULT_SMS_COUNTRIES;
    })(),
    jwtSigningAlg: env.AUTH_JWT_SIGNING_ALG?.toUpperCase() === 'ES256' ? 'ES256' : 'HS256',
  };
}

const cache = new WeakMap<BackendContext, AuthSettings>();

export function authSettings(ctx: BackendContext): AuthSettings {
  let s = cache.get(ctx);
  if (!s) {
    s = loadAuthSettings(ctx.config.supabaseDir, ctx.config.env);
    cache.set(ctx, s);
  }
  return s;
}
