import { HttpError } from '../http.js';
import { isPgError } from '../db/index.js';

/**
 * An error in Supabase Storage's shape `{statusCode, error, message}`. Like Storage, most refusals
 * answer HTTP 400 and carry the meaningful code in `statusCode` (e.g. "404" for a missing object);
 * size and type refusals answer 413 and 415.
 */
export class StorageError extends HttpError {
  constructor(status: number, statusCode: string, error: string, message: string) {
    super(status, { statusCode, error, message });
  }
}

/** A name echoed in an error, without control characters. */
const printable = (s: string, max: number) =>
  [...s.slice(0, max)].map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? '?' : c)).join('');

export const objectNotFound = () => new StorageError(400, '404', 'not_found', 'Object not found');
export const bucketNotFound = () => new StorageError(400, '404', 'Bucket not found', 'Bucket not found');
export const invalidKey = (name: string) =>
  new StorageError(400, '400', 'InvalidKey', `Invalid key: ${printable(name, 200)}`);
export const invalidBucketName = (name: string) =>
  new StorageError(400, '400', 'Invalid Input', `Bucket name invalid: ${printable(name, 120)}`);
export const invalidRequest = (message: string) => new StorageError(400, '400', 'InvalidRequest', message);
export const duplicate = () => new StorageError(400, '409', 'Duplicate', 'The resource already exists');
export const unauthorized = (message: string) => new StorageError(400, '403', 'Unauthorized', message);
export const entityTooLarge = () =>
  new StorageError(413, '413', 'Payload too large', 'The object exceeded the maximum allowed size');
export const invalidMimeType = (type: string) =>
  new StorageError(415, '415', 'invalid_mime_type', `mime type ${type.slice(0, 120)} is not supported`);
export const invalidJwt = (message: string) => new StorageError(400, '400', 'InvalidJWT', message);
export const routeNotFound = () => new StorageError(404, '404', 'Not Found', 'Route not found');

/** Database errors as Storage reports them: RLS refusals are 403s, unique violations duplicates. */
export function toStorageError(e: unknown): HttpError {
  if (e instanceof HttpError) return e;
  if (isPgError(e)) {
    switch (e.code) {
      case '42501':
        return unauthorized(e.message);
      case '23505':
        return duplicate();
      case '23503':
        return bucketNotFound();
      case '57014':
        return new StorageError(500, '500', 'DatabaseTimeout', 'Timeout while waiting for the database');
      case '22P02':
      case '22007':
      case '22008':
      case '23514':
      case '23502':
        return invalidRequest(e.message);
    }
  }
  console.error('[storage] unexpected error:', e);
  return new StorageError(500, '500', 'internal', 'Internal Server Error');
}
