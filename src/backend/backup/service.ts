import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BackendConfig } from '../config.js';
import { isLoopbackHost } from '../config.js';
import type { Db } from '../db/types.js';
import type { DataDirLock } from '../db/lock.js';
import { sendJson, type RouteHandler } from '../http.js';
import type { JwtKeys } from '../jwt.js';
import { createDiskMonitor, isEngineStopped, observeDb, type DiskMonitor } from '../health/disk.js';
import { dumpDatabase, type BackupResult } from './dump.js';
import { backupDir, backupFileName, backupsToPrune, listBackups, type BackupKind } from './files.js';

/**
 * What keeps the restaurant's data safe while the server runs: the data directory's lock, the disk
 * watch (503 on API writes while the disk fails), the daily backups with their retention, GET /health,
 * and POST /_backup (how `npm run backup` makes a backup through the running server, which alone may
 * open a PGlite directory).
 */
export interface BackupSettings {
  auto: boolean;
  intervalMs: number;
  retryMs: number;
  firstDelayMs: number;
  keepDays: number;
  keepWeeks: number;
}

function num(v: string | undefined, fallback: number, name: string): number {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number ≥ 0, got "${v}"`);
  return n;
}

export function backupSettings(env: Record<string, string | undefined>): BackupSettings {
  return {
    auto: !['off', 'false', '0', 'no'].includes((env.BACKUP_AUTO ?? '').toLowerCase()),
    intervalMs: Math.max(num(env.BACKUP_INTERVAL_HOURS, 24, 'BACKUP_INTERVAL_HOURS') * 3_600_000, 1000),
    retryMs: Math.max(num(env.BACKUP_RETRY_MINUTES, 10, 'BACKUP_RETRY_MINUTES') * 60_000, 500),
    firstDelayMs: num(env.BACKUP_FIRST_DELAY_SECONDS, 30, 'BACKUP_FIRST_DELAY_SECONDS') * 1000,
    keepDays: Math.floor(num(env.BACKUP_KEEP_DAYS, 7, 'BACKUP_KEEP_DAYS')),
    keepWeeks: Math.floor(num(env.BACKUP_KEEP_WEEKS, 4, 'BACKUP_KEEP_WEEKS')),
  };
}

const WRITE_PREFIXES = new Set(['/rest/v1', '/auth/v1', '/functions/v1', '/storage/v1', '/_mailbox']);

export interface DataSafety {
  readonly disk: DiskMonitor | null;
  /** The database with disk errors reported to the disk watch. */
  watch(db: Db): Db;
  /** Called once the server listens. */
  start(db: Db, jwt: JwtKeys, port: number): void;
  routes(): [string, RouteHandler][];
  /** Answers 503 (and returns true) for an API write while the disk fails. */
  refuse(req: IncomingMessage, res: ServerResponse, prefix: string | undefined): boolean;
  backupNow(kind: BackupKind): Promise<BackupResult>;
  /** Stops the timers, waiting for a backup under way. */
  stop(): Promise<void>;
  release(): void;
}

function log(line: string) {
  console.log(line);
}

function mb(bytes: number): string {
  return bytes < 1048576 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1048576).toFixed(1)} MB`;
}

export function describeBackup(r: BackupResult): string {
  const latest = r.summary.latestOrder ? `, latest order ${r.summary.latestOrder}` : '';
  const files = r.summary.files ? `, ${r.summary.files} stored files` : '';
  return `${r.file} (${mb(r.bytes)}, ${r.summary.orders} orders${latest}, ${r.summary.rows} rows in ${r.summary.tables} tables${files}, ${r.ms} ms)`;
}

