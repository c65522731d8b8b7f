import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { createJwtKeys, type JwtKeys } from '../../../src/backend/jwt.js';
import { relaxProductRateLimits } from '../../helpers/rate-limits.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');

export interface BackendSpec {
  /** PGlite data directory (kept across restarts), or null with a PostgreSQL databaseUrl. */
  dataDir: string | null;
  databaseUrl: string | null;
  port: number;
  jwtSecret: string;
  env?: Record<string, string>;
  /** Called with the process as soon as it exists (to kill it before it has finished starting). */
  onSpawn?: (child: ChildProcess) => void;
}

/** The embedded backend as its own process (`src/backend/cli/serve.ts`), so it can be SIGKILLed. */
export interface ChildBackend {
  url: string;
  keys: JwtKeys;
  process: ChildProcess;
  /** Everything the process printed (for failure messages). */
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function spawnBackend(spec: BackendSpec, startTimeoutMs = 120_000): Promise<ChildBackend> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(spec.port),
    HOST: '127.0.0.1',
    JWT_SECRET: spec.jwtSecret,
    DATA_DIR: spec.dataDir ?? 'memory',
    DATABASE_URL: spec.databaseUrl ?? '',
    DISPATCH: 'off',
    ...spec.env,
  };
  // BACKEND_CPU_PROF=<dir>: V8 CPU profiles of the backend's threads (PGlite's engine thread included), written
  // there when it stops (a profile of bench:load's server, for instance).
  const profile = process.env.BACKEND_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BACKEND_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/backend/cli/serve.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  spec.onSpawn?.(child);
  let log = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdout!.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  const url = `http://127.0.0.1:${spec.port}`;
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`backend did not start in ${startTimeoutMs} ms:\n${log}`)),
      startTimeoutMs,
    );
    const check = () => {
      if (log.includes('Press Ctrl-C')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`backend exited (${code ?? signal}) while starting:\n${log}`));
    });
  });
  const keys = await createJwtKeys(spec.jwtSecret);
  try {
    await ready;
    await relaxProductRateLimits(url, keys.serviceRoleKey);
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
  return {
    url,
    keys,
    process: child,
    output: () => log,
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
