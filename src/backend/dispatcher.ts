import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './db/types.js';

/**
 * Runs the `dispatch-notifications` Edge Function whenever the outbox signals a new message (LISTEN) and
 * every `intervalMs` (retries come due and a signal can be missed). One run at a time: a signal during a
 * run schedules exactly one more run. On hosted Supabase pg_cron calls the same function instead.
 */
export interface Dispatcher {
  /** Asks for a run (joins the pending one when a run is already going). */
  wake(): void;
  /** Resolves when no run is going or pending. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export interface DispatcherOptions {
  db: Db;
  /** Base URL of this backend's own functions runtime, e.g. http://127.0.0.1:54321. */
  baseUrl: string;
  serviceRoleKey: string;
  intervalMs: number;
  log?: (message: string) => void;
  /** How long stop() lets a run under way finish before cutting it off (default 3 s). */
  stopGraceMs?: number;
}

export const FUNCTION_NAME = 'dispatch-notifications';

/** DISPATCH=off disables it (tests that drive the outbox by hand); DISPATCH_INTERVAL_MS sets the poll. */
export function dispatcherSettings(
  env: Record<string, string | undefined>,
  supabaseDir: string,
): { enabled: boolean; intervalMs: number } {
  const off = ['off', '0', 'false', 'no'].includes((env.DISPATCH ?? '').trim().toLowerCase());
  const present = fs.existsSync(path.join(supabaseDir, 'functions', FUNCTION_NAME, 'index.ts'));
  const intervalMs = env.DISPATCH_INTERVAL_MS ? Number(env.DISPATCH_INTERVAL_MS) : 5000;
  if (!Number.isFinite(intervalMs) || intervalMs < 100)
    throw new Error(`DISPATCH_INTERVAL_MS must be at least 100, got "${env.DISPATCH_INTERVAL_MS}"`);
  return { enabled: !off && present, intervalMs };
}

export function loopbackUrl(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return `http://127.0.0.1:${port}`;
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

const STOP_GRACE_MS = 3000;

export async function startDispatcher(options: DispatcherOptions): Promise<Dispatcher> {
  const {
    db,
    baseUrl,
    serviceRoleKey,
    intervalMs,
    log = (m) => console.error(`[dispatcher] ${m}`),
    stopGraceMs = STOP_GRACE_MS,
  } = options;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let lastProblem = '';
  const inFlight = new AbortController();

  async function runOnce(): Promise<boolean> {
    const res = await fetch(`${baseUrl}/functions/v1/${FUNCTION_NAME}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${serviceRoleKey}`,
        apikey: serviceRoleKey,
        'Content-Type': 'application/json',
      },
      body: '{}',
      signal: inFlight.signal,
    });
    const body = (await res.json().catch(() => ({}))) as {
      error?: string;
      more?: boolean;
      failed?: number;
      results?: { ok: boolean; error?: string }[];
    };
    if (!res.ok) throw new Error(`HTTP ${res.status} ${body.error ?? ''}`.trim());
    const problem = body.results?.find((r) => !r.ok)?.error ?? '';
    if (problem && problem !== lastProblem) log(`${body.failed} message(s) not delivered, will retry: ${problem}`);
    lastProblem = problem;
    return body.more === true;
  }

  async function loop(): Promise<void> {
    do {
      again = false;
      try {
        if (await runOnce()) again = true;
      } catch (e) {
        if (stopped) return;
        const problem = (e as Error).message;
        if (problem !== lastProblem) log(`run failed: ${problem}`);
        lastProblem = problem;
      }
    } while (again && !stopped);
  }

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = loop().finally(() => {
      running = null;
    });
  }

  const unlisten = await db.listen('notification_outbox', () => wake());
  const timer = setInterval(wake, intervalMs);
  timer.unref();
  wake();

  return {
    wake,
    async idle() {
      while (running) await running;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      await unlisten().catch(() => {});
      // A run under way finishes first (a few seconds at most): cut off, it would fail against a closing server.
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([running?.catch(() => {}), new Promise((r) => (grace = setTimeout(r, stopGraceMs)))]);
      clearTimeout(grace);
      inFlight.abort();
      await running?.catch(() => {});
    },
  };
}