export function createDataSafety(config: BackendConfig, lock: DataDirLock | null): DataSafety {
  const settings = backupSettings(config.env);
  const dataDir = config.dataDir;
  const disk = dataDir
    ? createDiskMonitor({
        dataDir,
        extraDirs: config.databaseUrl ? [] : [path.join(dataDir, 'pglite')],
        minFreeBytes: num(config.env.DISK_MIN_FREE_MB, 32, 'DISK_MIN_FREE_MB') * 1048576,
        okIntervalMs: num(config.env.DISK_CHECK_SECONDS, 10, 'DISK_CHECK_SECONDS') * 1000,
        failingIntervalMs: num(config.env.DISK_RECHECK_SECONDS, 5, 'DISK_RECHECK_SECONDS') * 1000,
      })
    : null;
  let db: Db | null = null;
  let jwt: JwtKeys | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let nextAt: Date | null = null;
  let lastError: { message: string; at: string } | null = null;
  let lastDaily: { file: string; at: string } | null = null;
  // PGlite runs inside this process: once its engine stopped, nothing but a restart brings it back.
  let engineStopped: { message: string; since: string } | null = null;
  const onDbError = (e: unknown) => {
    disk?.report(e);
    if (!engineStopped && config.databaseUrl === null && isEngineStopped(e)) {
      engineStopped = { message: String((e as Error).message).slice(0, 300), since: new Date().toISOString() };
      console.error(
        `[database] !!! The database engine stopped (${engineStopped.message}). Every request now gets 503 until the server is restarted (Ctrl-C, then npm start); the data on disk is kept.`,
      );
    }
  };

  function backupNow(kind: BackupKind): Promise<BackupResult> {
    if (!dataDir) return Promise.reject(new Error('DATA_DIR=memory: there is no data directory to keep backups in.'));
    if (!db) return Promise.reject(new Error('The backend is still starting.'));
    const run = chain.then(async () => {
      try {
        return await dumpDatabase(db!, path.join(backupDir(dataDir), backupFileName(kind)), { dataDir });
      } catch (e) {
        disk?.report(e);
        throw e;
      }
    });
    chain = run.catch(() => {});
    return run;
  }

  function schedule(ms: number) {
    if (stopped || !settings.auto) return;
    if (timer) clearTimeout(timer);
    nextAt = new Date(Date.now() + ms);
    timer = setTimeout(() => void daily(), ms);
    timer.unref();
  }

  async function daily() {
    try {
      const r = await backupNow('daily');
      lastError = null;
      lastDaily = { file: r.file, at: new Date().toISOString() };
      log(`[backup] daily backup written: ${describeBackup(r)}`);
      const prune = backupsToPrune(listBackups(dataDir!), settings.keepDays, settings.keepWeeks);
      for (const b of prune) {
        try {
          fs.rmSync(b.file, { force: true });
          log(
            `[backup] removed old backup ${b.name} (keeping ${settings.keepDays} daily + ${settings.keepWeeks} weekly)`,
          );
        } catch (e) {
          console.error(`[backup] could not remove old backup ${b.name}: ${(e as Error).message}`);
        }
      }
      schedule(settings.intervalMs);
    } catch (e) {
      lastError = { message: (e as Error).message, at: new Date().toISOString() };
      console.error('');
      console.error(`[backup] !!! DAILY BACKUP FAILED: ${(e as Error).message}`);
      console.error(
        `[backup] !!! No new backup of the orders exists. Retrying in ${Math.round(settings.retryMs / 1000)} s; /health shows the error.`,
      );
      console.error('');
      schedule(settings.retryMs);
    }
  }

  async function health(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return sendJson(res, 405, { message: 'GET /health' }, { Allow: 'GET, HEAD' });
    let database: { kind: string; ok: boolean; error?: string };
    try {
      await Promise.race([
        db!.query('select 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('no answer within 5 s')), 5000).unref()),
      ]);
      database = { kind: db!.kind, ok: true };
    } catch (e) {
      database = { kind: db!.kind, ok: false, error: (e as Error).message };
    }
    const diskStatus = disk ? await disk.check() : null;
    const newest = dataDir ? listBackups(dataDir)[0] : undefined;
    const ok = database.ok && (diskStatus?.ok ?? true);
    const status = ok ? (lastError ? 'warning' : 'ok') : 'error';
    // Anyone may ask whether the backend is up; what it says about the machine (the data folder, its free
    // space, backup file names, error messages) is for the owner, who has the service-role key.
    if (!(await isServiceRole(req))) return sendJson(res, ok ? 200 : 503, { status }, { 'Cache-Control': 'no-store' });
    sendJson(
      res,
      ok ? 200 : 503,
      {
        status,
        message: engineStopped
          ? `The database engine stopped (${engineStopped.message}): restart the server.`
          : !database.ok
            ? `The database does not answer: ${database.error}`
            : diskStatus && !diskStatus.ok
              ? diskStatus.problem!.message
              : lastError
                ? `The last automatic backup failed: ${lastError.message}`
                : 'All good.',
        database,
        disk: diskStatus,
        backups: dataDir
          ? {
              dir: backupDir(dataDir),
              automatic: settings.auto,
              latest: newest ? { file: newest.file, at: newest.at.toISOString(), bytes: newest.bytes } : null,
              lastDaily,
              lastError,
              nextAt: nextAt?.toISOString() ?? null,
            }
          : null,
      },
      { 'Cache-Control': 'no-store' },
    );
  }

  async function isServiceRole(req: IncomingMessage): Promise<boolean> {
    const token = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    if (!token || !jwt) return false;
    try {
      return (await jwt.verify(token)).role === 'service_role';
    } catch {
      return false;
    }
  }

  async function backupRoute(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const headers = { 'Cache-Control': 'no-store' };
    if (req.method !== 'POST')
      return sendJson(res, 405, { message: 'POST /_backup makes a backup' }, { ...headers, Allow: 'POST' });
    // The command on this machine only, with the service-role key (which the data directory's owner has).
    if (!isLoopbackHost((req.socket.remoteAddress ?? '').replace(/^::ffff:/, '')))
      return sendJson(res, 403, { message: 'Backups are made from this machine only.' }, headers);
    const token = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    let role: string | null = null;
    try {
      role = (await jwt!.verify(token)).role;
    } catch {
      role = null;
    }
    if (role !== 'service_role') {
      return sendJson(res, 401, { message: 'POST /_backup needs the service-role key.' }, headers);
    }
    try {
      const r = await backupNow('manual');
      log(`[backup] backup written on request: ${describeBackup(r)}`);
      sendJson(res, 200, { file: r.file, bytes: r.bytes, ms: r.ms, summary: r.summary }, headers);
    } catch (e) {
      console.error(`[backup] !!! BACKUP FAILED: ${(e as Error).message}`);
      sendJson(
        res,
        disk && !disk.status().ok ? 503 : 500,
        { message: `The backup failed: ${(e as Error).message}` },
        headers,
      );
    }
  }

  return {
    disk,
    watch: (d) => observeDb(d, onDbError),
    start(d, keys, port) {
      db = d;
      jwt = keys;
      lock?.update({ port, host: config.host });
      if (!dataDir || !settings.auto) return;
      const newest = listBackups(dataDir).find((b) => b.kind === 'daily');
      if (newest) lastDaily = { file: newest.file, at: newest.at.toISOString() };
      const due = newest ? newest.at.getTime() + settings.intervalMs - Date.now() : 0;
      schedule(Math.max(due, settings.firstDelayMs));
    },
    routes: () => [
      ['/health', health],
      ['/_backup', backupRoute],
    ],
    refuse(req, res, prefix) {
      if (engineStopped && prefix && (WRITE_PREFIXES.has(prefix) || prefix === '/storage/v1')) {
        req.resume();
        const message = `The database engine stopped after an internal error (${engineStopped.message}); restart the server (Ctrl-C, then npm start). The data on disk is kept.`;
        const headers = { 'Cache-Control': 'no-store' };
        if (prefix === '/auth/v1')
          sendJson(res, 503, { code: 503, error_code: 'database_unavailable', msg: message }, headers);
        else
          sendJson(
            res,
            503,
            {
              code: 'DATABASE_STOPPED',
              message,
              details: `since ${engineStopped.since}`,
              hint: 'GET /health shows the state of the database.',
            },
            headers,
          );
        return true;
      }
      if (!disk || disk.status().ok || !prefix || !WRITE_PREFIXES.has(prefix)) return false;
      if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return false;
      const p = disk.status().problem!;
      req.resume();
      const headers = { 'Retry-After': '10', 'Cache-Control': 'no-store' };
      if (prefix === '/auth/v1')
        sendJson(res, 503, { code: 503, error_code: 'disk_unavailable', msg: p.message }, headers);
      else
        sendJson(
          res,
          503,
          {
            code: 'DISK_UNAVAILABLE',
            message: p.message,
            details: `${p.code} since ${p.since}`,
            hint: 'GET /health shows the state of the disk.',
          },
          headers,
        );
      return true;
    },
    backupNow,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      disk?.stop();
      await chain;
    },
    release() {
      lock?.release();
    },
  };
}
