import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestBackend, type TestBackend } from '../helpers/backend.js';
import { shopOrder } from '../reliability/support/orders.js';
import { listBackups } from '../../src/backend/backup/files.js';

/**
 * A failing data disk, for real: a small tmpfs filled to the last byte (the kernel answers ENOSPC), and
 * the data directory taken away with a file in its place (ENOTDIR, as when a disk is unmounted). The
 * backend must say so on /health, answer 503 with the reason to API writes (not a 500 per request), keep
 * serving reads, and recover by itself once the disk works again. The daily backup fails loudly while
 * its folder cannot be written, and is retried until it succeeds.
 */
describe('a failing data disk (PGlite)', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'disk-'));
  const mount = path.join(root, 'mnt');
  let tmpfs = false;
  let dataDir = '';
  let b: TestBackend;
  const errors: string[] = [];
  let spy: ReturnType<typeof vi.spyOn> | null = null;

  const health = async () => {
    // The details are the owner's (service-role key); the public answer is the status alone.
    const r = await fetch(`${b.url}/health`, { headers: { authorization: `Bearer ${b.serviceRoleKey}` } });
    return {
      status: r.status,
      body: (await r.json()) as {
        status: string;
        message: string;
        disk: { ok: boolean; problem: { code: string } | null };
        backups: { lastError: { message: string } | null };
      },
    };
  };
  const placeOrder = (n: number) => b.client().rpc('place_order', { p_order: shopOrder('disk', n) });
  const until = async (what: () => Promise<boolean>, ms: number, label: string) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (await what()) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`${label} did not happen within ${ms} ms`);
  };

  beforeAll(async () => {
    fs.mkdirSync(mount);
    // Root in a container may mount a tmpfs; elsewhere the ENOTDIR half still runs on the plain disk.
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=160m', 'tmpfs', mount], { stdio: 'ignore' });
      tmpfs = true;
    } catch {
      console.log('  no tmpfs mount here (not root): the disk-full half uses the ENOTDIR case only');
    }
    dataDir = path.join(mount, 'data');
    fs.mkdirSync(dataDir);
    // The backups folder is taken by a file: the first daily backup must fail, loudly, and be retried.
    fs.writeFileSync(path.join(dataDir, 'backups'), 'not a folder');
    spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      errors.push(args.map(String).join(' '));
    });
    b = await startTestBackend('pglite', {
      dataDir,
      env: {
        BACKUP_FIRST_DELAY_SECONDS: '0',
        BACKUP_RETRY_MINUTES: '0.02',
        DISK_RECHECK_SECONDS: '0.5',
        DISK_MIN_FREE_MB: '1',
      },
    });
  }, 300_000);

  afterAll(async () => {
    await b?.close();
    spy?.mockRestore();
    if (tmpfs) execFileSync('umount', ['-l', mount], { stdio: 'ignore' });
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('a daily backup that cannot be written is logged loudly, shown on /health, and retried until it works', async () => {
    await until(async () => errors.some((e) => e.includes('DAILY BACKUP FAILED')), 30_000, 'the failed backup message');
    expect(errors.find((e) => e.includes('DAILY BACKUP FAILED'))).toMatch(/ENOTDIR|EEXIST|not a directory/i);
    expect(errors.some((e) => /Retrying in \d+ s/.test(e))).toBe(true);
    const h = await health();
    expect(h.status).toBe(200);
    expect(h.body.status).toBe('warning');
    expect(h.body.backups.lastError?.message).toBeTruthy();
    const anonymous = await fetch(`${b.url}/health`, { headers: { authorization: `Bearer ${b.anonKey}` } });
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toEqual({ status: 'warning' });
    fs.rmSync(path.join(dataDir, 'backups'));
    await until(async () => listBackups(dataDir).some((f) => f.kind === 'daily'), 30_000, 'the retried daily backup');
    await until(async () => (await health()).body.status === 'ok', 10_000, 'health back to ok');
  }, 120_000);

  it('a full disk turns into a 503 with the reason on API writes and on /health, and it recovers by itself', async () => {
    expect((await placeOrder(1)).error).toBeNull();
    if (!tmpfs) return;
    // Fill the tmpfs to the last byte: the kernel itself answers ENOSPC.
    const filler = path.join(mount, 'filler');
    const fd = fs.openSync(filler, 'w');
    const chunk = Buffer.alloc(1 << 20, 1);
    let full = false;
    try {
      for (let i = 0; i < 400 && !full; i++) {
        try {
          fs.writeSync(fd, chunk);
        } catch (e) {
          expect((e as NodeJS.ErrnoException).code).toBe('ENOSPC');
          full = true;
        }
      }
      // The last partial pages.
      for (let size = 65536; size >= 1; size >>= 1) {
        try {
          while (true) fs.writeSync(fd, chunk.subarray(0, size));
        } catch {
          /* this size no longer fits */
        }
      }
    } finally {
      fs.closeSync(fd);
    }
    expect(full).toBe(true);

    // A write reports it at once (the write check runs on the request's failure or on its own timer).
    await until(async () => (await health()).status === 503, 15_000, '/health 503');
    const h = await health();
    expect(h.body.status).toBe('error');
    expect(h.body.disk.problem?.code).toBe('ENOSPC');
    expect(h.body.message).toContain('the disk is full');
    const refused = await placeOrder(2);
    expect(refused.status).toBe(503);
    expect(refused.error?.message).toContain('The data disk cannot be written: the disk is full');
    // Auth writes too, in GoTrue's error shape (supabase-js treats a 503 as retryable).
    const signUp = await b.client().auth.signUp({ email: 'disk@example.lu', password: 'secret-password-1' });
    expect(signUp.error?.status).toBe(503);
    const raw = await fetch(`${b.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: b.anonKey, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(raw.status).toBe(503);
    expect(raw.headers.get('retry-after')).toBe('10');
    expect((await raw.json()) as { error_code: string; msg: string }).toMatchObject({
      error_code: 'disk_unavailable',
      msg: expect.stringContaining('the disk is full'),
    });
    // Reads still work.
    const menu = await b.client().from('menu_items').select('id').limit(1);
    expect(menu.error).toBeNull();
    expect(errors.some((e) => e.includes('[disk] ERROR: The data disk cannot be written: the disk is full'))).toBe(
      true,
    );

    fs.rmSync(filler);
    await until(async () => (await health()).status === 200, 15_000, 'recovery');
    expect(errors.some((e) => e.includes('[disk] recovered'))).toBe(true);
    expect((await placeOrder(3)).error).toBeNull();
  }, 120_000);

  it('a data directory that vanished (a file where it was) is the same: 503, then back when it returns', async () => {
    const away = `${dataDir}.away`;
    fs.renameSync(dataDir, away);
    fs.writeFileSync(dataDir, 'the disk is gone');
    try {
      await until(async () => (await health()).status === 503, 15_000, '/health 503');
      expect((await health()).body.disk.problem?.code).toBe('ENOTDIR');
      const refused = await placeOrder(4);
      expect(refused.status).toBe(503);
      expect(refused.error?.message).toContain('the data directory is gone');
      // A photo upload too (its bytes would go to DATA_DIR/storage).
      const upload = await b
        .serviceClient()
        .storage.from('menu-images')
        .upload('items/disk.png', new Blob([Buffer.from('x')], { type: 'image/png' }));
      expect(upload.error).toBeTruthy();
      const rawUpload = await fetch(`${b.url}/storage/v1/object/menu-images/items/disk.png`, {
        method: 'POST',
        headers: { authorization: `Bearer ${b.serviceRoleKey}`, 'content-type': 'image/png' },
        body: 'x',
      });
      expect(rawUpload.status).toBe(503);
      // A backup asked for meanwhile fails with the reason instead of leaving half a file.
      const backup = await fetch(`${b.url}/_backup`, {
        method: 'POST',
        headers: { authorization: `Bearer ${b.serviceRoleKey}` },
      });
      expect(backup.status).toBe(503);
    } finally {
      fs.rmSync(dataDir);
      fs.renameSync(away, dataDir);
    }
    await until(async () => (await health()).status === 200, 15_000, 'recovery');
    expect((await placeOrder(5)).error).toBeNull();
    const { data } = await b.serviceClient().from('orders').select('notes').like('notes', 'disk#%');
    expect((data ?? []).map((o) => o.notes).sort()).toEqual(
      tmpfs ? ['disk#1', 'disk#3', 'disk#5'] : ['disk#1', 'disk#5'],
    );
  }, 120_000);

  it('POST /_backup answers only the service-role key', async () => {
    const anon = await fetch(`${b.url}/_backup`, { method: 'POST', headers: { authorization: `Bearer ${b.anonKey}` } });
    expect(anon.status).toBe(401);
    const none = await fetch(`${b.url}/_backup`, { method: 'POST' });
    expect(none.status).toBe(401);
    const ok = await fetch(`${b.url}/_backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${b.serviceRoleKey}` },
    });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { file: string; summary: { orders: number } };
    expect(path.dirname(body.file)).toBe(path.join(dataDir, 'backups'));
    expect(body.summary.orders).toBe(tmpfs ? 3 : 2);
  }, 60_000);

  it('a database engine that stopped answers 503 with what to do, not a 500 per request (last: it stops the engine)', async () => {
    // The PGlite engine of this process goes away for real (as after a WebAssembly abort): every statement fails.
    await b.db.close();
    const first = await b.client().from('menu_items').select('id').limit(1);
    expect(first.status).toBeGreaterThanOrEqual(500);
    const h = await health();
    expect(h.status).toBe(503);
    expect(h.body.message).toContain('The database engine stopped');
    for (const attempt of [() => b.client().from('menu_items').select('id').limit(1), () => placeOrder(6)]) {
      const r = await attempt();
      expect(r.status).toBe(503);
      expect(r.error?.message).toContain('restart the server (Ctrl-C, then npm start)');
    }
    expect(errors.some((e) => e.includes('[database] !!! The database engine stopped'))).toBe(true);
  }, 60_000);
});
