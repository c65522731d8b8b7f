import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startBackend, type Backend } from '../../src/backend/server.js';
import type { BackendConfig } from '../../src/backend/config.js';
import { GENEROUS_AUTH_LIMITS, GENEROUS_PRODUCT_LIMITS_SQL } from './rate-limits.js';
import { PG_TEMPLATE_ENV, PGLITE_ARCHIVE_ENV, seedPgliteDataDir } from './db-snapshot.js';

export type DbKind = 'pglite' | 'postgres';

/** The databases every integration test runs on: both, unless TEST_DB names one. */
export function testDatabases(): DbKind[] {
  const only = process.env.TEST_DB;
  if (only === 'pglite' || only === 'postgres') return [only];
  return ['pglite', 'postgres'];
}

export function adminDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      'PostgreSQL tests need TEST_DATABASE_URL (for example postgres://postgres:postgres@127.0.0.1:5432/postgres). ' +
        '`npm test` sets it up when PostgreSQL is installed; TEST_DB=pglite runs the PGlite half only.',
    );
  }
  return url;
}

export interface TestBackend extends Backend {
  kind: DbKind;
  /** A supabase-js client with the anon key (or the given access token). */
  client(accessToken?: string): SupabaseClient;
  /** A supabase-js client with the service-role key. */
  serviceClient(): SupabaseClient;
}

/**
 * A new PostgreSQL database on the test server, named `<prefix>_<random>`; `drop` removes it. Empty, or a copy of
 * the database `template` names.
 */
export async function createScratchDatabase(
  prefix = 'test',
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = adminDatabaseUrl();
  const name = `${prefix.replace(/\W/g, '_')}_${crypto.randomBytes(6).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await c.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

export interface StartOptions extends Partial<BackendConfig> {
  /** Reuse an existing PostgreSQL database (restart tests); otherwise a fresh one is made. */
  databaseUrl?: string | null;
  keepDatabase?: boolean;
  /** Keep the product rate limits of the migrations instead of raising them (see ./rate-limits.ts). */
  productRateLimits?: boolean;
}

export { GENEROUS_AUTH_LIMITS } from './rate-limits.js';

/** Starts the embedded backend on a random port on a brand-new database of the given kind. */
export async function startTestBackend(kind: DbKind, options: StartOptions = {}): Promise<TestBackend> {
  const { keepDatabase, productRateLimits, ...overrides } = options;
  let scratch: { url: string; drop(): Promise<void> } | null = null;
  // A backend on the project's own supabase/ folder starts from the migrated and seeded copy the global setup
  // made (./db-snapshot.ts): the same database, without an initdb and the migrations for every file.
  const ownSchema = !overrides.supabaseDir;
  const pgTemplate = ownSchema ? process.env[PG_TEMPLATE_ENV] : undefined;
  const pgliteArchive = ownSchema && !overrides.dataDir ? (process.env[PGLITE_ARCHIVE_ENV] ?? null) : null;
  if (kind === 'postgres' && !overrides.databaseUrl) scratch = await createScratchDatabase('test', pgTemplate);
  // A new data directory gets the same copy laid on disk (its restarts then open what the first start wrote).
  if (kind === 'pglite' && ownSchema && overrides.dataDir && !fs.existsSync(path.join(overrides.dataDir, 'pglite')))
    await seedPgliteDataDir(overrides.dataDir);
  const backend = await startBackend(
    {
      port: 0,
      host: '127.0.0.1',
      dataDir: null,
      jwtSecret: 'test-secret-with-at-least-32-characters!!',
      authAutoconfirm: false,
      ...overrides,
      // The outbox dispatcher stays off unless a test asks for it (DISPATCH: 'on'): others claim rows by hand.
      // So does the daily retention job (RETENTION_AUTO: 'on'), which would anonymise other tests' old rows.
      ...(overrides.env
        ? { env: { DISPATCH: 'off', RETENTION_AUTO: 'off', ...GENEROUS_AUTH_LIMITS, ...overrides.env } }
        : {}),
      databaseUrl: kind === 'postgres' ? (overrides.databaseUrl ?? scratch!.url) : null,
      ...(kind === 'pglite' && pgliteArchive ? { pgliteArchive } : {}),
    },
    { DISPATCH: 'off', RETENTION_AUTO: 'off', ...GENEROUS_AUTH_LIMITS, ...process.env, PORT: '0' },
  );
  if (!productRateLimits) await backend.db.query(GENEROUS_PRODUCT_LIMITS_SQL);
  // Node 20 has no global WebSocket: realtime-js needs `ws` as its transport.
  const opts = {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  };
  return {
    ...backend,
    kind,
    client(accessToken?: string) {
      const client = createClient(backend.url, backend.anonKey, {
        ...opts,
        ...(accessToken ? { global: { headers: { Authorization: `Bearer ${accessToken}` } } } : {}),
      });
      // Realtime does not read the global headers; its channels join with this token.
      if (accessToken) void client.realtime.setAuth(accessToken);
      return client;
    },
    serviceClient() {
      return createClient(backend.url, backend.serviceRoleKey, opts);
    },
    async close() {
      await backend.close();
      if (scratch && !keepDatabase) await scratch.drop();
    },
  };
}
