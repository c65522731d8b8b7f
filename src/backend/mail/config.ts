import fs from 'node:fs';
import { MailError } from './types.js';

export type EmailProviderName = 'outbox' | 'smtp' | 'resend';
export type SmsProviderName = 'outbox' | 'twilio';

/** Mail settings read from the backend's environment; wrong settings stop the server at startup. */
export interface MailConfig {
  emailProvider: EmailProviderName;
  smsProvider: SmsProviderName;
  from: string;
  smtp: {
    host: string;
    port: number;
    secure: boolean;
    user: string | null;
    pass: string | null;
    ca: string | null;
  } | null;
  resend: { apiKey: string; apiUrl: string } | null;
  twilio: { accountSid: string; authToken: string; from: string; apiUrl: string } | null;
  /** Country assumed for SMS numbers typed without an international prefix. */
  smsDefaultCountryCode: string;
  timeoutMs: number;
}

const DEFAULT_FROM = 'Restaurant <noreply@localhost>';

function configError(message: string, provider: string): MailError {
  return new MailError(`Mail configuration: ${message}`, provider, false);
}

function required(env: Record<string, string | undefined>, name: string, provider: string): string {
  const v = env[name]?.trim();
  if (!v)
    throw configError(
      `${name} is required when ${provider === 'twilio' ? 'SMS_PROVIDER' : 'MAIL_PROVIDER'}=${provider}`,
      provider,
    );
  return v;
}

function bool(v: string | undefined): boolean {
  return ['1', 'true', 'yes', 'on'].includes((v ?? '').trim().toLowerCase());
}

export function mailConfigFromEnv(env: Record<string, string | undefined>): MailConfig {
  const emailProvider = (env.MAIL_PROVIDER?.trim() || 'outbox') as EmailProviderName;
  if (!['outbox', 'smtp', 'resend'].includes(emailProvider)) {
    throw configError(`MAIL_PROVIDER must be outbox, smtp or resend, got "${env.MAIL_PROVIDER}"`, emailProvider);
  }
  const smsProvider = (env.SMS_PROVIDER?.trim() || 'outbox') as SmsProviderName;
  if (!['outbox', 'twilio'].includes(smsProvider)) {
    throw configError(`SMS_PROVIDER must be outbox or twilio, got "${env.SMS_PROVIDER}"`, smsProvider);
  }
  const from =
    env.MAIL_FROM?.trim() || (emailProvider === 'outbox' ? DEFAULT_FROM : required(env, 'MAIL_FROM', emailProvider));

  let smtp: MailConfig['smtp'] = null;
  if (emailProvider === 'smtp') {
    const secure = bool(env.SMTP_SECURE);
    const port = env.SMTP_PORT?.trim() ? Number(env.SMTP_PORT) : secure ? 465 : 587;
    if (!Number.isInteger(port) || port <= 0 || port > 65535)
      throw configError(`SMTP_PORT must be a port number, got "${env.SMTP_PORT}"`, 'smtp');
    const user = env.SMTP_USER?.trim() || null;
    if (user && !env.SMTP_PASS) throw configError('SMTP_PASS is required when SMTP_USER is set', 'smtp');
    smtp = {
      host: required(env, 'SMTP_HOST', 'smtp'),
      port,
      secure,
      user,
      pass: user ? env.SMTP_PASS! : null,
      ca: readCa(env.SMTP_CA_FILE),
    };
  }
  const resend =
    emailProvider === 'resend'
      ? {
          apiKey: required(env, 'RESEND_API_KEY', 'resend'),
          apiUrl: apiUrl(env.RESEND_API_URL, 'https://api.resend.com', 'RESEND_API_URL'),
        }
      : null;
  const twilio =
    smsProvider === 'twilio'
      ? {
          accountSid: required(env, 'TWILIO_ACCOUNT_SID', 'twilio'),
          authToken: required(env, 'TWILIO_AUTH_TOKEN', 'twilio'),
          from: required(env, 'TWILIO_FROM', 'twilio'),
          apiUrl: apiUrl(env.TWILIO_API_URL, 'https://api.twilio.com', 'TWILIO_API_URL'),
        }
      : null;
  const smsDefaultCountryCode = env.SMS_DEFAULT_COUNTRY_CODE?.trim().replace(/^\+/, '') || '352';
  const timeoutMs = env.MAIL_TIMEOUT_MS ? Number(env.MAIL_TIMEOUT_MS) : 15_000;
  return { emailProvider, smsProvider, from, smtp, resend, twilio, smsDefaultCountryCode, timeoutMs };
}

function apiUrl(value: string | undefined, fallback: string, name: string): string {
  const url = value?.trim() || fallback;
  if (!/^https?:\/\//.test(url)) throw configError(`${name} must be an http(s) URL, got "${url}"`, name);
  return url.replace(/\/+$/, '');
}

/** A private CA (PEM) to trust for the SMTP server's certificate, besides the system's. */
function readCa(file: string | undefined): string | null {
  if (!file?.trim()) return null;
  try {
    return fs.readFileSync(file.trim(), 'utf8');
  } catch (e) {
    throw configError(`SMTP_CA_FILE cannot be read: ${(e as Error).message}`, 'smtp');
  }
}
