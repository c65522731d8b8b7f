import { isPgError } from '../db/index.js';

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

export const tableNotFound = (schema: string, name: string, version: 12 | 13 = 13) =>
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

export const singleObjectError = (rows: number) =>
  new RestError(
    406,
    'PGRST116',
    'JSON object requested, multiple (or no) rows returned',
    `The result contains ${rows} rows`,
  );

/** HTTP status PostgREST gives a PostgreSQL SQLSTATE. */
export function statusForSqlState(code: string, authenticated: boolean): number {
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  switch (code) {
    case '23503':
    case '23505':
      return 409;
    case '25006':
      return 405;
    case '42883':
    case '42P01':
      return 404;
    case '42501':
      return authenticated ? 403 : 401;
    case 'P0001':
      return 400;
  }
  switch (code.slice(0, 2)) {
    case '08':
    case '53':
      return 503;
    case '0L':
    case '0P':
    case '28':
      return 403;
    case '09':
    case '25':
    case '2D':
    case '38':
    case '39':
    case '3B':
    case '40':
    case '54':
    case '55':
    case '57':
    case '58':
    case 'F0':
    case 'HV':
    case 'P0':
    case 'XX':
      return 500;
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
