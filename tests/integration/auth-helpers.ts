import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestBackend } from '../helpers/backend.js';
import { mailboxFetch } from '../helpers/mailbox.js';

export interface MailboxMessage {
  id: string;
  kind: 'email' | 'sms';
  to: string[];
  subject: string;
  html: string;
  body: string | null;
  created_at: string;
}

/** Every e-mail the outbox captured for one address, newest first (the dev mailbox API). */
export async function mailsTo(b: TestBackend, email: string): Promise<MailboxMessage[]> {
  const r = await mailboxFetch(b, `/api/messages?kind=email&to=${encodeURIComponent(email)}`);
  if (!r.ok) throw new Error(`mailbox answered ${r.status}`);
  return ((await r.json()) as { messages: MailboxMessage[] }).messages;
}

/** The /auth/v1/verify link in the newest e-mail to `email`. */
export async function verifyLinkFor(b: TestBackend, email: string): Promise<URL> {
  const [latest] = await mailsTo(b, email);
  if (!latest) throw new Error(`no e-mail to ${email}`);
  const m = /href="([^"]*\/auth\/v1\/verify\?[^"]*)"/.exec(latest.html);
  if (!m) throw new Error(`no verify link in "${latest.subject}"`);
  return new URL(m[1].replace(/&amp;/g, '&'));
}

/** Follows an e-mailed link the way a browser would, without following the redirect. */
export async function openLink(link: URL): Promise<{ status: number; location: URL; fragment: URLSearchParams }> {
  const r = await fetch(link, { redirect: 'manual' });
  const location = new URL(r.headers.get('location') ?? 'about:blank');
  return { status: r.status, location, fragment: new URLSearchParams(location.hash.slice(1)) };
}

export function jwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

let counter = 0;
/** A fresh address per test, on a domain that can receive mail. */
export function newEmail(label = 'client'): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}${counter}@churrasqueira.lu`;
}

/** Creates a confirmed customer through the admin API and signs them in on a fresh client. */
export async function signedInCustomer(
  b: TestBackend,
  password = 'frango-grelhado-42',
): Promise<{ client: SupabaseClient; email: string; password: string; userId: string }> {
  const email = newEmail();
  const created = await b.serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  const client = b.client();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { client, email, password, userId: created.data.user.id };
}

/** A raw call to /auth/v1, for what supabase-js hides (status codes, headers, exact bodies). */
export async function authFetch(
  b: TestBackend,
  path: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('apikey', b.anonKey);
  if (init.json !== undefined) headers.set('Content-Type', 'application/json');
  return fetch(`${b.url}/auth/v1${path}`, {
    ...init,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
}
