import { isPersonName, normalizePhone } from './contact-fields.js';
import { looksLikeEmail } from './email-address.js';
import { INPUT_BOUNDS } from './input-bounds.js';
import { FIELD_LABELS, fieldTooLong, REFUSALS } from './refusals.js';

export interface ChallengeForm {
  name: string;
  email: string;
  phone?: string;
  agreedToTerms: boolean;
}

export type ChallengeErrors = Partial<Record<'name' | 'email' | 'phone' | 'agreedToTerms', string>>;

export const CHALLENGE_MESSAGES = {
  name: REFUSALS.name_required.message,
  email: REFUSALS.invalid_email.message,
  agreedToTerms: REFUSALS.terms_not_accepted.message,
  invalidName: REFUSALS.invalid_name.message,
  phone: REFUSALS.invalid_phone.message,
} as const;

/** Every field's error at once, so the form can show them all; the phone is optional, in E.164 when given. */
export function validateChallengeForm(
  form: ChallengeForm,
):
  | { ok: true; registration: { name: string; email: string; phone: string | null; agreed_to_terms: true } }
  | { ok: false; errors: ChallengeErrors } {
  const errors: ChallengeErrors = {};
  if (!form.name.trim()) errors.name = CHALLENGE_MESSAGES.name;
  else if (form.name.length > INPUT_BOUNDS.name)
    errors.name = fieldTooLong(FIELD_LABELS.name, INPUT_BOUNDS.name).message;
  else if (!isPersonName(form.name)) errors.name = CHALLENGE_MESSAGES.invalidName;
  if (form.email.length > INPUT_BOUNDS.email)
    errors.email = fieldTooLong(FIELD_LABELS.email, INPUT_BOUNDS.email).message;
  else if (!looksLikeEmail(form.email)) errors.email = CHALLENGE_MESSAGES.email;
  if ((form.phone ?? '').length > INPUT_BOUNDS.phone)
    errors.phone = fieldTooLong(FIELD_LABELS.phone, INPUT_BOUNDS.phone).message;
  else if ((form.phone ?? '').trim() && normalizePhone(form.phone) === null) errors.phone = CHALLENGE_MESSAGES.phone;
  if (form.agreedToTerms !== true) errors.agreedToTerms = CHALLENGE_MESSAGES.agreedToTerms;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const phone = normalizePhone(form.phone) ?? '';
  return {
    ok: true,
    registration: { name: form.name.trim(), email: form.email.trim(), phone: phone || null, agreed_to_terms: true },
  };
}
