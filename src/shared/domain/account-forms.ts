import { INVALID_EMAIL_MESSAGE, looksLikeEmail } from './email-address.js';

export const MIN_PASSWORD_LENGTH = 6;

export const ACCOUNT_MESSAGES = {
  emailInvalid: INVALID_EMAIL_MESSAGE,
  passwordTooShort: `Le mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères.`,
  passwordsDiffer: 'Les mots de passe ne correspondent pas.',
  credentialsRequired: 'Veuillez saisir votre e-mail et votre mot de passe.',
} as const;

/** Sign-up: an e-mail, a password of at least 6 characters, and the same password twice. */
export function validateRegistration(form: {
  email: string;
  password: string;
  confirmPassword: string;
}): string | null {
  if (!looksLikeEmail(form.email)) return ACCOUNT_MESSAGES.emailInvalid;
  if (form.password.length < MIN_PASSWORD_LENGTH) return ACCOUNT_MESSAGES.passwordTooShort;
  if (form.password !== form.confirmPassword) return ACCOUNT_MESSAGES.passwordsDiffer;
  return null;
}

/** Customer and admin login: both fields required. */
export function validateLogin(form: { email: string; password: string }): string | null {
  return form.email.trim() && form.password ? null : ACCOUNT_MESSAGES.credentialsRequired;
}

/** « Mot de passe oublié ? »: an e-mail that looks like one. */
export function validateResetRequest(form: { email: string }): string | null {
  return looksLikeEmail(form.email) ? null : ACCOUNT_MESSAGES.emailInvalid;
}

/** The new password a reset link sets: at least 6 characters, twice the same. */
export function validateNewPassword(form: { password: string; confirmPassword: string }): string | null {
  if (form.password.length < MIN_PASSWORD_LENGTH) return ACCOUNT_MESSAGES.passwordTooShort;
  if (form.password !== form.confirmPassword) return ACCOUNT_MESSAGES.passwordsDiffer;
  return null;
}
