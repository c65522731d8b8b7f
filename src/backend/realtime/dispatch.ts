import type { Db, Queryable } from '../db/index.js';
import { qualified, quoteIdent, type ChangeCapture, type TableInfo } from './capture.js';
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

    const groups = new Map<string, { claims: ChangeSubscriber['claims']; changes: Set<number> }>();
    changes.forEach((c, index) => {
      for (const s of c.targets.keys()) {
        if (s.claims.role === 'service_role') continue;
        let g = groups.get(s.claimsKey);
        if (!g) groups.set(s.claimsKey, (g = { claims: s.claims, changes: new Set() }));
        g.changes.add(index);
      }
    });
    const visible = new Map<string, Set<number>>();
    await Promise.all(
      [...groups].map(async ([key, g]) => {
        visible.set(key, await this.visibleTo(g.claims, [...g.changes], changes));
      }),
    );

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

  /** Indexes of `changes` (among `wanted`) that these claims may see. */
  private async visibleTo(claims: ChangeSubscriber['claims'], wanted: number[], changes: PreparedChange[]): Promise<Set<number>> {
    const result = new Set<number>();
    const oids = [...new Set(wanted.map((i) => changes[i].info.oid))];
    try {
      await this.db.transaction(
        async (tx) => {
          const head = await tx.query<{ readable: number[] }>(
            `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
               (select coalesce(json_agg(x::int), '[]'::json)
                  from (select jsonb_array_elements_text($3::jsonb)::oid as x) s
                  where has_table_privilege($1::name, x, 'SELECT')) as readable`,
            [claims.role, JSON.stringify(claims), JSON.stringify(oids)],
          );
          const readable = new Set((head.rows[0]?.readable ?? []).map(Number));
          const byTable = new Map<number, number[]>();
          for (const i of wanted) {
            const c = changes[i];
            if (!readable.has(c.info.oid)) continue;
            // Deletes go to everyone who may read the table, as Supabase does.
            if (c.row.op === 'DELETE') result.add(i);
            else {
              const list = byTable.get(c.info.oid) ?? [];
              list.push(i);
              byTable.set(c.info.oid, list);
            }
          }
          for (const list of byTable.values()) {
            for (const i of await this.rowsStillVisible(tx, list, changes)) result.add(i);
          }
        },
        { readOnly: true },
      );
    } catch (e) {
      if (!this.warned) {
        this.warned = true;
        console.error('[realtime] RLS check failed, change withheld:', (e as Error).message);
      }
      return new Set();
    }
    return result;
  }

  private async rowsStillVisible(tx: Queryable, list: number[], changes: PreparedChange[]): Promise<number[]> {
    const { info } = changes[list[0]];
    const table = qualified(info.schema, info.table);
    const pk = info.primaryKey;
    const keys = list.map((i) => (pk.length ? pick(changes[i].row.record, pk) : changes[i].row.record));
    const match = pk.length
      ? `(${pk.map((c) => `t.${quoteIdent(c)}`).join(', ')}) = (select ${pk.map((c) => `r.${quoteIdent(c)}`).join(', ')} from jsonb_populate_record(null::${table}, k.v) r)`
      : `to_jsonb(t) = k.v`;
    const found = await tx.query<{ i: number }>(
      `select (k.i - 1)::int as i from jsonb_array_elements($1::jsonb) with ordinality as k(v, i)
       where exists (select 1 from ${table} t where ${match})`,
      [JSON.stringify(keys)],
    );
    return found.rows.map((r) => list[Number(r.i)]);
  }
}
