import type { Db } from '../db/index.js';
import { CHANGES_CHANNEL } from './capture.js';
import type { ChangeRow } from './dispatch.js';

const RETURNING = `returning id, txid, schema_name, table_name, op, record, old_record,
  to_char(committed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as commit_timestamp`;

/** Rows left behind by a lost notification are picked up after this long. */
const SWEEP_AFTER_MS = 5_000;
const MAX_TX_PER_BATCH = 500;

type ListenerDb = Db & { onListenerReconnect?(cb: () => void): () => void };

/**
 * Reads committed changes after their NOTIFY. Notifications arrive in commit order, one per
 * transaction with its txid, so reading the change rows of each txid in that order gives commit
 * order; reading with DELETE … RETURNING also cleans up what was delivered.
 */
export class ChangeFeed {
  private queue: string[] = [];
  private sweepAll = false;
  private sweepOld = false;
  private running: Promise<void> | null = null;
  private closed = false;
  private unlisten: (() => Promise<void>) | null = null;
  private offReconnect: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly onChanges: (rows: ChangeRow[]) => Promise<void>,
  ) {}

  async start(): Promise<void> {
    // Changes committed while no server ran had no subscriber to go to.
    await this.db.query('delete from _realtime.changes');
    this.unlisten = await this.db.listen(CHANGES_CHANNEL, (payload) => this.notified(payload));
    const db = this.db as ListenerDb;
    this.offReconnect =
      db.onListenerReconnect?.(() => {
        this.sweepAll = true;
        this.kick();
      }) ?? null;
    this.timer = setInterval(() => {
      this.sweepOld = true;
      this.kick();
    }, SWEEP_AFTER_MS);
    this.timer.unref();
  }

  private notified(payload: string): void {
    if (this.closed || !/^\d{1,20}$/.test(payload)) return;
    this.queue.push(payload);
    this.kick();
  }

  private kick(): void {
    if (this.running || this.closed) return;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.queue.length > 0 || this.sweepAll) this.kick();
    });
  }

  private async drain(): Promise<void> {
    while (!this.closed && (this.queue.length > 0 || this.sweepAll || this.sweepOld)) {
      let rows: ChangeRow[];
      try {
        rows = await this.next();
      } catch (e) {
        if (!this.closed) console.error('[realtime] reading changes failed:', (e as Error).message);
        return;
      }
      try {
        await this.onChanges(rows);
      } catch (e) {
        console.error('[realtime] delivering changes failed:', (e as Error).message);
      }
    }
  }

  private async next(): Promise<ChangeRow[]> {
    if (this.sweepAll || this.sweepOld) {
      const all = this.sweepAll;
      this.sweepAll = this.sweepOld = false;
      const where = all ? '' : `where committed_at < now() - interval '${SWEEP_AFTER_MS} milliseconds'`;
      const rows = (await this.db.query<ChangeRow>(`delete from _realtime.changes ${where} ${RETURNING}`)).rows;
      return rows.sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)));
    }
    const batch = this.queue.splice(0, MAX_TX_PER_BATCH);
    const rows = (
      await this.db.query<ChangeRow>(
        `delete from _realtime.changes where txid in (select jsonb_array_elements_text($1::jsonb)::bigint) ${RETURNING}`,
        [JSON.stringify(batch)],
      )
    ).rows;
    const order = new Map(batch.map((txid, i) => [txid, i]));
    return rows.sort((a, b) => order.get(String(a.txid))! - order.get(String(b.txid))! || Number(BigInt(a.id) - BigInt(b.id)));
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.offReconnect?.();
    await this.running;
    await this.unlisten?.().catch(() => {});
  }
}
