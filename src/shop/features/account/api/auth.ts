import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '../../../lib/data-client.js';

export interface Credentials {
  email: string;
  password: string;
}

export async function signIn({ email, password }: Credentials): Promise<void> {
  const { error } = await getSupabase().auth.signInWithPassword({ email: email.trim(), password });
  if (error) throw error;
}

/** The confirmation e-mail brings the customer back to the shop's login page. */
export async function signUp({ email, password }: Credentials): Promise<void> {
  const { error } = await getSupabase().auth.signUp({
    email: email.trim(),
    password,
    options: { emailRedirectTo: `${window.location.origin}/login` },
  });
  if (error) throw error;
}

export const useSignInMutation = () => useMutation({ mutationFn: signIn });
export const useSignUpMutation = () => useMutation({ mutationFn: signUp });
