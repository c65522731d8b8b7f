import fs from 'node:fs';
import path from 'node:path';
import type { Db, Queryable } from '../db/types.js';

/**
 * Watches the disk under the data directory. A write that fails there (disk full, I/O error, read-only
 * or vanished mount) turns the backend "unhealthy": /health says why (to the service-role key; anyone
 * else gets the status alone), API writes answer 503 with that
 * reason instead of failing one by one with 500s, and the disk is tried again every few seconds until
 * it takes writes again. The check is a real write: a small file written, fsynced and removed in each
 * directory the backend writes to (the data directory and PGlite's own).
 */

/** errno codes and SQLSTATEs that mean the disk, not the request, is at fault. */
const DISK_ERRNOS = new Set([
  'ENOSPC',
  'EDQUOT',
  'EIO',
  'EROFS',
  'ENOTDIR',
  'ENOENT',
  'EACCES',
  'EPERM',
  'EFBIG',
  'ENXIO',
  'ESTALE',
]);
const DISK_SQLSTATES = new Set(['53100', '58030', '53000']);

export interface DiskProblem {
  code: string;
  message: string;
  path: string;
  since: string;
}

export interface DiskStatus {
  ok: boolean;
  dataDir: string;
  freeBytes: number | null;
  checkedAt: string | null;
  problem: DiskProblem | null;
}

const EXPLAIN: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EIO: 'the disk reports input/output errors',
  EROFS: 'the disk is read-only',
  ENOTDIR: 'the data directory is gone (a file stands where it should be)',
  ENOENT: 'the data directory is gone',
  EACCES: 'the data directory may not be written',
  EPERM: 'the data directory may not be written',
  LOW_SPACE: 'the disk is almost full',
};

function describe(code: string, detail: string): string {
  return `The data disk cannot be written: ${EXPLAIN[code] ?? 'writing failed'} (${detail}). Orders and other changes are refused until it works again; reads still work.`;
}

/** Whether an error (from fs or from either database) is the disk failing. */
export function isDiskError(e: unknown): e is { code: string; message: string } {
  if (!e || typeof e !== 'object') return false;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && (DISK_ERRNOS.has(code) || DISK_SQLSTATES.has(code))) return true;
  const message = String((e as { message?: unknown }).message ?? '');
  return /No space left on device|could not (write|extend|fsync) (to )?file|Read-only file system|Input\/output error/i.test(
    message,
  );
}

export interface DiskMonitor {
  status(): DiskStatus;
  /** Runs the write check now (also what the timer does). */
  check(): Promise<DiskStatus>;
  /** An error seen elsewhere: when it is a disk error, the backend is unhealthy at once and the disk rechecked soon. */
  report(e: unknown): void;
  /** The same database with every failing statement shown to `report`. */
  watch(db: Db): Db;
  stop(): void;
}

export interface DiskMonitorOptions {
  dataDir: string;
  /** More directories written to (PGlite's), checked when they exist. */
  extraDirs?: string[];
  /** Below this many free bytes the disk counts as failed (DISK_MIN_FREE_MB). */
  minFreeBytes: number;
  okIntervalMs: number;
  failingIntervalMs: number;
  log?: (line: string) => void;
}

const PROBE = '.disk-check';
const PROBE_BYTES = 64 * 1024;

