import type { Db } from '../db/index.js';
import type { ChangeCapture, TableInfo } from './capture.js';
import type { ChangeBinding, ChangeEvent, ChangeSubscriber } from './channel.js';
import type { ChangeSelection, DatabaseMessage } from './feed.js';
import { matchesFilter } from './filter.js';

/** The database went away (restart, network): unlike a failing policy, the same check succeeds later. */
export function lostDatabase(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return /^(08|57P0[1-3])/.test(code) || /^E[A-Z]+$/.test(code);
  return /connection terminated|connection error and is not queryable/i.test((e as Error | null)?.message ?? '');
}

/** One captured row change, taken after its transaction committed. */
export interface ChangeRow {
  id: number;
  txid: number;
  rel: number;
  schema_name: string;
  table_name: string;
  /** BROADCAST: a message of realtime.messages (Broadcast from the database), tied to no table. */
  op: ChangeEvent | 'BROADCAST';
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  committed_at: string;
}

export type { DatabaseMessage } from './feed.js';

interface PreparedChange {
  /** Encoded once, shared by every receiver; empty when nobody's bindings match. */
  dataJson: string;
  targets: Map<ChangeSubscriber, number[]>;
}

function pick(record: Record<string, unknown> | null, columns: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of columns) out[c] = record?.[c];
  return out;
}

function bindingMatches(b: ChangeBinding, row: ChangeRow, subject: Record<string, unknown>): boolean {
  if (b.event !== '*' && b.event !== row.op) return false;
  if (b.schema !== '*' && b.schema !== row.schema_name) return false;
  if (b.table && b.table !== '*' && b.table !== row.table_name) return false;
  if (!b.rowFilter) return true;
  // Like Supabase, a DELETE whose old row lacks the filtered column is not filterable.
  if (row.op === 'DELETE' && !(b.rowFilter.column in subject)) return true;
  return matchesFilter(b.rowFilter, subject);
}

/** One claims set to check, with the changes its matching channels need, by table. */
interface ClaimsGroup {
  role: string;
  claims: string;
  /** [table oid, ids of changed rows to look up, ids of deleted rows]. */
  tables: [number, number[], number[]][];
}

/** What the dispatcher asked of the database since the start (read by tests and the realtime bench). */
export interface DispatchStats {
  /** Batches of committed changes delivered. */
  batches: number;
  /** Change rows taken. */
  rows: number;
  /** Database calls made for them (catalog look-ups of a table not yet known included). */
  calls: number;
  /** Reads that found nothing to deliver (mostly the sweep every 5 s), counted apart from the batches' calls. */
  idleReads: number;
  /** Claims sets whose RLS checks ran, summed over batches (each is one execution per table, not one per channel). */
  claimsChecks: number;
  /** Wall time of those calls, in milliseconds. */
  databaseMs: number;
}

/**
 * Sends each committed change to the joined channels whose bindings match and whose own JWT
 * may see the row. Two database calls per batch, whatever the number of channels: the first reads
 * the committed changes; bindings and filters are matched in JS (as Supabase applies filters before
 * RLS), so only the channels a change would reach are checked; the second takes the changes and runs
 * the RLS checks of every distinct claims set among those channels (`_realtime.take_changes`): taking
 * and checking succeed or roll back together, so a database lost mid-way leaves the rows for the
 * next sweep. With no Postgres Changes channel at all, the first call takes the rows itself.
 */
export class ChangeDispatcher {
  private readonly subscribers = new Set<ChangeSubscriber>();
  private warned = false;
  readonly stats: DispatchStats = { batches: 0, rows: 0, calls: 0, idleReads: 0, claimsChecks: 0, databaseMs: 0 };

  constructor(
    private readonly db: Db,
    private readonly capture: ChangeCapture,
    /** Receives each committed Broadcast-from-the-database message, in commit order among the changes. */
    private readonly onMessage: (message: DatabaseMessage) => void = () => {},
  ) {}

