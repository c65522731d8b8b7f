export interface QueryField {
  name: string;
  dataTypeID: number;
}

export interface QueryResult<T = Record<string, unknown>> {
  rows: T[];
  fields: QueryField[];
  /** Rows inserted, updated or deleted (or returned, for a select). */
  rowCount: number;
}

export interface Queryable {
  /** One statement with bound parameters ($1, $2, …). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** A script of several statements without parameters (migrations, seed). */
  exec(sql: string): Promise<void>;
}

export interface TransactionOptions {
  readOnly?: boolean;
  /**
   * PGlite: the longest one statement of this transaction may run, in milliseconds; beyond it the engine is
   * ended and reopened (the transaction fails with 57014, committed data is kept). PostgreSQL bounds the API
   * roles with their own statement_timeout instead and ignores this.
   */
  timeoutMs?: number;
  /**
   * PGlite: who the transaction is for (the client address), so that one address waits its turn behind the
   * others rather than holding the queue (see pglite.ts).
   */
  client?: string;
  /**
   * A statement the transaction runs first, whose rows nobody reads (the REST layer's request settings). PGlite
   * sends it with the BEGIN and the transaction's first statement: one trip between the threads less.
   */
  prelude?: { sql: string; params: unknown[] };
  /**
   * The text of the statement after which the transaction runs nothing more (a REST call of one statement).
   * PGlite commits in the same trip as that statement (or rolls back when it fails), so the one engine is not
   * held while the main thread reads the answer and sends the COMMIT. PostgreSQL ignores it.
   */
  commitAfter?: string;
}

/**
 * The one database surface every backend part uses. Two implementations:
 * PGlite (single connection, every transaction queued) and node-postgres (a pool).
 */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` inside BEGIN … COMMIT (ROLLBACK when it throws). */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** LISTEN on a channel; the returned function stops listening. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** A PostgreSQL error as both drivers report it (SQLSTATE in `code`). */
export interface PgError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
}

export function isPgError(e: unknown): e is PgError {
  return e instanceof Error && typeof (e as PgError).code === 'string';
}
