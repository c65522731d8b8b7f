import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  adminDatabaseUrl,
  startTestBackend,
  testDatabases,
  type DbKind,
  type TestBackend,
} from '../helpers/backend.js';
import { freePort } from '../reliability/support/child-backend.js';
import {
  REALTIME_FIXTURE,
  RawSocket,
  adminToken,
  closeClients,
  insertOrder,
  newUserId,
  waitFor,
  type Change,
} from '../fixtures/realtime-supabase/helpers.js';

async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const c = new pg.Client({ connectionString: adminDatabaseUrl() });
  await c.connect();
  await c.query(`drop database if exists "${name}" with (force)`);
  await c.end();
}

describe.each(testDatabases())('realtime across a backend restart on %s', (kind: DbKind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  });

  it('closes sockets on close() and lets supabase-js resubscribe to the restarted backend', async () => {
    const port = await freePort();
    const dataDir = kind === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'realtime-restart-')) : null;
    if (dataDir) cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const first: TestBackend = await startTestBackend(kind, {
      supabaseDir: REALTIME_FIXTURE,
      port,
      dataDir,
      keepDatabase: true,
    });
    const databaseUrl = first.context.config.databaseUrl;
    if (databaseUrl) cleanups.push(() => dropDatabase(databaseUrl));
    let current = first;
    cleanups.push(() => current.close());

    const client = first.client(await adminToken(first));
    cleanups.push(() => closeClients(client));
    const got: Change[] = [];
    const statuses: string[] = [];
    client
      .channel('dashboard')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'orders' }, (p) => got.push(p as never))
      .subscribe((s) => statuses.push(s));
    await waitFor(() => statuses.includes('SUBSCRIBED'), 10_000, 'the first subscription');
    const raw = await RawSocket.open(first, '2.0.0');

    const before = await insertOrder(first, newUserId(), 700);
    await waitFor(() => got.length === 1, 5000, 'the order before the restart');
    expect(got[0].new.id).toBe(before);

    const started = Date.now();
    await first.close();
    expect(Date.now() - started).toBeLessThan(5000);
    await waitFor(() => raw.closed, 2000, 'the raw socket to be closed');
    expect(raw.closeCode).toBe(1001);

    const second = await startTestBackend(kind, {
      supabaseDir: REALTIME_FIXTURE,
      port,
      dataDir,
      databaseUrl,
      keepDatabase: true,
    });
    current = second;
    const joinsBefore = statuses.filter((s) => s === 'SUBSCRIBED').length;
    await waitFor(
      () => statuses.filter((s) => s === 'SUBSCRIBED').length > joinsBefore,
      30_000,
      'the channel to rejoin',
    );

    const after = await insertOrder(second, newUserId(), 800);
    await waitFor(() => got.length === 2, 5000, 'the order after the restart');
    expect(got[1].new.id).toBe(after);
    expect(after).toBeGreaterThan(before);
  }, 120_000);
});