  add(s: ChangeSubscriber): void {
    this.subscribers.add(s);
  }

  remove(s: ChangeSubscriber): void {
    this.subscribers.delete(s);
  }

  get size(): number {
    return this.subscribers.size;
  }

  /** One database call; `counted`: added to the batch's calls now (the read is counted once it found rows). */
  private async call<T>(sql: string, params: unknown[], counted = true): Promise<T> {
    const started = performance.now();
    if (counted) this.stats.calls++;
    try {
      return (await this.db.query<{ r: T }>(sql, params)).rows[0].r;
    } finally {
      this.stats.databaseMs += performance.now() - started;
    }
  }

  /** Delivers the selected changes; answers how many rows were read. */
  async deliver(selection: ChangeSelection): Promise<number> {
    const now = Date.now();
    const live = [...this.subscribers].filter((s) => s.expiresAt === null || s.expiresAt > now);
    // Nobody to check for: the rows are taken at once (Broadcast from the database needs no check).
    const takeNow = live.length === 0;
    const rows = await this.call<ChangeRow[]>(
      'select _realtime.pending_changes($1, $2::jsonb, $3) as r',
      [selection.mode, JSON.stringify(selection.mode === 'txids' ? selection.txids : []), takeNow],
      false,
    );
    if (rows.length === 0) {
      this.stats.idleReads++;
      return 0;
    }
    this.stats.calls++;
    if (selection.mode === 'txids') {
      const order = new Map(selection.txids.map((txid, i) => [txid, i]));
      rows.sort((a, b) => (order.get(String(a.txid)) ?? 0) - (order.get(String(b.txid)) ?? 0) || a.id - b.id);
    } else rows.sort((a, b) => a.id - b.id);

    // Bindings and filters first: only the channels a change would reach have their claims checked.
    // Channels with identical claims share one check; the groups go by role, so that a role's
    // statements keep their plan from one claims set to the next.
    const prepared: { row: ChangeRow; change: PreparedChange | null }[] = [];
    const byKey = new Map<string, { role: string; claims: string; tables: Map<number, [number[], number[]]> }>();
    for (const row of rows) {
      if (row.op === 'BROADCAST' || live.length === 0) {
        prepared.push({ row, change: null });
        continue;
      }
      let info = this.capture.cachedInfo(row.schema_name, row.table_name);
      if (!info) {
        this.stats.calls++;
        info = (await this.capture.tableInfo(row.schema_name, row.table_name)) ?? undefined;
      }
      if (!info) continue;
      const change = this.prepare(row, info, live);
      prepared.push({ row, change });
      const rel = Number(row.rel);
      for (const s of change.targets.keys()) {
        if (s.claims.role === 'service_role') continue;
        let group = byKey.get(s.claimsKey);
        if (!group)
          byKey.set(
            s.claimsKey,
            (group = { role: String(s.claims.role), claims: JSON.stringify(s.claims), tables: new Map() }),
          );
        let ids = group.tables.get(rel);
        if (!ids) group.tables.set(rel, (ids = [[], []]));
        const list = row.op === 'DELETE' ? ids[1] : ids[0];
        if (list[list.length - 1] !== row.id) list.push(row.id);
      }
    }
    const groupKeys = [...byKey.keys()].sort((x, y) => {
      const rx = byKey.get(x)!.role;
      const ry = byKey.get(y)!.role;
      return rx < ry ? -1 : rx > ry ? 1 : 0;
    });
    const groups: ClaimsGroup[] = groupKeys.map((key) => {
      const g = byKey.get(key)!;
      return { role: g.role, claims: g.claims, tables: [...g.tables].map(([rel, [look, dels]]) => [rel, look, dels]) };
    });

    let taken: Set<number>;
    let visible = new Map<string, Set<number>>();
    if (takeNow) taken = new Set(rows.map((r) => r.id));
    else {
      const checked = await this.take(rows, groups);
      taken = new Set(checked.taken.map(Number));
      visible = new Map(groupKeys.map((key, i) => [key, new Set((checked.seen[i] ?? []).map(Number))]));
    }
    this.stats.batches++;
    this.stats.rows += taken.size;
    this.stats.claimsChecks += groups.length;

    for (const { row, change } of prepared) {
      // Read but taken by another server on the same database meanwhile: that one delivers it.
      if (!taken.has(row.id)) continue;
      if (row.op === 'BROADCAST') {
        if (row.record) this.onMessage(row.record as unknown as DatabaseMessage);
        continue;
      }
      if (!change) continue;
      for (const [s, ids] of change.targets) {
        // Checked for the claims the channel holds now (a token changed since is not trusted with the old answer).
        if (s.claims.role !== 'service_role' && !visible.get(s.claimsKey)?.has(row.id)) continue;
        // The channel may have left while the batch was checked.
        if (!this.subscribers.has(s)) continue;
        s.sendChange(ids, change.dataJson);
      }
    }
    return rows.length;
  }

