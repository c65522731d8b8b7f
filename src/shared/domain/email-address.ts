/** Text, at sign, text, dot, text, without spaces: the shape the spec and the tables check. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function looksLikeEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export const INVALID_EMAIL_MESSAGE = 'Veuillez entrer une adresse e-mail valide.';
