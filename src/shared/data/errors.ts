import type { Refusal } from '../domain/refusal.js';

/** A PostgREST error as supabase-js hands it over. */
export interface PostgrestLikeError {
  code?: string;
  message: string;
  details?: string | null;
  hint?: string | null;
}

/**
 * A failed call. For a rule refusal raised by the database (SQLSTATE P0001, or PT429 when a rate limit is reached) `refusal` carries the
 * stable code (details), the toast title (hint) and the French message; see docs/DATABASE.md.
 */
export class DataError extends Error {
  readonly code: string | undefined;
  readonly refusal: Refusal | null;

  constructor(error: PostgrestLikeError) {
    super(error.message);
    this.name = 'DataError';
    this.code = error.code;
    // P0001: a rule said no; PTxxx: a refusal with its HTTP status, e.g. PT429 for a product rate limit.
    this.refusal =
      (error.code === 'P0001' || /^PT\d{3}$/.test(error.code ?? '')) && error.details && error.hint
        ? { code: error.details, title: error.hint, message: error.message }
        : null;
  }

  /** Permission denied: not signed in, not an admin, or the session ended. */
  get isForbidden(): boolean {
    return this.code === '42501' || this.code === 'PGRST301';
  }
}

export function failIf(error: PostgrestLikeError | null): void {
  if (error) throw new DataError(error);
}

/** The refusal of a failed order, reservation or tracking call; null for other failures. */
export function refusalOf(e: unknown): Refusal | null {
  return e instanceof DataError ? e.refusal : null;
}

/**
 * Did the call fail without an answer from the database (network down, connection dropped, server
 * restarting)? Then the order may or may not have been placed, and only a retry with the same
 * request id can tell.
 */
export function isLostAnswer(status: number, error: PostgrestLikeError): boolean {
  if (status === 0 || status === 502 || status === 503 || status === 504) return true;
  return !error.code && /fetch|network|load failed|socket|ECONN|terminated/i.test(error.message);
}
