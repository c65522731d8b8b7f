import { badRequest } from './errors.js';

// The format check GoTrue uses (checkmail): local part of RFC 5322 atext and dots, a host name domain.
const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

// Domains that can never receive mail (RFC 2606 / 6761 reserved names, no dot at all).
function undeliverable(domain: string): boolean {
  return !domain.includes('.') || /\.(invalid|example|localhost)$/.test(domain);
}

/** Validates and lower-cases an e-mail address as GoTrue does; throws its 400 errors. */
export function checkEmail(raw: string | undefined | null): string {
  const email = (raw ?? '').trim();
  if (!email) throw badRequest('validation_failed', 'An email address is required');
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL_RE.test(email)) throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  const lower = email.toLowerCase();
  if (undeliverable(lower.split('@')[1]))
    throw badRequest('email_address_invalid', `Email address "${lower}" is invalid`);
  return lower;
}
