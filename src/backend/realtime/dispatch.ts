import type { Db } from '../db/index.js';
import type { ChangeCapture, TableInfo } from './capture.js';
import type { ChangeBinding, ChangeEvent, ChangeSubscriber } from './channel.js';
import { matchesFilter } from './filter.js';

/** One captured row change, read back after its transaction committed. */
export interface ChangeRow {
  id: string;
  txid: string;
  schema_name: string;
  table_name: string;
  op: ChangeEvent;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  commit_timestamp: string;
}

interface PreparedChange {
  row: ChangeRow;
  info: TableInfo;
  /** What the filters and the RLS check look at. */
  subject: Record<string, unknown>;
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

/**
 * Sends each committed change to the joined channels whose bindings match and whose own JWT
 * may see the row: one read-only transaction per distinct claims set and batch, under
 * set_config('role') and set_config('request.jwt.claims'), selecting the rows by primary key.
 */
export class ChangeDispatcher {
  private readonly subscribers = new Set<ChangeSubscriber>();
  private warned = false;

  constructor(
    private readonly db: Db,
    private readonly capture: ChangeCapture,
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

  async deliver(rows: ChangeRow[]): Promise<void> {
    if (rows.length === 0 || this.subscribers.size === 0) return;
    const now = Date.now();
    const live = [...this.subscribers].filter((s) => s.expiresAt === null || s.expiresAt > now);
    const changes: PreparedChange[] = [];
    for (const row of rows) {
      const info = this.capture.cachedInfo(row.schema_name, row.table_name) ?? (await this.capture.tableInfo(row.schema_name, row.table_name));
      if (!info) continue;
      const prepared = this.prepare(row, info, live);
      if (prepared.targets.size > 0) changes.push(prepared);
    }
    if (changes.length === 0) return;

    const visible = await this.visibility(changes);
    for (let i = 0; i < changes.length; i++) {
      for (const [s, ids] of changes[i].targets) {
        if (s.claims.role !== 'service_role' && !visible.get(s.claimsKey)?.has(i)) continue;
        // The token may have been replaced while the RLS check ran.
        if (!this.subscribers.has(s)) continue;
        s.sendChange(ids, changes[i].dataJson);
      }
    }
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
    const data: Record<string, unknown> = {
      schema: row.schema_name,
      table: row.table_name,
      commit_timestamp: row.commit_timestamp,
      eventType: row.op,
      type: row.op,
      columns: info.columns,
      errors: null,
    };
    if (row.op !== 'DELETE') data.record = row.record;
    if (row.op !== 'INSERT') data.old_record = oldRecord;
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
    return { row, info, subject, dataJson: JSON.stringify(data), targets };
  }

  /** For each claims set, the indexes of `changes` it may see: one database round trip for the batch. */
  private async visibility(changes: PreparedChange[]): Promise<Map<string, Set<number>>> {
    const groups = new Map<string, { claims: ChangeSubscriber['claims']; tables: Map<number, { deletes: number[]; rows: number[] }> }>();
    changes.forEach((c, index) => {
      for (const s of c.targets.keys()) {
        if (s.claims.role === 'service_role') continue;
        let g = groups.get(s.claimsKey);
        if (!g) groups.set(s.claimsKey, (g = { claims: s.claims, tables: new Map() }));
        let t = g.tables.get(c.info.oid);
        if (!t) g.tables.set(c.info.oid, (t = { deletes: [], rows: [] }));
        const list = c.row.op === 'DELETE' ? t.deletes : t.rows;
        if (list[list.length - 1] !== index) list.push(index);
      }
    });
    const visible = new Map<string, Set<number>>();
    if (groups.size === 0) return visible;
    const keys = [...groups.keys()];
    const payload = keys.map((key) => {
      const g = groups.get(key)!;
      return {
        role: g.claims.role,
        claims: JSON.stringify(g.claims),
        tables: [...g.tables].map(([oid, t]) => ({
          oid,
          // Deletes go to everyone who may read the table, as Supabase does.
          deletes: t.deletes,
          idx: t.rows,
          keys: t.rows.map((i) => this.keyOf(changes[i])),
        })),
      };
    });
    const check = async (groupsJson: string): Promise<number[][]> =>
      (await this.db.query<{ seen: number[][] }>('select _realtime.visible_changes($1::jsonb) as seen', [groupsJson])).rows[0]?.seen ?? [];
    let seen: number[][];
    try {
      seen = await check(JSON.stringify(payload));
    } catch {
      // One failing policy must not withhold the others' changes: check each claims set alone.
      seen = await Promise.all(
        payload.map((group) =>
          check(JSON.stringify([group])).then(
            (r) => r[0] ?? [],
            (e: unknown) => {
              if (!this.warned) console.error('[realtime] RLS check failed, change withheld:', (e as Error).message);
              this.warned = true;
              return [];
            },
          ),
        ),
      );
    }
    keys.forEach((key, i) => visible.set(key, new Set((seen[i] ?? []).map(Number))));
    return visible;
  }

  private keyOf(c: PreparedChange): Record<string, unknown> | null {
    return c.info.primaryKey.length ? pick(c.row.record, c.info.primaryKey) : c.row.record;
  }
}
