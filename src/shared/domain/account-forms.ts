import { looksLikeEmail } from './email-address.js';

export const MIN_PASSWORD_LENGTH = 6;

/** What is wrong with an account form; the shop words it (`fr.auth.formProblems`). */
export type AccountFormProblem = 'email_invalid' | 'password_too_short' | 'passwords_differ' | 'credentials_required';

/** Sign-up: an e-mail, a password of at least 6 characters, and the same password twice. */
export function validateRegistration(form: {
  email: string;
  password: string;
  confirmPassword: string;
}): AccountFormProblem | null {
  if (!looksLikeEmail(form.email)) return 'email_invalid';
  if (form.password.length < MIN_PASSWORD_LENGTH) return 'password_too_short';
  if (form.password !== form.confirmPassword) return 'passwords_differ';
  return null;
}

/** Customer and admin login: both fields required. */
export function validateLogin(form: { email: string; password: string }): AccountFormProblem | null {
  return form.email.trim() && form.password ? null : 'credentials_required';
}

/** « Mot de passe oublié ? »: an e-mail that looks like one. */
export function validateResetRequest(form: { email: string }): AccountFormProblem | null {
  return looksLikeEmail(form.email) ? null : 'email_invalid';
}

/** The new password a reset link sets: at least 6 characters, twice the same. */
export function validateNewPassword(form: { password: string; confirmPassword: string }): AccountFormProblem | null {
  if (form.password.length < MIN_PASSWORD_LENGTH) return 'password_too_short';
  if (form.password !== form.confirmPassword) return 'passwords_differ';
  return null;
}
