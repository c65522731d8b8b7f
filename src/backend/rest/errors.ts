import { isPgError } from '../db/index.js';
import type { PostgrestVersion } from './settings.js';

/** An error answered in PostgREST's shape `{code, details, hint, message}`. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): { code: string; details: unknown; hint: string | null; message: string } {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** A name the schema cache does not know: worth one reload before answering. */
export class CacheMiss extends RestError {}

export const parseError = (what: string, input: string, details: string) =>
  new RestError(400, 'PGRST100', `"failed to parse ${what} (${input})" (line 1, column 1)`, details);

export const invalidBody = (message = 'Empty or invalid json', details: string | null = null) =>
  new RestError(400, 'PGRST102', message, details);

export const tableNotFound = (schema: string, name: string, version: PostgrestVersion = 14) =>
  version === 12
    ? new CacheMiss(404, '42P01', `relation "${schema}.${name}" does not exist`)
    : new CacheMiss(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`);

export const columnNotFound = (table: string, column: string) =>
  new CacheMiss(400, '42703', `column ${table}.${column} does not exist`);

export const bodyColumnNotFound = (table: string, column: string) =>
  new CacheMiss(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);

/** PostgREST 13: Prefer: handling=strict, max-affected=N and the statement touched more rows. */
export function checkMaxAffected(
  prefs: { handling?: string | null; maxAffected?: number | null },
  affected: number,
): void {
  if (prefs.handling === 'strict' && typeof prefs.maxAffected === 'number' && affected > prefs.maxAffected) {
    throw new RestError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${affected} rows`,
    );
  }
}

/** PGRST116: an object was asked for and the result is not one row (PostgREST 14 words it as 12.2 did before 13). */
export const singleObjectError = (rows: number, version: PostgrestVersion = 14) =>
  new RestError(
    406,
    'PGRST116',
    version >= 14
      ? 'Cannot coerce the result to a single JSON object'
      : 'JSON object requested, multiple (or no) rows returned',
    `The result contains ${rows} rows`,
  );

/**
 * PostgREST's table of HTTP statuses for PostgreSQL's SQLSTATEs ("HTTP Status Codes" of its errors reference,
 * `PostgREST.Error` in its source), row by row and in its order: the first row whose code or class (`08*`)
 * matches decides. `42501` is 403 with a JWT and 401 without; `PTxyz` (raised on purpose) answers xyz;
 * every other code is the client's error, 400.
 */
export const SQLSTATE_STATUS: readonly (readonly [code: string, status: number, what: string])[] = [
  ['08*', 503, 'connection exception'],
  ['09*', 500, 'triggered action exception'],
  ['0L*', 403, 'invalid grantor'],
  ['0P*', 403, 'invalid role specification'],
  ['23503', 409, 'foreign key violation'],
  ['23505', 409, 'uniqueness violation'],
  ['25006', 405, 'read only sql transaction'],
  ['25*', 500, 'invalid transaction state'],
  ['28*', 403, 'invalid authorization specification'],
  ['2D*', 500, 'invalid transaction termination'],
  ['38*', 500, 'external routine exception'],
  ['39*', 500, 'external routine invocation exception'],
  ['3B*', 500, 'savepoint exception'],
  ['40*', 500, 'transaction rollback'],
  ['53400', 500, 'configuration limit exceeded'],
  ['53*', 503, 'insufficient resources'],
  ['54*', 500, 'program limit exceeded'],
  ['55*', 500, 'object not in prerequisite state'],
  ['57*', 500, 'operator intervention'],
  ['58*', 500, 'system error'],
  ['F0*', 500, 'configuration file error'],
  ['HV*', 500, 'foreign data wrapper error'],
  ['P0001', 400, 'raise exception (default code)'],
  ['P0*', 500, 'PL/pgSQL error'],
  ['XX*', 500, 'internal error'],
  ['42883', 404, 'undefined function'],
  ['42P01', 404, 'undefined table'],
  ['42P17', 500, 'infinite recursion'],
  ['42501', 403, 'insufficient privilege (401 without a JWT)'],
];

/** HTTP status PostgREST gives a PostgreSQL SQLSTATE. */
export function statusForSqlState(code: string, authenticated: boolean): number {
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  for (const [pattern, status] of SQLSTATE_STATUS) {
    const hit = pattern.endsWith('*') ? code.startsWith(pattern.slice(0, -1)) : code === pattern;
    if (!hit) continue;
    return pattern === '42501' && !authenticated ? 401 : status;
  }
  return 400;
}

/** Turns anything thrown while answering into a RestError (database errors keep their SQLSTATE). */
export function toRestError(e: unknown, authenticated: boolean): RestError {
  if (e instanceof RestError) return e;
  // The database is restarting or unreachable: 503, as PostgREST answers, tells clients to try again.
  const code = (e as { code?: unknown } | null)?.code;
  if (
    (typeof code === 'string' && /^(57P0[1-3]|E[A-Z]+)$/.test(code)) ||
    /^Connection terminated|connection error and is not queryable/.test((e as Error | null)?.message ?? '')
  ) {
    return new RestError(503, 'PGRST001', 'Database connection error', (e as Error).message, null);
  }
  if (isPgError(e) && e.code) {
    return new RestError(statusForSqlState(e.code, authenticated), e.code, e.message, e.detail ?? null, e.hint ?? null);
  }
  console.error('[rest] unexpected error:', e);
  return new RestError(500, 'PGRST000', 'Internal server error');
}
