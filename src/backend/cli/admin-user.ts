import crypto from 'node:crypto';
import WebSocket from 'ws';
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';

export type AdminAction =
  /** No account had the address: a new, confirmed admin. */
  | 'created'
  /** A confirmed account whose current password was given: promoted, password and sessions kept. */
  | 'promoted'
  /** An account that already existed (confirmed or not): new password, every session ended, then promoted. */
  | 'reset';

export interface AdminResult {
  user: User;
  created: boolean;
  action: AdminAction;
  /** The account had never confirmed its address (someone else may have registered it). */
  wasUnconfirmed: boolean;
  /** Set when a new password was chosen here (to print once). */
  password?: string;
}

/** Where the auth API is, to sign in as the account (proof of its password, or ending its sessions). */
export interface AuthEndpoint {
  url: string;
  key: string;
}

export function randomPassword(): string {
  // 16 characters from an alphabet without look-alikes, easy to type at a counter.
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  return Array.from(crypto.randomBytes(16), (b) => alphabet[b % alphabet.length]).join('');
}

async function findUserByEmail(service: SupabaseClient, email: string): Promise<User | null> {
  const wanted = email.trim().toLowerCase();
  for (let page = 1; ; page++) {
    const { data, error } = await service.auth.admin.listUsers({ page, perPage: 200 });
    if (error) throw new Error(`Could not list users: ${error.message}`);
    const hit = data.users.find((u) => u.email?.toLowerCase() === wanted);
    if (hit) return hit;
    if (data.users.length < 200) return null;
  }
}

function userClient(endpoint: AuthEndpoint): SupabaseClient {
  // Node 20 has no global WebSocket: supabase-js needs `ws` even when it never opens a channel.
  return createClient(endpoint.url, endpoint.key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}

/** Whether `password` is the account's current one (a confirmed account only: signing in proves it). */
async function passwordProven(endpoint: AuthEndpoint, email: string, password: string): Promise<boolean> {
  const client = userClient(endpoint);
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.session) return false;
  await client.auth.signOut({ scope: 'local' });
  return true;
}

/** Ends every session (and so every refresh token) of the account, through a global sign-out as the account itself. */
async function endAllSessions(
  service: SupabaseClient,
  endpoint: AuthEndpoint,
  email: string,
  password: string,
): Promise<void> {
  const { data, error } = await userClient(endpoint).auth.signInWithPassword({ email, password });
  if (error || !data.session)
    throw new Error(`Could not sign in as ${email} to end its sessions: ${error?.message ?? 'no session'}`);
  const out = await service.auth.admin.signOut(data.session.access_token, 'global');
  if (out.error) throw new Error(`Could not end the sessions of ${email}: ${out.error.message}`);
}

/**
 * Creates an admin (app_metadata.role = 'admin', the owner; or `role`: docs/DATABASE.md « Roles »), set only
 * with the service role, the same way on
 * the embedded backend and on a hosted Supabase project.
 *
 * An address that already has an account is only promoted as it is when `password` is its current
 * password (a confirmed account: the person running this proves they own it). Otherwise whoever
 * registered the address first may know its password, so it gets a new one (`password`, or a
 * generated one), every session of it is ended, and only then is it made an admin.
 */
export async function ensureAdmin(
  service: SupabaseClient,
  email: string,
  password?: string,
  endpoint?: AuthEndpoint,
  role: 'admin' | 'owner' | 'manager' | 'staff' = 'admin',
): Promise<AdminResult> {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`"${email}" is not an e-mail address`);
  const existing = await findUserByEmail(service, email);
  if (!existing) {
    const chosen = password ?? randomPassword();
    const { data, error } = await service.auth.admin.createUser({
      email,
      password: chosen,
      email_confirm: true,
      app_metadata: { role },
    });
    if (error) throw new Error(`Could not create ${email}: ${error.message}`);
    return { user: data.user, created: true, action: 'created', wasUnconfirmed: false, password: chosen };
  }
  if (!endpoint)
    throw new Error(`${email} already has an account: the auth API address is needed to take it over safely`);
  const wasUnconfirmed = !existing.email_confirmed_at;
  const promote = async () => {
    const { data, error } = await service.auth.admin.updateUserById(existing.id, {
      app_metadata: { ...existing.app_metadata, role },
    });
    if (error) throw new Error(`Could not promote ${email}: ${error.message}`);
    return data.user;
  };

  if (!wasUnconfirmed && password && (await passwordProven(endpoint, email, password))) {
    return { user: await promote(), created: false, action: 'promoted', wasUnconfirmed };
  }

  const chosen = password ?? randomPassword();
  const reset = await service.auth.admin.updateUserById(existing.id, { password: chosen, email_confirm: true });
  if (reset.error) throw new Error(`Could not reset the password of ${email}: ${reset.error.message}`);
  try {
    await endAllSessions(service, endpoint, email, chosen);
  } catch (e) {
    throw new Error(
      `The password of ${email} is now: ${chosen}\nbut its sessions could not be ended (${(e as Error).message}), so it was NOT made an admin. Run the command again in a few minutes.`,
    );
  }
  return { user: await promote(), created: false, action: 'reset', wasUnconfirmed, password: chosen };
}

/** What create-admin prints, so the owner knows exactly what happened to the account. */
export function describeAdminResult(r: AdminResult): string[] {
  const email = r.user.email;
  if (r.action === 'created') return [`Created admin ${email} with password: ${r.password}`];
  if (r.action === 'promoted')
    return [`Promoted ${email} to admin. Its password (which you gave) is unchanged; its sessions were kept.`];
  return [
    r.wasUnconfirmed
      ? `${email} already had an account that was never confirmed: someone may have registered this address before you.`
      : `${email} already had an account.`,
    `Its password was replaced and every session of it was ended, so nobody who knew the old password stays signed in.`,
    `Promoted ${email} to admin with password: ${r.password}`,
  ];
}