export function createDiskMonitor(options: DiskMonitorOptions): DiskMonitor {
  const log = options.log ?? ((l: string) => console.error(l));
  let state: DiskStatus = { ok: true, dataDir: options.dataDir, freeBytes: null, checkedAt: null, problem: null };
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let running: Promise<DiskStatus> | null = null;

  function setProblem(code: string, detail: string, where: string) {
    const was = state.problem;
    const problem: DiskProblem = {
      code,
      message: describe(code, detail),
      path: where,
      since: was?.since ?? new Date().toISOString(),
    };
    state = { ...state, ok: false, problem };
    if (!was || was.code !== code)
      log(`[disk] ERROR: ${problem.message} Checking again every ${Math.round(options.failingIntervalMs / 1000)} s.`);
    schedule();
  }

  function probe(dir: string): void {
    const file = path.join(dir, PROBE);
    // O_EXCL after removing: a symlink planted under that name is never followed.
    fs.rmSync(file, { force: true });
    const fd = fs.openSync(file, 'wx', 0o600);
    try {
      fs.writeSync(fd, Buffer.alloc(PROBE_BYTES, 0x2e));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
      fs.rmSync(file, { force: true });
    }
  }

  async function runCheck(): Promise<DiskStatus> {
    const dirs = [options.dataDir, ...(options.extraDirs ?? []).filter((d) => fs.existsSync(d))];
    let free: number | null = null;
    for (const dir of dirs) {
      try {
        probe(dir);
      } catch (e) {
        const err = e as NodeJS.ErrnoException;
        setProblem(err.code ?? 'EIO', `${err.code ?? 'error'} writing ${path.join(dir, PROBE)}`, dir);
        return state;
      }
    }
    try {
      const s = fs.statfsSync(options.dataDir);
      free = Number(s.bavail) * Number(s.bsize);
    } catch {
      free = null;
    }
    state = { ...state, freeBytes: free, checkedAt: new Date().toISOString() };
    if (free !== null && free < options.minFreeBytes) {
      setProblem(
        'LOW_SPACE',
        `${Math.floor(free / 1048576)} MB free, at least ${Math.ceil(options.minFreeBytes / 1048576)} MB needed (DISK_MIN_FREE_MB)`,
        options.dataDir,
      );
      return state;
    }
    if (state.problem)
      log(`[disk] recovered: the data disk takes writes again (was failing since ${state.problem.since}).`);
    state = { ...state, ok: true, problem: null };
    schedule();
    return state;
  }

  function check(): Promise<DiskStatus> {
    running ??= runCheck().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule() {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void check(), state.ok ? options.okIntervalMs : options.failingIntervalMs);
    timer.unref();
  }

  function report(e: unknown) {
    if (!isDiskError(e)) return;
    const code = (e as { code: string }).code;
    setProblem(
      DISK_ERRNOS.has(code) ? code : code === '53100' ? 'ENOSPC' : 'EIO',
      String(e.message).slice(0, 300),
      options.dataDir,
    );
    void check();
  }

  schedule();
  return {
    status: () => state,
    check,
    report,
    watch: (db: Db) => observeDb(db, report),
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

/** The same database, with every failing statement shown to `onError` (then thrown as before). */
export function observeDb(db: Db, onError: (e: unknown) => void): Db {
  function watchQueryable<T extends Queryable>(q: T): T {
    return {
      ...q,
      query: async (sql: string, params?: unknown[]) => {
        try {
          return await q.query(sql, params);
        } catch (e) {
          onError(e);
          throw e;
        }
      },
      exec: async (sql: string) => {
        try {
          return await q.exec(sql);
        } catch (e) {
          onError(e);
          throw e;
        }
      },
    } as T;
  }
  const watched = watchQueryable(db);
  return Object.assign(Object.create(Object.getPrototypeOf(db) as object) as Db, db, {
    query: watched.query,
    exec: watched.exec,
    transaction: async <T>(fn: (tx: Queryable) => Promise<T>, opts?: Parameters<Db['transaction']>[1]) => {
      try {
        return await db.transaction((tx) => fn(watchQueryable(tx)), opts);
      } catch (e) {
        onError(e);
        throw e;
      }
    },
  });
}

/** A PGlite engine that stopped (closed, or its WebAssembly aborted): every later statement fails the same way. */
export function isEngineStopped(e: unknown): boolean {
  if (e instanceof WebAssembly.RuntimeError) return true;
  return /PGlite is closed|^Aborted\(|RuntimeError/.test(String((e as { message?: unknown } | null)?.message ?? ''));
}
