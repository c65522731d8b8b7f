import { invalidBucketName, invalidKey, invalidRequest } from './errors.js';

/** Longest object name accepted, in UTF-8 bytes (S3's and Storage's key limit). */
export const MAX_NAME_BYTES = 1024;

// Storage's key alphabet: letters, digits, underscore and a few punctuation marks (no backslash, no control characters).
const KEY_CHARS = /^[\w/!\-.*'() &$@=;:+,?]+$/;
const BUCKET_CHARS = /^[\w!\-.*'() &$@=;:+,?]+$/;

/**
 * An object name as Storage accepts it, refused otherwise: no leading slash, no empty, `.` or `..`
 * segment (no traversal, whatever the storage layout), no NUL or control character, at most 1024 bytes.
 */
export function checkObjectName(name: unknown): string {
  if (typeof name !== 'string' || name === '') throw invalidKey(String(name ?? ''));
  if (Buffer.byteLength(name, 'utf8') > MAX_NAME_BYTES || !KEY_CHARS.test(name)) throw invalidKey(name);
  if (name.split('/').some((s) => s === '' || s === '.' || s === '..')) throw invalidKey(name);
  return name;
}

export function checkBucketId(id: unknown): string {
  if (typeof id !== 'string' || id === '' || id.length > 100 || !BUCKET_CHARS.test(id) || id === '.' || id === '..') {
    throw invalidBucketName(typeof id === 'string' ? id : '');
  }
  return id;
}

/**
 * A bucket's file_size_limit as supabase-js sends it: bytes, or a size such as "20MB" or "1kb" read as
 * Storage reads it, in decimal units (1 KB = 1,000 bytes, 1 MB = 1,000,000) to three significant digits.
 */
export function parseSizeLimit(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  if (typeof value === 'string') {
    const m = /^(\d+(?:\.\d+)?)(gb|mb|kb|b)$/i.exec(value.trim());
    if (m) {
      const unit = { B: 1, KB: 1e3, MB: 1e6, GB: 1e9 }[m[2].toUpperCase() as 'B'];
      return Math.round(Number(Number(m[1]).toPrecision(3)) * unit);
    }
    if (/^\d+$/.test(value.trim())) return Number(value.trim());
  }
  throw invalidRequest('file_size_limit must be a number of bytes or a size such as "5MB"');
}

const MIME = /^[a-z0-9][\w.+-]*\/([\w.+-]+|\*)$/i;

export function parseMimeTypes(value: unknown): string[] | null {
  if (value === null || value === undefined) return null;
  if (
    !Array.isArray(value) ||
    value.length > 100 ||
    !value.every((v) => typeof v === 'string' && v.length <= 255 && MIME.test(v))
  ) {
    throw invalidRequest('allowed_mime_types must be a list of MIME types such as "image/png" or "image/*"');
  }
  return value.map((v: string) => v.toLowerCase());
}

/** Whether `type` (parameters ignored) is one of `allowed` ("image/*" covers every image type). */
export function mimeAllowed(type: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const base = type.split(';')[0].trim().toLowerCase();
  return allowed.some((a) => a === base || (a.endsWith('/*') && base.startsWith(a.slice(0, -1))));
}
