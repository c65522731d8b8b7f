import net from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/backend/db/postgres.js';
import type { Db } from '../../src/backend/db/types.js';
import { adminDatabaseUrl, testDatabases } from '../helpers/backend.js';

/**
 * A loopback proxy in front of the real PostgreSQL that can hold what the server sends and pass it on in one write,
 * as the kernel does when a restart's « terminating connection » follows a query's answer before the backend reads.
 */
async function coalescingProxy(target: URL) {
  const held: Buffer[] = [];
  let hold = false;
  let toClient: net.Socket | null = null;
  let serverEnded = false;
  const server = net.createServer((client) => {
    toClient = client;
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    client.on('data', (d) => upstream.write(d));
    upstream.on('data', (d) => (hold ? held.push(d) : client.write(d)));
    upstream.on('end', () => {
      serverEnded = true;
      if (!hold) client.end();
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  const heldBytes = () => Buffer.concat(held);
  return {
    url: url.toString(),
    hold() {
      hold = true;
    },
    /** Whether the held bytes hold a message of this type (ReadyForQuery 'Z', ErrorResponse 'E'). */
    holds(type: string) {
      const b = heldBytes();
      for (let i = 0; i + 5 <= b.length; i += 1 + b.readInt32BE(i + 1)) if (b[i] === type.charCodeAt(0)) return true;
      return false;
    },
    serverEnded: () => serverEnded,
    /** Everything held, in one write, then the end the server sent. */
    release() {
      hold = false;
      toClient!.write(heldBytes());
      held.length = 0;
      if (serverEnded) toClient!.end();
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function waitFor(check: () => boolean, what: string) {
  for (const end = Date.now() + 10_000; !check();) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe.each(testDatabases().filter((k) => k === 'postgres'))('a connection dropped by %s', () => {
  let db: Db | undefined;
  let proxy: Awaited<ReturnType<typeof coalescingProxy>> | undefined;
  afterAll(async () => {
    await db?.close();
    await proxy?.close();
  });

  it('a connection terminated right after answering, as the pool hands it to a transaction, fails that transaction and nothing else', async () => {
    proxy = await coalescingProxy(new URL(adminDatabaseUrl()));
    db = await openPostgres(proxy.url, 1);
    const pid = (await db.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;

    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => uncaught.push(e);
    process.on('uncaughtException', onUncaught);
    try {
      proxy.hold();
      // The pool's one connection answers a query; a transaction waits for that connection.
      const first = db.query<{ n: number }>('select 1 as n');
      const tx = db.transaction((t) => t.query<{ n: number }>('select 2 as n'));
      await waitFor(() => proxy!.holds('Z'), 'the answer to the first query');
      // The server is told to stop that connection (as a restart does) before the backend has read the answer.
      const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      await waitFor(() => proxy!.serverEnded(), 'the server to close the connection');
      expect(proxy.holds('E')).toBe(true);
      // The answer and « terminating connection due to administrator command » arrive in one read.
      proxy.release();

      expect((await first).rows).toEqual([{ n: 1 }]);
      await expect(tx).rejects.toThrow(/terminat|not queryable|Connection/i);
      // The next query gets a new connection.
      expect((await db.query<{ n: number }>('select 3 as n')).rows).toEqual([{ n: 3 }]);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
