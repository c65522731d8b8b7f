import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';

/** The local PostgreSQL cluster the tests run on, when this machine can restart it (Debian's pg_ctlcluster, as root). */
export function localCluster(): { version: string; name: string } | null {
  if (!fs.existsSync('/usr/bin/pg_ctlcluster') || !fs.existsSync('/etc/postgresql') || process.getuid?.() !== 0)
    return null;
  const version = fs.readdirSync('/etc/postgresql').sort().pop();
  if (!version || !fs.existsSync(`/etc/postgresql/${version}/main`)) return null;
  return { version, name: 'main' };
}

/** Asynchronous, so the clients in this process keep ordering during the restart. */
export async function restartCluster(c: { version: string; name: string }): Promise<void> {
  await promisify(execFile)('pg_ctlcluster', [c.version, c.name, 'restart']);
}

/** Starts the cluster again if a failed test left it down. */
export function ensureClusterUp(c: { version: string; name: string }): void {
  try {
    execFileSync('pg_ctlcluster', [c.version, c.name, 'status'], { stdio: 'ignore' });
  } catch {
    execFileSync('pg_ctlcluster', [c.version, c.name, 'start'], { stdio: 'ignore' });
  }
}
