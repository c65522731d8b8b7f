import type { TestBackend } from '../helpers/backend.js';
import { mailboxFetch } from '../helpers/mailbox.js';

export const WEDNESDAY_NOON = '2025-11-19T11:00:00Z';

/** A confirmed user with a password, signed in: returns the access token. */
export async function signedIn(
  b: TestBackend,
  email: string,
  appMetadata: Record<string, unknown> = {},
): Promise<{ id: string; token: string }> {
  const password = 'Frango-grelhado-2025';
  const created = await b
    .serviceClient()
    .auth.admin.createUser({ email, password, email_confirm: true, app_metadata: appMetadata });
  if (created.error) throw created.error;
  const { data, error } = await b.client().auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { id: created.data.user.id, token: data.session.access_token };
}

/** POSTs to a function with a bearer token (anon key by default) and returns status and JSON body. */
export async function callFunction(
  b: TestBackend,
  name: string,
  body: unknown,
  token: string | null = b.anonKey,
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', apikey: b.anonKey };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${b.url}/functions/v1/${name}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

export interface MailboxMessage {
  id: string;
  kind: 'email' | 'sms';
  to: string[];
  subject: string | null;
  html: string | null;
  body: string | null;
}

export async function mailbox(b: TestBackend, query = ''): Promise<MailboxMessage[]> {
  const res = await mailboxFetch(b, `/api/messages${query}`);
  return ((await res.json()) as { messages: MailboxMessage[] }).messages;
}

export async function clearMailbox(b: TestBackend): Promise<void> {
  await mailboxFetch(b, '/api/messages', { method: 'DELETE' });
}

/** Places an order through place_order as the shop does (service role only to fix the clock). */
export async function placeOrder(
  b: TestBackend,
  overrides: Record<string, unknown> = {},
  customer: Record<string, unknown> = {},
): Promise<{ id: string; order_number: string }> {
  const p_order = {
    customer: {
      name: 'Joana Silva',
      phone: '+352 621 123 456',
      email: 'joana@example.lu',
      address: '5, rue de la Gare',
      postalCode: 'L-4601',
      city: 'Differdange',
      ...customer,
    },
    delivery_method: 'delivery',
    payment_method: 'card',
    items: [
      { menuItemId: '32', quantity: 2 },
      { menuItemId: 'hb-1', quantity: 1, options: [{ id: 'acc-5' }] },
    ],
    ...overrides,
  };
  const { data, error } = await b.serviceClient().rpc('place_order', { p_order, p_now: WEDNESDAY_NOON });
  if (error) throw new Error(`place_order: ${error.message} ${error.details ?? ''}`);
  return data as { id: string; order_number: string };
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
