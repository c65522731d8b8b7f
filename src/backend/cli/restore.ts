import fs from 'node:fs';
import path from 'node:path';
import { configFromEnv } from '../config.js';
import { openDb } from '../db/index.js';
import { openPglite } from '../db/pglite.js';
import { DataDirLockedError, lockDataDir, lockHolder } from '../db/lock.js';
import { dumpDatabase, isBackendDatabase, readBackupHeader, restoreDatabase } from '../backup/dump.js';
import { backupDir, backupFileName } from '../backup/files.js';
import { describeBackup } from '../backup/service.js';

/**
 * `npm run restore -- FILE`: replaces the database's data by a backup. Never while the server runs (it
 * holds the data directory). Asks nothing: first it saves what is there now as a pre-restore backup;
 * PGlite is rebuilt in a new directory that replaces the old one only once the restore succeeded, and on
 * PostgreSQL the rows are replaced in one transaction.
 */
const usage =
  'Usage: npm run restore -- FILE   (a file from DATA_DIR/backups, made by `npm run backup` or the daily backup)';

async function main() {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.length !== 1 || args[0].startsWith('-')) throw new Error(usage);
  const file = path.resolve(args[0]);
  const config = configFromEnv();
  if (!config.dataDir) throw new Error('DATA_DIR=memory keeps nothing on disk: there is nowhere to restore to.');
  const header = await readBackupHeader(file);
  const holder = lockHolder(config.dataDir);
  if (holder) {
    throw new Error(
      `The server is running (process ${holder.pid}, ${holder.command}, started ${holder.startedAt}): stop it first (Ctrl-C in its terminal, or \`kill ${holder.pid}\`), then restore.`,
    );
  }
  let lock;
  try {
    lock = lockDataDir(config.dataDir);
    if (lock.tookOver)
      console.log(
        `(took over the lock of process ${lock.tookOver.pid}, ${lock.tookOver.command}, which is no longer running)`,
      );
  } catch (e) {
    if (e instanceof DataDirLockedError)
      throw new Error(`The server started meanwhile (process ${e.holder.pid}): stop it first, then restore.`);
    throw e;
  }
  const dataDir = config.dataDir;
  try {
    console.log(
      `Restoring ${file} (made ${header.createdAt} on ${header.database}: ${header.summary.orders} orders) into ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(dataDir, 'pglite')}`}…`,
    );
    const pgliteDir = path.join(dataDir, 'pglite');
    const hasCurrent = config.databaseUrl ? true : fs.existsSync(path.join(pgliteDir, 'PG_VERSION'));
    let safetyKept = false;
    if (hasCurrent) {
      // What is there now, so that a restore of the wrong file can itself be undone.
      try {
        const db = await openDb({ databaseUrl: config.databaseUrl, dataDir });
        try {
          if (await isBackendDatabase(db)) {
            const r = await dumpDatabase(db, path.join(backupDir(dataDir), backupFileName('pre-restore')), { dataDir });
            console.log(`The data it replaces was saved first: ${describeBackup(r)}`);
            safetyKept = true;
          }
        } finally {
          await db.close();
        }
      } catch (e) {
        if (config.databaseUrl)
          throw new Error(`Could not save the current data before restoring: ${(e as Error).message}`);
        console.log(
          `The current PGlite data could not be read (${(e as Error).message}); its directory is kept next to the restored one.`,
        );
      }
    }
    let result;
    if (config.databaseUrl) {
      const db = await openDb({ databaseUrl: config.databaseUrl, dataDir });
      try {
        result = await restoreDatabase(db, file, config.supabaseDir, { dataDir });
      } finally {
        await db.close();
      }
    } else {
      const fresh = path.join(dataDir, 'pglite.restoring');
      fs.rmSync(fresh, { recursive: true, force: true });
      const db = await openPglite(fresh);
      try {
        result = await restoreDatabase(db, file, config.supabaseDir, { dataDir });
      } finally {
        await db.close();
      }
      if (fs.existsSync(pgliteDir)) {
        const old = `${pgliteDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        fs.renameSync(pgliteDir, old);
        fs.renameSync(fresh, pgliteDir);
        if (safetyKept) fs.rmSync(old, { recursive: true, force: true });
        else console.log(`The previous PGlite directory is kept as ${old}.`);
      } else fs.renameSync(fresh, pgliteDir);
    }
    const s = result.summary;
    const files = s.files ? ` and ${s.files} stored files (menu photos)` : '';
    console.log(
      `Restored: ${s.orders} orders, latest order ${s.latestOrder ?? '(none)'}; ${header.summary.rows} rows in ${header.summary.tables} tables${files} from the backup of ${header.createdAt}.`,
    );
    const newer = result.migrationsApplied.filter((v) => !header.migrations.includes(v));
    if (newer.length)
      console.log(
        `The backup is from an older version: its rows were loaded into this version's tables (migrations ${newer.join(', ')} added since).`,
      );
    console.log('Start the server again with `npm start`.');
  } finally {
    lock.release();
  }
}

main().catch((e) => {
  console.error(`Restore failed: ${(e as Error).message}`);
  process.exit(1);
});
