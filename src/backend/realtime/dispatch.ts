import type { Db } from '../db/index.js';
import type { ChangeCapture, TableInfo } from './capture.js';
import type { ChangeBinding, ChangeEvent, ChangeSubscriber } from './channel.js';
import type { ChangeSelection } from './feed.js';
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

/** A message sent with realtime.send / realtime.broadcast_changes, delivered after its commit. */
export interface DatabaseMessage {
  id: string;
  topic: string;
  event: string | null;
  payload: unknown;
  private: boolean;
}

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

interface ClaimsGroup {
  role: string;
  claims: string;
  /** Oids of the tables this claims set's bindings may match. */
  tables: number[];
}

/**
 * Sends each committed change to the joined channels whose bindings match and whose own JWT
 * may see the row. One database call per batch takes the changes and runs the RLS checks of
 * every distinct claims set (`_realtime.take_changes`): taking and checking succeed or roll
 * back together, so a database lost mid-way leaves the rows for the next sweep.
 */
export class ChangeDispatcher {
  private readonly subscribers = new Set<ChangeSubscriber>();
  private warned = false;

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

  /** Delivers the selected changes; answers how many rows were taken. */
  async deliver(selection: ChangeSelection): Promise<number> {
    const now = Date.now();
    const live = [...this.subscribers].filter((s) => s.expiresAt === null || s.expiresAt > now);
    // Channels with identical claims share one RLS evaluation: one group per distinct claims set
    // (in one pass, so 500 open pages cost 500 steps, not 500²), all groups checked in one call.
    const byKey = new Map<string, { claims: ChangeSubscriber['claims']; tables: Set<number> }>();
    for (const s of live) {
      if (s.claims.role === 'service_role') continue;
      let group = byKey.get(s.claimsKey);
      if (!group) byKey.set(s.claimsKey, (group = { claims: s.claims, tables: new Set() }));
      for (const oid of this.tablesOf(s)) group.tables.add(oid);
    }
    const groupKeys = [...byKey.keys()];
    const groups: ClaimsGroup[] = [...byKey.values()].map((g) => ({
      role: g.claims.role,
      claims: JSON.stringify(g.claims),
      tables: [...g.tables],
    }));
    const { rows, seen } = await this.take(selection, groups);
    if (rows.length === 0) return 0;
    if (selection.mode === 'txids') {
      const order = new Map(selection.txids.map((txid, i) => [txid, i]));
      rows.sort((a, b) => (order.get(String(a.txid)) ?? 0) - (order.get(String(b.txid)) ?? 0) || a.id - b.id);
    } else rows.sort((a, b) => a.id - b.id);
    const visible = new Map(groupKeys.map((key, i) => [key, new Set((seen[i] ?? []).map(Number))]));

    for (const row of rows) {
      if (row.op === 'BROADCAST') {
        if (row.record) this.onMessage(row.record as unknown as DatabaseMessage);
        continue;
      }
      if (live.length === 0) continue;
      const info =
        this.capture.cachedInfo(row.schema_name, row.table_name) ??
        (await this.capture.tableInfo(row.schema_name, row.table_name));
      if (!info) continue;
      const change = this.prepare(row, info, live);
      for (const [s, ids] of change.targets) {
        if (s.claims.role !== 'service_role' && !visible.get(s.claimsKey)?.has(row.id)) continue;
        // The channel may have left, or changed its token, while the batch was checked.
        if (!this.subscribers.has(s)) continue;
        s.sendChange(ids, change.dataJson);
      }
    }
    return rows.length;
  }

  private tablesOf(s: ChangeSubscriber): number[] {
    const oids: number[] = [];
    for (const b of s.bindings) {
      if (b.schema !== '*' && b.table && b.table !== '*') {
        const oid = this.capture.trackedOid(b.schema, b.table);
        if (oid !== undefined) oids.push(oid);
      } else for (const t of this.capture.trackedIn(b.schema)) oids.push(t.oid);
    }
    return oids;
  }

  /** Takes the selected changes and checks them for every claims set in one call. */
  private async take(
    selection: ChangeSelection,
    groups: ClaimsGroup[],
  ): Promise<{ rows: ChangeRow[]; seen: number[][] }> {
    const txids = JSON.stringify(selection.mode === 'txids' ? selection.txids : []);
    const call = async (mode: string, groupList: ClaimsGroup[], given: ChangeRow[] = []) =>
      (
        await this.db.query<{ taken: { rows: ChangeRow[]; seen: number[][] } }>(
          'select _realtime.take_changes($1, $2::jsonb, $3::jsonb, $4::jsonb) as taken',
          [mode, txids, JSON.stringify(groupList), JSON.stringify(given)],
        )
      ).rows[0].taken;
    try {
      return await call(selection.mode, groups);
    } catch (e) {
      if (lostDatabase(e) || groups.length === 0) throw e;
    }
    // One failing policy must not withhold the others' changes: take first, then check each claims set alone.
    const { rows } = await call(selection.mode, []);
    const seen = await Promise.all(
      groups.map((g) =>
        call('given', [g], rows).then(
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
    return { rows, seen };
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
