import pg from 'pg';
import type { Db, QueryResult, Queryable, TransactionOptions } from './types.js';

// Same value shapes as the PGlite adapter: bigint and numeric stay text.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => v);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v: string) => v);

function wrap<T>(r: pg.QueryResult): QueryResult<T> {
  return {
    rows: r.rows as T[],
    fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    rowCount: r.rowCount ?? r.rows.length,
  };
}

/** node-postgres with a pool; LISTEN runs on its own connection that reconnects by itself. */
export async function openPostgres(databaseUrl: string, poolSize = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // A dropped idle connection (server restart) must not crash the process.
  pool.on('error', () => {});
  await pool.query('select 1');

  const listeners = new Map<string, Set<(payload: string) => void>>();
  let listenClient: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;

  async function connectListener(): Promise<void> {
    if (closed) return;
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('notification', (msg) => {
      for (const cb of listeners.get(msg.channel) ?? []) cb(msg.payload ?? '');
    });
    client.on('error', () => {
      if (listenClient === client) listenClient = null;
      scheduleReconnect();
    });
    client.on('end', () => {
      if (listenClient === client) listenClient = null;
      scheduleReconnect();
    });
    await client.connect();
    for (const channel of listeners.keys()) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    listenClient = client;
  }

  function scheduleReconnect() {
    if (closed || connecting) return;
    connecting = (async () => {
      for (let delay = 100; !closed; delay = Math.min(delay * 2, 2000)) {
        try {
          await connectListener();
          for (const cb of reconnectHooks) cb();
          return;
        } catch {
          await new Promise((r) => setTimeout(r, delay));
        }
      }
    })().finally(() => {
      connecting = null;
    });
  }

  const reconnectHooks = new Set<() => void>();

  const db: Db & { onListenerReconnect(cb: () => void): () => void } = {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      return wrap<T>(await pool.query(sql, params as unknown[]));
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
      let broken = false;
      // A connection dropped between two statements (server restart) fails this transaction instead of crashing the process.
      const onError = () => {
        broken = true;
      };
      // The listener goes on in the pool's callback, in the same tick the pool hands the connection over: awaiting
      // pool.connect() would leave it without one until the promise settles, and a « terminating connection » read
      // in the same chunk as the previous user's answer would then be an unhandled 'error' event (the process exits).
      const client = await new Promise<pg.PoolClient>((resolve, reject) =>
        pool.connect((err, c) => {
          if (err || !c) return reject(err ?? new Error('no connection'));
          c.on('error', onError);
          resolve(c);
        }),
      );
      try {
        await client.query(options.readOnly ? 'begin read only' : 'begin');
        if (options.prelude) await client.query(options.prelude.sql, options.prelude.params as unknown[]);
        const result = await fn({
          query: async <R>(sql: string, params: unknown[] = []) =>
            wrap<R>(await client.query(sql, params as unknown[])),
          exec: async (sql: string) => {
            await client.query(sql);
          },
        });
        await client.query('commit');
        return result;
      } catch (e) {
        try {
          await client.query('rollback');
        } catch {
          broken = true;
        }
        throw e;
      } finally {
        client.off('error', onError);
        client.release(broken);
      }
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async listen(channel: string, onNotify: (payload: string) => void) {
      let set = listeners.get(channel);
      const isNew = !set;
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(onNotify);
      if (!listenClient && !connecting) await connectListener();
      else if (isNew && listenClient) await listenClient.query(`listen ${pg.escapeIdentifier(channel)}`);
      return async () => {
        set!.delete(onNotify);
        if (set!.size === 0) {
          listeners.delete(channel);
          await listenClient?.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => {});
        }
      };
    },
    /** Called after the LISTEN connection came back (so subscribers can catch up). */
    onListenerReconnect(cb: () => void) {
      reconnectHooks.add(cb);
      return () => reconnectHooks.delete(cb);
    },
    async close() {
      closed = true;
      await listenClient?.end().catch(() => {});
      await pool.end();
    },
  };
  return db;
}
