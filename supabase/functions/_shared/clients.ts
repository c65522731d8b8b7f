import { createClient, type SupabaseClient, type User } from 'npm:@supabase/supabase-js@2';
import { bearerToken, HttpError } from './http.ts';
import { roleAllows, staffRoleOf, type StaffRole } from './staff-roles.ts';

const OPTIONS = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

function env(key: string): string {
  const value = Deno.env.get(key);
  if (!value) throw new Error(`${key} is not set`);
  return value;
}

/** Bypasses RLS: only for reads and writes the function itself decides on. */
export function serviceClient(): SupabaseClient {
  return createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), OPTIONS);
}

/** Acts as the caller: the database's grants and RLS decide. */
export function callerClient(token: string): SupabaseClient {
  return createClient(env('SUPABASE_URL'), env('SUPABASE_ANON_KEY'), {
    ...OPTIONS,
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

/**
 * The signed-in back-office member calling, at `level` or above (staff < manager < owner), or 401/403. The user
 * is read from Auth (not only the token's claims), so a disabled or removed account is refused at once, and the
 * role comes from app_metadata, which only the service role can write ('admin' is the owner).
 */
export async function requireStaff(req: Request, level: StaffRole): Promise<User & { staffRole: StaffRole }> {
  const token = bearerToken(req);
  if (!token) throw new HttpError(401, 'Connexion requise.');
  const { data, error } = await callerClient(token).auth.getUser(token);
  if (error || !data.user) throw new HttpError(401, 'Session invalide ou expirée. Reconnectez-vous.');
  const role = staffRoleOf(data.user.app_metadata?.role);
  if (!role) throw new HttpError(403, 'Réservé aux administrateurs.');
  if (!roleAllows(role, level))
    throw new HttpError(403, 'Accès réservé à un rôle plus élevé (gérant ou propriétaire).');
  return { ...data.user, staffRole: role };
}

/** Any back-office member: the counter's level. */
export function requireAdmin(req: Request): Promise<User> {
  return requireStaff(req, 'staff');
}
