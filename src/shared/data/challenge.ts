import { challengeRegistrationSchema, type ChallengeRegistration } from '../domain/challenge.js';
import type { ChallengeForm } from '../domain/challenge-form.js';
import { phoneToSend } from '../domain/contact-fields.js';
import { getSupabase, newestFirst } from './client.js';
import { failIf } from './errors.js';
import { queryKeys } from './query-keys.js';
import { useServerMutation, useServerQuery, type MutationOptions, type QueryOptions } from './react-query.js';

/** Through register_challenge: the database checks name, e-mail and agreement. */
export async function registerForChallenge(form: ChallengeForm): Promise<{ id: string }> {
  const { data, error } = await getSupabase().rpc('register_challenge', {
    p_name: form.name,
    p_email: form.email,
    p_phone: form.phone?.trim() ? phoneToSend(form.phone) : null,
    p_agreed_to_terms: form.agreedToTerms,
  });
  failIf(error);
  return { id: (data as { id: string }).id };
}

/** Admin: newest first. A database without the table yet (42P01) lists nobody, as the spec's admin did. */
export async function fetchChallengeRegistrations(): Promise<ChallengeRegistration[]> {
  const { data, error } = await newestFirst('challenge_registrations');
  if (error?.code === '42P01') return [];
  failIf(error);
  return (data ?? []).map((r) => challengeRegistrationSchema.parse(r));
}

export const useRegisterForChallengeMutation = (options?: MutationOptions<typeof registerForChallenge>) =>
  useServerMutation(registerForChallenge, options);

export const useChallengeRegistrationsQuery = (options?: QueryOptions<ChallengeRegistration[]>) =>
  useServerQuery(queryKeys.challengeRegistrations, fetchChallengeRegistrations, options);
