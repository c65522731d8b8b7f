import { INVALID_EMAIL_MESSAGE, looksLikeEmail } from './email-address.js';
import { fieldTooLong, INPUT_BOUNDS } from './input-bounds.js';

export interface ChallengeForm {
  name: string;
  email: string;
  phone?: string;
  agreedToTerms: boolean;
}

export type ChallengeErrors = Partial<Record<'name' | 'email' | 'phone' | 'agreedToTerms', string>>;

export const CHALLENGE_MESSAGES = {
  name: 'Veuillez entrer votre nom.',
  email: INVALID_EMAIL_MESSAGE,
  agreedToTerms: 'Vous devez accepter les termes du contrat.',
} as const;

/** Every field's error at once, so the form can show them all; the phone is optional. */
export function validateChallengeForm(
  form: ChallengeForm,
):
  | { ok: true; registration: { name: string; email: string; phone: string | null; agreed_to_terms: true } }
  | { ok: false; errors: ChallengeErrors } {
  const errors: ChallengeErrors = {};
  if (!form.name.trim()) errors.name = CHALLENGE_MESSAGES.name;
  else if (form.name.length > INPUT_BOUNDS.name) errors.name = fieldTooLong('Le nom', INPUT_BOUNDS.name).message;
  if (form.email.length > INPUT_BOUNDS.email) errors.email = fieldTooLong("L'e-mail", INPUT_BOUNDS.email).message;
  else if (!looksLikeEmail(form.email)) errors.email = CHALLENGE_MESSAGES.email;
  if ((form.phone ?? '').length > INPUT_BOUNDS.phone)
    errors.phone = fieldTooLong('Le téléphone', INPUT_BOUNDS.phone).message;
  if (form.agreedToTerms !== true) errors.agreedToTerms = CHALLENGE_MESSAGES.agreedToTerms;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const phone = form.phone?.trim() ?? '';
  return {
    ok: true,
    registration: { name: form.name.trim(), email: form.email.trim(), phone: phone || null, agreed_to_terms: true },
  };
}
