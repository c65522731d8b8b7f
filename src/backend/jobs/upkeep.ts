import type { Db } from '../db/types.js';

/**
 * What PostgreSQL's autovacuum does, for PGlite, which has none: a table that changed enough since its last
 * ANALYZE is analysed again, and one with enough dead rows is vacuumed, with autovacuum's own default thresholds
 * (50 rows + 10 % of the table for ANALYZE, 50 + 20 % for VACUUM).
 *
 * Without it, a plan cached while a table was small is kept for the life of the process: a place_order begun on
 * an empty orders table scans the whole table, twice, at every order, for ever (only new statistics invalidate a
 * cached plan), and every status change leaves a dead row and its index entries behind. PostgreSQL's autovacuum
 * keeps both right there; this job does nothing on PostgreSQL.
 *
 * One check is a read of pg_stat_user_tables (about a millisecond); the work it asks grows geometrically with a
 * table, so its total stays proportional to the rows written.
 */
export interface UpkeepJob {
  /** One check, and the tables it analysed or vacuumed (schema-qualified). */
  runOnce(): Promise<{ analyzed: string[]; vacuumed: string[] }>;
  stop(): Promise<void>;
}

export const UPKEEP_INTERVAL_MS = 2_000;

const DUE_SQL = `
select format('%I.%I', s.schemaname, s.relname) as name,
       s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) as analyze,
       s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) as vacuum
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
 where s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
    or s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
 order by 1`;

export async function upkeepOnce(db: Db): Promise<{ analyzed: string[]; vacuumed: string[] }> {
  const done = { analyzed: [] as string[], vacuumed: [] as string[] };
  const { rows } = await db.query<{ name: string; analyze: boolean; vacuum: boolean }>(DUE_SQL);
  for (const t of rows) {
    // One table per statement: the engine serves the requests waiting in between.
    if (t.vacuum) {
      await db.exec(`vacuum ${t.analyze ? '(analyze) ' : ''}${t.name}`);
      done.vacuumed.push(t.name);
    } else {
      await db.exec(`analyze ${t.name}`);
    }
    if (t.analyze) done.analyzed.push(t.name);
  }
  return done;
}

/** Starts the checks on PGlite (null on PostgreSQL, whose autovacuum does this). */
export function startUpkeepJob(db: Db, intervalMs = UPKEEP_INTERVAL_MS): UpkeepJob | null {
  if (db.kind !== 'pglite') return null;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = upkeepOnce(db)
      // A failed check (the engine being reopened, a table dropped meanwhile) is tried again at the next one.
      .catch(() => {})
      .finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return {
    runOnce: () => upkeepOnce(db),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
