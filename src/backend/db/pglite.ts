import fs from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { nestsDeeperThan } from '../json-depth.js';
import type { Db, QueryResult, Queryable, TransactionOptions } from './types.js';

// Values come back as text and are parsed the way node-postgres does, so both adapters
// hand the rest of the backend the same JavaScript values.
const parsers = {
  [types.INT8]: (v: string) => v,
  [types.NUMERIC]: (v: string) => v,
};

function wrap<T>(r: {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}): QueryResult<T> {
  return { rows: r.rows, fields: r.fields, rowCount: r.affectedRows ?? r.rows.length };
}

// PGlite's WebAssembly stack overflows on a value nested about ten thousand deep that SQL casts to jsonb
// ("bad buffer ID: 0"); PostgreSQL copes up to its max_stack_depth, then refuses with 54001. Such a value is
// refused here the way PostgreSQL refuses it, before it reaches the engine (a REST filter, an RPC argument).
const MAX_PARAM_NESTING = 2000;
function guard(params: unknown[]): unknown[] {
  for (const p of params) {
    if (typeof p === 'string' && nestsDeeperThan(p, MAX_PARAM_NESTING)) {
      throw Object.assign(new Error('stack depth limit exceeded'), {
        code: '54001',
        severity: 'ERROR',
        hint: 'A value is nested too deeply.',
      });
    }
  }
  return params;
}

/**
 * PGlite runs one connection in this process; PGlite itself queues queries and
 * transactions, so every request transaction runs alone, in arrival order.
 * `archive` (in memory only): a data-directory archive from `dumpDataDir` to start from; a new cluster
 * otherwise, which costs PGlite an initdb.
 */
export async function openPglite(dataDir: string | null, archive?: string | null): Promise<Db> {
  const loadDataDir = !dataDir && archive ? new Blob([fs.readFileSync(archive)]) : undefined;
  const pg = await PGlite.create(dataDir ?? undefined, {
    parsers,
    relaxedDurability: false,
    extensions: { pgcrypto },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const query = async <T>(sql: string, params: unknown[] = []) => wrap<T>(await pg.query<T>(sql, guard(params)));
  return {
    kind: 'pglite',
    query,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
      return pg.transaction(async (tx) => {
        if (options.readOnly) await tx.query('set transaction read only');
        return fn({
          query: async <R>(sql: string, params: unknown[] = []) => wrap<R>(await tx.query<R>(sql, guard(params))),
          exec: async (sql: string) => {
            await tx.exec(sql);
          },
        });
      });
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
    async listen(channel: string, onNotify: (payload: string) => void) {
      const unsub = await pg.listen(channel, onNotify);
      return async () => {
        await unsub();
      };
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}
