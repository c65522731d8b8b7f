import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process at a time owns a data directory: two PGlite instances on one directory overwrite each
 * other's pages (a committed order vanished that way), and with DATABASE_URL the directory still holds
 * the JWT secret, the mailbox and the backups. The lock is a file created with O_EXCL naming its
 * holder; a lock whose process is gone (killed, power cut) is taken over.
 */
export const LOCK_FILE = 'backend.lock';

export interface LockInfo {
  pid: number;
  /** The holder's command line, e.g. `node …/tsx src/backend/cli/serve.ts`. */
  command: string;
  startedAt: string;
  hostname: string;
  /** Linux: the process's start time in clock ticks since boot (/proc/PID/stat field 22), to tell a reused pid. */
  procStart: string | null;
  /** Set by the server once it listens: where the backup command reaches it. */
  port?: number;
  host?: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo,
  ) {
    super(
      `The data directory ${dataDir} is in use by process ${holder.pid} (${holder.command}, started ${holder.startedAt}` +
        `${holder.port ? `, serving port ${holder.port}` : ''}). ` +
        'Only one backend may open it at a time: stop that process first (Ctrl-C in its terminal, or `kill ' +
        `${holder.pid}\`), or give this one another DATA_DIR.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function procStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function describeSelf(): LockInfo {
  return {
    pid: process.pid,
    command: [
      path.basename(process.argv[0]),
      ...process.argv
        .slice(1)
        .map((a) => (a.startsWith(process.cwd() + path.sep) ? path.relative(process.cwd(), a) : a)),
    ].join(' '),
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    hostname: os.hostname(),
    procStart: procStart(process.pid),
  };
}

// Lock files this process holds (by path), so a second backend in the same process is refused too.
const heldHere = new Set<string>();

/** Whether the process that wrote `info` still runs (on this machine; another host's lock is never taken over). */
function holderAlive(info: LockInfo, file: string): boolean {
  if (info.pid === -1) return false;
  if (info.hostname !== os.hostname()) return true;
  // Our own pid: held only if this very process took it (a container restart reuses low pids).
  if (info.pid === process.pid) return heldHere.has(file);
  try {
    process.kill(info.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  // The pid exists: it is the holder unless the pid was reused by a process started later.
  if (info.procStart !== null) {
    const now = procStart(info.pid);
    if (now !== null && now !== info.procStart) return false;
  }
  return true;
}

function readLock(file: string): LockInfo | null {
  try {
    const info = JSON.parse(fs.readFileSync(file, 'utf8')) as LockInfo;
    return typeof info.pid === 'number' ? info : null;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // Half-written (the holder died between create and write) or garbage: no live holder claims it.
    return { pid: -1, command: 'unreadable lock file', startedAt: '?', hostname: os.hostname(), procStart: null };
  }
}

/** The process holding the data directory, or null when nobody (alive) does. */
export function lockHolder(dataDir: string): LockInfo | null {
  const info = readLock(path.join(dataDir, LOCK_FILE));
  if (!info) return null;
  return holderAlive(info, path.join(dataDir, LOCK_FILE)) ? info : null;
}

export interface DataDirLock {
  readonly file: string;
  readonly info: LockInfo;
  /** A lock of a dead process that this one took over (for the log). */
  readonly tookOver: LockInfo | null;
  /** Records where the server listens (read by `npm run backup`). */
  update(extra: Partial<LockInfo>): void;
  release(): void;
}

function createExclusive(file: string, info: LockInfo): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx', 0o644);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
  try {
    fs.writeSync(fd, JSON.stringify(info, null, 2) + '\n');
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

/**
 * Takes the data directory's lock or throws DataDirLockedError naming the live holder. A stale lock
 * is removed only under a second O_EXCL file (`backend.lock.takeover`), so two processes that both
 * find the same stale lock cannot both remove it and end up each believing they hold a fresh one.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const takeover = `${file}.takeover`;
  const info = describeSelf();
  let tookOver: LockInfo | null = null;
  for (let attempt = 0; ; attempt++) {
    if (createExclusive(file, info)) break;
    const holder = readLock(file);
    if (holder === null) continue; // removed meanwhile: try again
    if (
      holder.pid === -1 &&
      attempt < 40 &&
      Date.now() - (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0) < 2000
    ) {
      // Just created, its holder is still writing it.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      continue;
    }
    if (holderAlive(holder, file)) throw new DataDirLockedError(dataDir, holder);
    if (attempt > 20)
      throw new Error(`Could not take the lock ${file} over (another process keeps taking it over at the same time).`);
    // Stale: take it over under the takeover file. A takeover file older than 10 s belongs to a process that died mid-takeover.
    try {
      if (Date.now() - fs.statSync(takeover).mtimeMs > 10_000) fs.rmSync(takeover, { force: true });
    } catch {
      /* no takeover file */
    }
    if (!createExclusive(takeover, info)) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      continue;
    }
    try {
      const again = readLock(file);
      // Still the same stale lock (and not a new live holder that won the race): remove it.
      if (again && again.pid === holder.pid && again.startedAt === holder.startedAt) {
        fs.rmSync(file, { force: true });
        tookOver = holder;
      }
    } finally {
      fs.rmSync(takeover, { force: true });
    }
  }
  heldHere.add(file);
  let current = info;
  let released = false;
  const onExit = () => release();
  function release() {
    if (released) return;
    released = true;
    process.off('exit', onExit);
    heldHere.delete(file);
    // Only remove the file while it is still ours.
    const now = readLock(file);
    if (now && now.pid === info.pid && now.startedAt === info.startedAt) fs.rmSync(file, { force: true });
  }
  process.on('exit', onExit);
  return {
    file,
    get info() {
      return current;
    },
    tookOver,
    update(extra) {
      current = { ...current, ...extra };
      const tmp = `${file}.${process.pid}.tmp`;
      fs.rmSync(tmp, { force: true });
      fs.writeFileSync(tmp, JSON.stringify(current, null, 2) + '\n', { flag: 'wx', mode: 0o644 });
      fs.renameSync(tmp, file);
    },
    release,
  };
}
