import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, testDatabases } from '../helpers/backend.js';
import { freePort, spawnBackend, type ChildBackend } from '../reliability/support/child-backend.js';
import { shopOrder, supabase } from '../reliability/support/orders.js';
import { DataDirLockedError, LOCK_FILE, lockDataDir, lockHolder } from '../../src/backend/db/lock.js';
import { backupsToPrune, listBackups, type BackupFile } from '../../src/backend/backup/files.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const JWT_SECRET = 'backup-test-secret-with-at-least-32-characters';
// A 1×1 PNG: a menu photo, stored as a file under DATA_DIR/storage.
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Runs one of the backend's commands as the owner would (`npm run X` runs exactly this), to its end. */
function command(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/backend/cli/${script}.ts`, ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('close', (code) => resolve({ code, output }));
  });
}

interface OrderRow {
  id: string;
  customer_name: string;
  order_items: unknown[];
  grand_total: string | number;
  created_at: string;
  notes: string;
}

describe.each(testDatabases())('backups and the data directory lock on %s', (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `backup-${kind}-`));
  let scratch: { url: string; drop(): Promise<void> } | null = null;
  let server: ChildBackend | null = null;
  let port = 0;
  let env: NodeJS.ProcessEnv = {};
  const tag = `backup-${kind}-${Date.now()}`;
  const start = () =>
    spawnBackend(
      { dataDir, databaseUrl: scratch?.url ?? null, port, jwtSecret: JWT_SECRET, env: { BACKUP_AUTO: 'off' } },
      240_000,
    );
  const orders = async (b: ChildBackend): Promise<OrderRow[]> => {
    const { data, error } = await supabase(b.url, b.keys.serviceRoleKey)
      .from('orders')
      .select('id, customer_name, order_items, grand_total, created_at, notes')
      .like('notes', `${tag}%`)
      .order('created_at');
    expect(error).toBeNull();
    return data as OrderRow[];
  };

  beforeAll(async () => {
    if (kind === 'postgres') scratch = await createScratchDatabase('backup');
    port = await freePort();
    env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: scratch?.url ?? '',
      JWT_SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      DISPATCH: 'off',
    };
    server = await start();
  }, 300_000);

  afterAll(async () => {
    await server?.kill('SIGTERM');
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a second backend on the same data directory exits at once, naming the process that holds it', async () => {
    const second = await command('serve', [], { ...env, PORT: String(await freePort()) });
    expect(second.code).toBe(1);
    expect(second.output).toContain(`is in use by process ${server!.process.pid} (node `);
    expect(second.output).toMatch(/serve\.ts, started \d{4}-\d\d-\d\dT/);
    expect(second.output).toContain('stop that process first');
    // The first one still serves and still holds the lock.
    expect((await fetch(`${server!.url}/health`)).status).toBe(200);
    expect(lockHolder(dataDir)?.pid).toBe(server!.process.pid);
  }, 120_000);

  it('create-admin uses the server that holds the data (found through the lock, whatever PORT says); a frozen one makes it stop, never open the data a second time', async () => {
    const other = { ...env, PORT: String(await freePort()) };
    const ok = await command('create-admin', ['gerente@example.lu'], other);
    expect(ok.code, ok.output).toBe(0);
    expect(ok.output).toContain('Using the running embedded backend.');
    // The original data loss: the server too slow to answer, and create-admin opened the PGlite directory itself.
    process.kill(server!.process.pid!, 'SIGSTOP');
    try {
      const frozen = await command('create-admin', ['patrao@example.lu'], other);
      expect(frozen.code).toBe(1);
      expect(frozen.output).toContain(`is in use by process ${server!.process.pid}`);
      expect(frozen.output).not.toContain('Using the embedded backend data directly');
    } finally {
      process.kill(server!.process.pid!, 'SIGCONT');
    }
    expect((await fetch(`${server!.url}/health`)).status).toBe(200);
  }, 180_000);

  it('backs up while the server runs, refuses to restore under it, and a restore after a wipe brings the same orders back', async () => {
    const shop = supabase(server!.url, server!.keys.anonKey);
    for (let n = 1; n <= 3; n++) {
      const { error } = await shop.rpc('place_order', { p_order: shopOrder(tag, n) });
      expect(error).toBeNull();
    }
    const before = await orders(server!);
    expect(before).toHaveLength(3);
    const photo = await supabase(server!.url, server!.keys.serviceRoleKey)
      .storage.from('menu-images')
      .upload(`items/${tag}.png`, new Blob([PHOTO], { type: 'image/png' }));
    expect(photo.error).toBeNull();

    // The server makes the backup (the command never opens the PGlite directory itself).
    const backup = await command('backup', [], env);
    expect(backup.output).toContain(`The server (process ${server!.process.pid}) is running`);
    expect(backup.code, backup.output).toBe(0);
    const file = backup.output.match(/Backup written: (\S+\.json\.gz)/)?.[1];
    expect(file).toBeTruthy();
    expect(path.dirname(file!)).toBe(path.join(dataDir, 'backups'));
    expect(backup.output).toContain('1 stored files');
    expect(path.basename(file!)).toMatch(/^backup-manual-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.json\.gz$/);

    const refused = await command('restore', [file!], env);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`The server is running (process ${server!.process.pid}`);
    expect(await orders(server!)).toHaveLength(3);

    // An order after the backup, then the server dies without releasing its lock.
    expect((await shop.rpc('place_order', { p_order: shopOrder(`${tag}-late`, 4) })).error).toBeNull();
    const deadPid = server!.process.pid!;
    await server!.kill('SIGKILL');
    server = null;
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(deadPid);

    // Wipe the database and the stored files.
    fs.rmSync(path.join(dataDir, 'storage'), { recursive: true, force: true });
    if (kind === 'pglite') fs.rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true });
    else {
      const c = new pg.Client({ connectionString: scratch!.url });
      await c.connect();
      await c.query(
        // Everything the backend's database holds: its schemas (realtime's policies are the migrations' too).
        'drop schema public cascade; create schema public; drop schema auth cascade; drop schema realtime cascade; drop schema supabase_migrations cascade',
      );
      await c.end();
    }

    const restored = await command('restore', [file!], env);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain(`took over the lock of process ${deadPid}`);
    const latest = new Date(before[2].created_at).toISOString();
    expect(restored.output).toContain(`Restored: 3 orders, latest order ${latest}`);

    server = await start();
    const after = await orders(server);
    const shape = (o: OrderRow) => [
      o.id,
      o.customer_name,
      o.order_items,
      Number(o.grand_total),
      new Date(o.created_at).toISOString(),
      o.notes,
    ];
    expect(after.map(shape)).toEqual(before.map(shape));
    expect(after.every((o) => Number(o.grand_total) > 0)).toBe(true);
    expect(restored.output).toContain('and 1 stored files (menu photos)');
    const served = await fetch(`${server.url}/storage/v1/object/public/menu-images/items/${tag}.png`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PHOTO)).toBe(true);
    // The shop keeps taking orders on the restored data.
    const { error } = await supabase(server.url, server.keys.anonKey).rpc('place_order', {
      p_order: shopOrder(tag, 5),
    });
    expect(error).toBeNull();
    expect(await orders(server)).toHaveLength(4);
  }, 900_000);

  it('backs up by itself when no server runs (after a clean stop, which leaves no lock behind)', async () => {
    await server!.kill('SIGTERM');
    server = null;
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const backup = await command('backup', [], env);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain('Backing up');
    expect(backup.output).toMatch(/Backup written: \S+ \([\d.]+ [KM]B, 4 orders, latest order /);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 300_000);
});

describe('the data directory lock', () => {
  const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
  const deadPid = async () => {
    const child = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => child.once('exit', r));
    return child.pid!;
  };

  it('takes over the lock of a process that is gone, and refuses while a live one holds it', async () => {
    const d = dir();
    const pid = await deadPid();
    fs.writeFileSync(
      path.join(d, LOCK_FILE),
      JSON.stringify({
        pid,
        command: 'node serve.ts',
        startedAt: '2026-01-01T00:00:00.000Z',
        hostname: os.hostname(),
        procStart: null,
      }),
    );
    const lock = lockDataDir(d);
    expect(lock.tookOver?.pid).toBe(pid);
    expect(JSON.parse(fs.readFileSync(path.join(d, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    // A second backend in this same process is refused too.
    expect(() => lockDataDir(d)).toThrow(DataDirLockedError);
    lock.release();
    expect(fs.existsSync(path.join(d, LOCK_FILE))).toBe(false);

    // A live process (here: a sleeping child) holds it: refused with its pid.
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const stat = fs.readFileSync(`/proc/${sleeper.pid}/stat`, 'utf8');
      const procStart = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
      fs.writeFileSync(
        path.join(d, LOCK_FILE),
        JSON.stringify({
          pid: sleeper.pid,
          command: 'node sleeper',
          startedAt: 'x',
          hostname: os.hostname(),
          procStart,
        }),
      );
      expect(() => lockDataDir(d)).toThrow(`in use by process ${sleeper.pid} (node sleeper`);
      // The same pid, but a process started at another time (the pid was reused): stale.
      fs.writeFileSync(
        path.join(d, LOCK_FILE),
        JSON.stringify({ pid: sleeper.pid, command: 'old', startedAt: 'y', hostname: os.hostname(), procStart: '1' }),
      );
      const again = lockDataDir(d);
      expect(again.tookOver?.command).toBe('old');
      again.release();
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('of ten processes racing for one stale lock, exactly one gets it', async () => {
    const d = dir();
    fs.writeFileSync(
      path.join(d, LOCK_FILE),
      JSON.stringify({
        pid: await deadPid(),
        command: 'dead',
        startedAt: 'z',
        hostname: os.hostname(),
        procStart: null,
      }),
    );
    // Each process loads first, then all try at the same moment (when the file "go" appears) and keep what they got.
    const go = path.join(d, 'go');
    const script = `import fs from 'node:fs'; import { lockDataDir } from './src/backend/db/lock.ts';
      console.log('READY');
      while (!fs.existsSync(process.argv[2])) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
      try { lockDataDir(process.argv[1]); console.log('GOT'); } catch (e) { console.log('REFUSED ' + e.message); }
      setTimeout(() => {}, 60000);`;
    const children = Array.from({ length: 10 }, () =>
      spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, d, go], { cwd: ROOT }),
    );
    const lines = children.map((c) => {
      let out = '';
      const waiters: (() => void)[] = [];
      c.stdout.on('data', (b: Buffer) => {
        out += b.toString();
        for (const w of waiters) w();
      });
      return (re: RegExp) =>
        new Promise<string>((resolve) => {
          const check = () => {
            const m = out.match(re);
            if (m) resolve(m[0]);
          };
          waiters.push(check);
          check();
        });
    });
    let results: string[];
    try {
      await Promise.all(lines.map((l) => l(/READY/)));
      fs.writeFileSync(go, '');
      results = await Promise.all(lines.map((l) => l(/(GOT|REFUSED .*)\n/)));
    } finally {
      for (const c of children) c.kill('SIGKILL');
    }
    results = results.map((r) => r.trim());
    expect(
      results.filter((r) => r === 'GOT'),
      results.join('\n'),
    ).toHaveLength(1);
    expect(results.filter((r) => r.startsWith('REFUSED The data directory'))).toHaveLength(9);
  }, 120_000);
});

describe('backup retention', () => {
  it('keeps the newest 7 daily backups and one a week for 4 more weeks; backups made by hand stay', () => {
    const day = 86_400_000;
    const start = Date.parse('2026-11-25T03:00:00Z');
    const daily: BackupFile[] = Array.from({ length: 40 }, (_, i) => ({
      file: `d${i}`,
      name: `d${i}`,
      kind: 'daily',
      at: new Date(start - i * day),
      bytes: 1,
    }));
    const manual: BackupFile[] = [{ file: 'm', name: 'm', kind: 'manual', at: new Date(start - 100 * day), bytes: 1 }];
    const pruned = new Set(backupsToPrune([...daily, ...manual], 7, 4).map((b) => b.name));
    const kept = daily.filter((b) => !pruned.has(b.name)).map((b) => b.at.toISOString().slice(0, 10));
    // 25 Nov 2026 is a Wednesday: the last 7 days reach into the week of Monday 16 November; then the Sunday
    // (newest day) of the four weeks before it.
    expect(kept).toEqual([
      '2026-11-25',
      '2026-11-24',
      '2026-11-23',
      '2026-11-22',
      '2026-11-21',
      '2026-11-20',
      '2026-11-19',
      '2026-11-15',
      '2026-11-08',
      '2026-11-01',
      '2026-10-25',
    ]);
    expect(pruned.has('m')).toBe(false);
    expect(listBackups(fs.mkdtempSync(path.join(os.tmpdir(), 'nobackups-')))).toEqual([]);
  });
});
