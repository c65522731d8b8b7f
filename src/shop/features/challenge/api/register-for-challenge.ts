import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '../../../../shared/data/client.js';

export interface ChallengeRegistrationRequest {
  name: string;
  email: string;
  phone: string | null;
  agreed_to_terms: true;
}

export async function registerForChallenge(r: ChallengeRegistrationRequest): Promise<void> {
  const { error } = await getSupabase().rpc('register_challenge', {
    p_name: r.name,
    p_email: r.email,
    p_phone: r.phone,
    p_agreed_to_terms: r.agreed_to_terms,
  });
  if (error) throw error;
}

export function useRegisterForChallenge() {
  return useMutation({ mutationFn: registerForChallenge });
}
