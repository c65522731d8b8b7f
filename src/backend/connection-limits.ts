import fs from 'node:fs';
import type { Server } from 'node:http';
import { isLoopbackHost } from './config.js';

/** The soft limit of open files of this process (Linux), or null where it cannot be read. */
export function openFilesLimit(limitsFile = '/proc/self/limits'): number | null {
  try {
    const m = /^Max open files\s+(\d+)/m.exec(fs.readFileSync(limitsFile, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/**
 * Open sockets the server accepts at once. Each socket is a file descriptor: idle connections beyond the
 * process's open-files limit (1024 on many systems) made every accept and every file write fail with EMFILE,
 * orders and the daily backup included. Three fifths of the limit leaves the rest to the database files,
 * backups and outgoing connections.
 */
export function defaultMaxConnections(limit = openFilesLimit()): number {
  return limit === null ? 1000 : Math.max(64, Math.floor(limit * 0.6));
}

function positive(value: string | undefined, fallback: number): number {
  const n = value === undefined || value === '' ? NaN : Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * Caps open sockets: MAX_CONNECTIONS in all (Node closes any socket over it at once), and
 * MAX_CONNECTIONS_PER_IP from one client address, so one machine cannot take them all. Loopback is not
 * counted per address, nor is anyone behind a trusted proxy (the socket is then the proxy's).
 */
export function limitConnections(
  server: Server,
  env: Record<string, string | undefined>,
  trustProxy: boolean,
): { maxTotal: number; maxPerAddress: number } {
  const maxTotal = positive(env.MAX_CONNECTIONS, defaultMaxConnections());
  const maxPerAddress = positive(env.MAX_CONNECTIONS_PER_IP, 200);
  server.maxConnections = maxTotal;
  const perAddress = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = (socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    if (trustProxy || address === '' || isLoopbackHost(address)) return;
    const open = (perAddress.get(address) ?? 0) + 1;
    if (open > maxPerAddress) {
      socket.destroy();
      return;
    }
    perAddress.set(address, open);
    socket.once('close', () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left <= 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
  });
  return { maxTotal, maxPerAddress };
}
