import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '../../../../shared/data/client.js';

export interface ChallengeSignUp {
  name: string;
  email: string;
  phone: string;
  agreed_to_terms: boolean;
}

export async function registerForChallenge(signUp: ChallengeSignUp): Promise<void> {
  const { error } = await getSupabase()
    .from('challenge_registrations')
    .insert({ ...signUp, phone: signUp.phone.trim() || null });
  if (error) throw error;
}

export function useRegisterForChallenge() {
  return useMutation({ mutationFn: registerForChallenge });
}
