import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase, type DbKind } from '../../helpers/backend.js';

export interface Store {
  kind: DbKind;
  dataDir: string | null;
  databaseUrl: string | null;
  /** Removes the directory or the database. */
  drop(): Promise<void>;
}

/** A fresh, empty database that outlives backend restarts: a PGlite directory or a PostgreSQL database. */
export async function freshStore(kind: DbKind, label: string): Promise<Store> {
  if (kind === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${label}-`));
    return { kind, dataDir, databaseUrl: null, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const db = await createScratchDatabase(label);
  return { kind, dataDir: null, databaseUrl: db.url, drop: () => db.drop().catch(() => {}) };
}

export const JWT_SECRET = 'reliability-secret-with-at-least-32-characters';
