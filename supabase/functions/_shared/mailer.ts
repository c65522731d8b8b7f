// Sends e-mail and SMS from Edge Functions, the same code on hosted Supabase and on the embedded backend:
// - RESEND_API_KEY set: e-mail through Resend's API (from MAIL_FROM);
// - TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM set: SMS through Twilio's API;
// - otherwise through the embedded backend's own mailer (POST ${SUPABASE_URL}/_mailbox/api/send with the
//   service-role key), which captures messages in the dev mailbox or delivers them by SMTP, as configured there.

import { toE164 as phoneToE164 } from './phone.ts';

export interface Email {
  to: string | string[];
  subject: string;
  html: string;
  text?: string;
  from?: string;
  replyTo?: string;
  /** The same key twice delivers once (Resend and the embedded outbox honour it). */
  idempotencyKey?: string;
  /** The promotions' unsubscribe headers (List-Unsubscribe, List-Unsubscribe-Post); no other header is sent. */
  headers?: Record<string, string>;
}

export interface Sms {
  to: string;
  body: string;
  idempotencyKey?: string;
}

export interface Sent {
  id: string;
  provider: string;
  to?: string;
}

export class MailerError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryable: boolean,
    /** Who refused: 'resend', 'twilio', or the embedded backend's provider ('smtp', 'outbox'…). */
    readonly provider: string | null = null,
  ) {
    super(message);
    this.name = 'MailerError';
  }
}

const env = (key: string): string | undefined => Deno.env.get(key) || undefined;

/** E.164 for a number as typed (see phone.ts); an invalid number is a 400 MailerError. */
export function toE164(
  raw: string,
  countryCode = env('SMS_DEFAULT_COUNTRY_CODE')?.replace(/^\+/, '') ?? '352',
): string {
  try {
    return phoneToE164(String(raw ?? ''), countryCode);
  } catch (e) {
    throw new MailerError((e as Error).message, 400, false);
  }
}

async function call(provider: string, url: string, init: RequestInit): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (e) {
    throw new MailerError(
      `${provider}: cannot reach ${new URL(url).origin} (${(e as Error).message})`,
      502,
      true,
      provider,
    );
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) {
    const detail = String(body.error ?? body.message ?? res.statusText);
    const retryable = typeof body.retryable === 'boolean' ? body.retryable : res.status === 429 || res.status >= 500;
    const refusedBy = typeof body.provider === 'string' ? body.provider : provider;
    throw new MailerError(`${provider}: HTTP ${res.status} ${detail}`, res.status, retryable, refusedBy);
  }
  return body;
}

function viaBackend(message: Record<string, unknown>): Promise<Record<string, unknown>> {
  const url = env('SUPABASE_URL');
  const key = env('SUPABASE_SERVICE_ROLE_KEY');
  if (!url || !key)
    throw new MailerError('No mail provider: set RESEND_API_KEY/TWILIO_* or run on the embedded backend', 500, false);
  return call('backend mailer', `${url}/_mailbox/api/send`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(message),
  });
}

export async function sendEmail(email: Email): Promise<Sent> {
  const apiKey = env('RESEND_API_KEY');
  if (!apiKey) return (await viaBackend({ kind: 'email', ...email })) as unknown as Sent;
  const from = email.from ?? env('MAIL_FROM');
  if (!from) throw new MailerError('MAIL_FROM is required to send through Resend', 500, false);
  const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' };
  if (email.idempotencyKey) headers['Idempotency-Key'] = email.idempotencyKey;
  const body = await call('resend', `${env('RESEND_API_URL') ?? 'https://api.resend.com'}/emails`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      from,
      to: Array.isArray(email.to) ? email.to : [email.to],
      subject: email.subject,
      html: email.html,
      ...(email.text ? { text: email.text } : {}),
      ...(email.replyTo ? { reply_to: email.replyTo } : {}),
      ...(email.headers ? { headers: email.headers } : {}),
    }),
  });
  return { id: String(body.id), provider: 'resend' };
}

export async function sendSms(sms: Sms): Promise<Sent> {
  const sid = env('TWILIO_ACCOUNT_SID');
  const token = env('TWILIO_AUTH_TOKEN');
  const from = env('TWILIO_FROM');
  if (!sid || !token || !from) return (await viaBackend({ kind: 'sms', ...sms })) as unknown as Sent;
  if (!sms.body?.trim()) throw new MailerError('SMS has no text', 400, false);
  const to = toE164(sms.to);
  const form = new URLSearchParams({ To: to, Body: sms.body });
  form.set(/^MG[0-9a-f]{32}$/i.test(from) ? 'MessagingServiceSid' : 'From', from);
  const body = await call(
    'twilio',
    `${env('TWILIO_API_URL') ?? 'https://api.twilio.com'}/2010-04-01/Accounts/${sid}/Messages.json`,
    {
      method: 'POST',
      headers: {
        Authorization: `Basic ${btoa(`${sid}:${token}`)}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: form,
    },
  );
  return { id: String(body.sid), provider: 'twilio', to };
}