  /** Takes the rows read and checks them for every claims set in one call. */
  private async take(rows: ChangeRow[], groups: ClaimsGroup[]): Promise<{ taken: number[]; seen: number[][] }> {
    const ids = JSON.stringify(rows.map((r) => r.id));
    const call = (take: string | null, groupList: ClaimsGroup[], given: string | null) =>
      this.call<{ taken: number[]; seen: number[][] }>(
        'select _realtime.take_changes($1::jsonb, $2::jsonb, $3::jsonb) as r',
        [take, JSON.stringify(groupList), given],
      );
    try {
      return await call(ids, groups, null);
    } catch (e) {
      if (lostDatabase(e) || groups.length === 0) throw e;
    }
    // One failing policy must not withhold the others' changes: take first, then check each claims set alone.
    const { taken } = await call(ids, [], null);
    const given = JSON.stringify(rows.map((r) => ({ id: r.id, op: r.op, record: r.record })));
    const seen = await Promise.all(
      groups.map((g) =>
        call(null, [g], given).then(
          (r) => r.seen[0] ?? [],
          (e: unknown) => {
            if (lostDatabase(e)) throw e;
            if (!this.warned) console.error('[realtime] RLS check failed, change withheld:', (e as Error).message);
            this.warned = true;
            return [];
          },
        ),
      ),
    );
    return { taken, seen };
  }

  private prepare(row: ChangeRow, info: TableInfo, live: ChangeSubscriber[]): PreparedChange {
    const pk = info.primaryKey;
    let oldRecord: Record<string, unknown> | null = null;
    if (row.op !== 'INSERT') {
      // Supabase sends only the primary key unless REPLICA IDENTITY FULL, and never more for a DELETE under RLS.
      const whole = info.replicaFull && !(row.op === 'DELETE' && info.rls);
      oldRecord = whole || pk.length === 0 ? (row.old_record ?? {}) : pick(row.old_record, pk);
    }
    const subject = (row.op === 'DELETE' ? oldRecord : row.record) ?? {};
    const targets = new Map<ChangeSubscriber, number[]>();
    for (const s of live) {
      let ids: number[] | null = null;
      for (const b of s.bindings) {
        if (!bindingMatches(b, row, subject)) continue;
        ids ??= [];
        if (!ids.includes(b.id)) ids.push(b.id);
      }
      if (ids) targets.set(s, ids);
    }
    if (targets.size === 0) return { dataJson: '', targets };
    const data: Record<string, unknown> = {
      schema: row.schema_name,
      table: row.table_name,
      commit_timestamp: new Date(row.committed_at).toISOString(),
      eventType: row.op,
      type: row.op,
      columns: info.columns,
      errors: null,
    };
    if (row.op !== 'DELETE') data.record = row.record;
    if (row.op !== 'INSERT') data.old_record = oldRecord;
    return { dataJson: JSON.stringify(data), targets };
  }
}
