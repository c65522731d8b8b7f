import type { Session } from '@supabase/supabase-js';
import { getSupabase } from './client.js';
import { useServerMutation, type MutationOptions } from './react-query.js';
import type { Unsubscribe } from './realtime.js';

export type { Session };

export interface Credentials {
  email: string;
  password: string;
}

/** Throws the auth error (its message says why: wrong password, e-mail not confirmed, …). */
export async function signIn({ email, password }: Credentials): Promise<void> {
  const { error } = await getSupabase().auth.signInWithPassword({ email: email.trim(), password });
  if (error) throw error;
}

/** The confirmation e-mail brings the person back to `emailRedirectTo`. */
export async function signUp({ email, password, emailRedirectTo }: Credentials & { emailRedirectTo: string }) {
  const { error } = await getSupabase().auth.signUp({ email: email.trim(), password, options: { emailRedirectTo } });
  if (error) throw error;
}

/** E-mails a link to choose a new password, which brings the person to `redirectTo` signed in. */
export async function requestPasswordReset({ email, redirectTo }: { email: string; redirectTo: string }) {
  const { error } = await getSupabase().auth.resetPasswordForEmail(email.trim(), { redirectTo });
  if (error) throw error;
}

/**
 * E-mails a 6-digit sign-in code and a sign-in link (which brings the person to `emailRedirectTo` signed in).
 * An address without an account gets one, without a password; the answer is the same either way.
 */
export async function requestSignInCode({ email, emailRedirectTo }: { email: string; emailRedirectTo: string }) {
  const { error } = await getSupabase().auth.signInWithOtp({
    email: email.trim(),
    options: { emailRedirectTo, shouldCreateUser: true },
  });
  if (error) throw error;
}

/** Signs in with the code of that e-mail; throws the auth error (`otp_expired`, `over_request_rate_limit`). */
export async function signInWithCode({ email, code }: { email: string; code: string }): Promise<void> {
  const { error } = await getSupabase().auth.verifyOtp({
    email: email.trim(),
    token: code.replace(/\s/g, ''),
    type: 'email',
  });
  if (error) throw error;
}

/** Sets the signed-in person's password (after a reset link). */
export async function updatePassword(password: string): Promise<void> {
  const { error } = await getSupabase().auth.updateUser({ password });
  if (error) throw error;
}

export async function signOut(): Promise<void> {
  const { error } = await getSupabase().auth.signOut();
  if (error) throw error;
}

/** The stored session (refreshed if it expired); null when signed out. */
export async function fetchSession(): Promise<Session | null> {
  const { data } = await getSupabase().auth.getSession();
  return data.session;
}

/** Calls back with the session at once and on every sign-in, refresh and sign-out (null when signed out). */
export function onSessionChange(onChange: (session: Session | null) => void): Unsubscribe {
  const { data } = getSupabase().auth.onAuthStateChange((_event, session) => onChange(session));
  return () => data.subscription.unsubscribe();
}

export const useSignInMutation = (options?: MutationOptions<typeof signIn>) => useServerMutation(signIn, options);

export const useSignUpMutation = (options?: MutationOptions<typeof signUp>) => useServerMutation(signUp, options);

export const useRequestSignInCodeMutation = (options?: MutationOptions<typeof requestSignInCode>) =>
  useServerMutation(requestSignInCode, options);

export const useSignInWithCodeMutation = (options?: MutationOptions<typeof signInWithCode>) =>
  useServerMutation(signInWithCode, options);

export const useRequestPasswordResetMutation = (options?: MutationOptions<typeof requestPasswordReset>) =>
  useServerMutation(requestPasswordReset, options);

export const useUpdatePasswordMutation = (options?: MutationOptions<typeof updatePassword>) =>
  useServerMutation(updatePassword, options);
