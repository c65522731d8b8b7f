import type { Db } from '../db/types.js';

/**
 * The privacy page's retention rules (public.apply_retention, supabase/migrations/…_gdpr.sql), run by the
 * embedded backend once a day: contact data 3 years after the last exchange, inactive accounts likewise,
 * order data 10 years. Hosted Supabase runs the same function from pg_cron. See docs/PRIVACY.md.
 */
export interface RetentionSettings {
  auto: boolean;
  intervalMs: number;
  firstDelayMs: number;
  retryMs: number;
}

export interface RetentionResult {
  orders: number;
  reservations: number;
  challenge_registrations: number;
  accounts_deleted: number;
  orders_deleted: number;
  cutoff: string;
}

/**
 * A timer cannot wait longer than 2^31 - 1 ms (24.8 days): Node fires a longer one after 1 ms, which would
 * run the rules in a loop. Each setting is bounded below that, in its own unit.
 */
function num(v: string | undefined, fallback: number, name: string, max: number): number {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0 || n > max) throw new Error(`${name} must be a number from 0 to ${max}, got "${v}"`);
  return n;
}

export function retentionSettings(env: Record<string, string | undefined>): RetentionSettings {
  return {
    auto: !['off', 'false', '0', 'no'].includes((env.RETENTION_AUTO ?? '').toLowerCase()),
    intervalMs: Math.max(num(env.RETENTION_INTERVAL_HOURS, 24, 'RETENTION_INTERVAL_HOURS', 576) * 3_600_000, 1000),
    firstDelayMs: num(env.RETENTION_FIRST_DELAY_SECONDS, 120, 'RETENTION_FIRST_DELAY_SECONDS', 86_400) * 1000,
    retryMs: Math.max(num(env.RETENTION_RETRY_MINUTES, 30, 'RETENTION_RETRY_MINUTES', 1440) * 60_000, 500),
  };
}

/** Applies the rules once; null when the schema has no apply_retention (a fixture schema). */
export async function applyRetention(db: Db, now?: Date): Promise<RetentionResult | null> {
  const exists = await db.query<{ ok: boolean }>(
    `select to_regprocedure('public.apply_retention(timestamptz)') is not null as ok`,
  );
  if (!exists.rows[0]?.ok) return null;
  const { rows } = await db.query<{ r: RetentionResult }>(`select public.apply_retention($1::timestamptz) as r`, [
    now?.toISOString() ?? null,
  ]);
  return rows[0]!.r;
}

export function describeRetention(r: RetentionResult): string {
  return (
    `${r.orders} orders, ${r.reservations} reservations and ${r.challenge_registrations} challenge entries anonymised, ` +
    `${r.accounts_deleted} inactive accounts deleted, ${r.orders_deleted} orders older than 10 years deleted`
  );
}

export interface RetentionJob {
  /** Resolves with the latest run (for tests and /health readers); null before the first one. */
  readonly last: { at: string; result: RetentionResult | null; error: string | null } | null;
  stop(): Promise<void>;
}

/** Runs the rules after `firstDelayMs`, then every `intervalMs` (a failed run is retried after `retryMs`). */
export function startRetentionJob(db: Db, env: Record<string, string | undefined>): RetentionJob {
  const settings = retentionSettings(env);
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let running: Promise<void> | null = null;
  const job: { last: RetentionJob['last'] } = { last: null };

  const schedule = (ms: number) => {
    if (stopped || !settings.auto) return;
    timer = setTimeout(() => {
      running = run().finally(() => (running = null));
    }, ms);
    timer.unref();
  };

  async function run() {
    try {
      const result = await applyRetention(db);
      job.last = { at: new Date().toISOString(), result, error: null };
      if (result && result.orders + result.reservations + result.challenge_registrations + result.accounts_deleted > 0)
        console.log(`[retention] ${describeRetention(result)}`);
      schedule(settings.intervalMs);
    } catch (e) {
      if (stopped) return;
      job.last = { at: new Date().toISOString(), result: null, error: (e as Error).message };
      console.error(`[retention] the retention rules could not be applied: ${(e as Error).message}`);
      schedule(settings.retryMs);
    }
  }

  schedule(settings.firstDelayMs);
  return {
    get last() {
      return job.last;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
