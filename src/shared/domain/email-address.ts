/** Text, at sign, text, dot, text, without spaces: the shape the spec and the tables check. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function looksLikeEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** The database's invalid_email text (src/shared/domain/refusals.ts). */
export { INVALID_EMAIL_MESSAGE } from './refusals.js';
