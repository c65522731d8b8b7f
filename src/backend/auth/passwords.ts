import { AuthError, badRequest } from './errors.js';
import { PasswordWork } from './password-work.js';

export const PASSWORD_MIN_LENGTH = 6;
// bcrypt only reads the first 72 bytes; GoTrue refuses longer passwords rather than silently truncating.
export const PASSWORD_MAX_BYTES = 72;
const BCRYPT_COST = 10;

/** GoTrue's password rules: at least 6 characters (422 weak_password), at most 72 bytes. */
export function checkPassword(password: string): void {
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    throw new AuthError(422, 'weak_password', `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`, [
      'length',
    ]);
  }
  if (Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES) {
    throw badRequest('validation_failed', `Password cannot be longer than ${PASSWORD_MAX_BYTES} characters`);
  }
}

let work: PasswordWork | null = null;
/** The process's bcrypt workers (see password-work.ts), started with the first password. */
export function passwordWork(): PasswordWork {
  return (work ??= new PasswordWork());
}

/** Passwords typed by a client without a known address share one queue. */
const UNKNOWN_CLIENT = '';

export function hashPassword(password: string, client = UNKNOWN_CLIENT): Promise<string> {
  return passwordWork().run<string>({ op: 'hash', password, cost: BCRYPT_COST }, client);
}

// Compared against when the e-mail is unknown, so a wrong address takes as long as a wrong password
// (the hash of a random string nobody kept, cost 10).
const DUMMY_HASH = '$2b$10$WwlKFcA/PWMRzA0tde2YwO6jmV4Z4lISGkFzYsHZRDUCZQKb1z4ZC';

export async function passwordMatches(
  password: string,
  hash: string | null,
  client = UNKNOWN_CLIENT,
): Promise<boolean> {
  const ok = await passwordWork().run<boolean>({ op: 'compare', password, hash: hash ?? DUMMY_HASH }, client);
  return ok && hash !== null;
}
