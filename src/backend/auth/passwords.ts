import bcrypt from 'bcryptjs';
import { AuthError, badRequest } from './errors.js';

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

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

// Compared against when the e-mail is unknown, so a wrong address takes as long as a wrong password
// (the hash of a random string nobody kept, cost 10).
const DUMMY_HASH = '$2b$10$WwlKFcA/PWMRzA0tde2YwO6jmV4Z4lISGkFzYsHZRDUCZQKb1z4ZC';

export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash) {
    await bcrypt.compare(password, DUMMY_HASH);
    return false;
  }
  return bcrypt.compare(password, hash);
}
