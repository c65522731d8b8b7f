import crypto from 'node:crypto';
import type { SupabaseClient, User } from '@supabase/supabase-js';

export interface AdminResult {
  user: User;
  created: boolean;
  /** Set when a new password was chosen here (to print once). */
  password?: string;
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

/**
 * Creates an admin (app_metadata.role = 'admin', set only with the service role) or promotes an
 * existing user. Works the same against the embedded backend and a hosted Supabase project.
 */
export async function ensureAdmin(service: SupabaseClient, email: string, password?: string): Promise<AdminResult> {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`"${email}" is not an e-mail address`);
  const existing = await findUserByEmail(service, email);
  if (existing) {
    const attrs: Parameters<SupabaseClient['auth']['admin']['updateUserById']>[1] = {
      app_metadata: { ...existing.app_metadata, role: 'admin' },
      email_confirm: true,
    };
    if (password) attrs.password = password;
    const { data, error } = await service.auth.admin.updateUserById(existing.id, attrs);
    if (error) throw new Error(`Could not promote ${email}: ${error.message}`);
    return { user: data.user, created: false, password };
  }
  const chosen = password ?? randomPassword();
  const { data, error } = await service.auth.admin.createUser({
    email,
    password: chosen,
    email_confirm: true,
    app_metadata: { role: 'admin' },
  });
  if (error) throw new Error(`Could not create ${email}: ${error.message}`);
  return { user: data.user, created: true, password: chosen };
}
