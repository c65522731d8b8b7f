import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { adminDatabaseUrl, type DbKind } from '../../helpers/backend.js';

export interface Store {
  kind: DbKind;
  dataDir: string | null;
  databaseUrl: string | null;
  /** Reads the database directly (PostgreSQL only; PGlite is owned by the backend process). */
  drop(): Promise<void>;
}

/** A fresh, empty database that outlives backend restarts: a PGlite directory or a PostgreSQL database. */
export async function freshStore(kind: DbKind, label: string): Promise<Store> {
  if (kind === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${label}-`));
    return { kind, dataDir, databaseUrl: null, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const admin = adminDatabaseUrl();
  const name = `${label.replace(/\W/g, '_')}_${crypto.randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    kind,
    dataDir: null,
    databaseUrl: url.toString(),
    async drop() {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await d.end();
    },
  };
}

export const JWT_SECRET = 'reliability-secret-with-at-least-32-characters';
