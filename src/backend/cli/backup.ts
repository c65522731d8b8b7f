import fs from 'node:fs';
import path from 'node:path';
import { configFromEnv, type BackendConfig } from '../config.js';
import { openDb } from '../db/index.js';
import { lockDataDir, lockHolder, type LockInfo } from '../db/lock.js';
import { createJwtKeys } from '../jwt.js';
import { loopbackUrl } from '../dispatcher.js';
import { dumpDatabase, isBackendDatabase, type BackupResult } from '../backup/dump.js';
import { backupDir, backupFileName } from '../backup/files.js';
import { describeBackup } from '../backup/service.js';

/**
 * `npm run backup`: one consistent dump of the database into DATA_DIR/backups. While the server runs it
 * holds the data directory (a second PGlite on it would corrupt it), so the backup is asked of the running
 * server (POST /_backup with the service-role key, on loopback); otherwise this command opens the database
 * itself, under the same lock.
 */
export function jwtSecretOf(config: BackendConfig): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir!, 'jwt-secret');
  if (!fs.existsSync(file)) throw new Error(`No JWT secret: neither JWT_SECRET nor ${file} exists.`);
  return fs.readFileSync(file, 'utf8').trim();
}

async function throughServer(config: BackendConfig, holder: LockInfo): Promise<BackupResult> {
  if (!holder.port)
    throw new Error(
      `Process ${holder.pid} (${holder.command}) holds ${config.dataDir} but is not serving yet: try again in a moment.`,
    );
  const url = `${loopbackUrl(holder.host ?? '127.0.0.1', holder.port)}/_backup`;
  const keys = await createJwtKeys(jwtSecretOf(config));
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys.serviceRoleKey}` },
      signal: AbortSignal.timeout(600_000),
    });
  } catch (e) {
    throw new Error(`The running server (process ${holder.pid}) did not answer at ${url}: ${(e as Error).message}`);
  }
  const body = (await res.json().catch(() => ({}))) as BackupResult & { message?: string };
  if (!res.ok) throw new Error(body.message ?? `The running server answered ${res.status}.`);
  return body;
}

async function direct(config: BackendConfig): Promise<BackupResult> {
  const dataDir = config.dataDir!;
  if (!config.databaseUrl && !fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) {
    throw new Error(`There is no database in ${dataDir} yet (start the server once with \`npm start\`).`);
  }
  const lock = lockDataDir(dataDir);
  if (lock.tookOver)
    console.log(
      `(took over the lock of process ${lock.tookOver.pid}, ${lock.tookOver.command}, which is no longer running)`,
    );
  try {
    const db = await openDb({ databaseUrl: config.databaseUrl, dataDir });
    try {
      if (!(await isBackendDatabase(db)))
        throw new Error('The database holds no data of this product yet (start the server once with `npm start`).');
      return await dumpDatabase(db, path.join(backupDir(dataDir), backupFileName('manual')), { dataDir });
    } finally {
      await db.close();
    }
  } finally {
    lock.release();
  }
}

async function main() {
  if (process.argv.length > 2)
    throw new Error('Usage: npm run backup   (settings from the environment: DATA_DIR, DATABASE_URL)');
  const config = configFromEnv();
  if (!config.dataDir) throw new Error('DATA_DIR=memory keeps nothing on disk: there is nothing to back up.');
  const holder = lockHolder(config.dataDir);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(config.dataDir, 'pglite')}`;
  if (holder) console.log(`The server (process ${holder.pid}) is running: it makes the backup of ${where}.`);
  else console.log(`Backing up ${where}…`);
  const r = holder ? await throughServer(config, holder) : await direct(config);
  console.log(`Backup written: ${describeBackup(r)}`);
  console.log('Copy it off this machine too (see "Backups" in README.md).');
}

main().catch((e) => {
  console.error(`Backup failed: ${(e as Error).message}`);
  process.exit(1);
});
