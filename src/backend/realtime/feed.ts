import type { Db } from '../db/index.js';
import { CHANGES_CHANNEL, SWEEP_AFTER_MS, SWEEP_SLICE_ROWS } from './capture.js';

/** Which committed changes to take next: the notified transactions (in commit order) or a sweep. */
export type ChangeSelection = { mode: 'txids'; txids: string[] } | { mode: 'old' } | { mode: 'all' };

const MAX_TX_PER_BATCH = 500;
/**
 * Under load (the last batch ended less than BUSY_WITHIN_MS ago) the next batch waits BATCH_WAIT_MS for more
 * transactions, so that one call takes several: at a hundred orders a second each order's own call cost the engine
 * about 1.2 ms, a sixth of the order. Alone, a change goes at once.
 */
const BATCH_WAIT_MS = 10;
const BUSY_WITHIN_MS = 25;
const PAUSE_AFTER_FAILURE_MS = 500;

type ListenerDb = Db & { onListenerReconnect?(cb: () => void): () => void };

/**
 * Follows committed changes by their NOTIFY. Notifications arrive in commit order, one per
 * transaction with its txid, so taking the change rows of each txid in that order gives commit
 * order; they are taken with DELETE … RETURNING, which also cleans up what was delivered.
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
  /** After a failed batch (database gone), a short pause instead of spinning. */
  private pausing = false;
  /** Change rows taken (deleted) since the change table was last vacuumed (PGlite). */
  private takenSinceVacuum = 0;
  /** When the last batch ended (performance.now()). */
  private lastBatchEnd = -Infinity;

  constructor(
    private readonly db: Db,
    private readonly deliver: (selection: ChangeSelection) => Promise<number>,
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
    if (this.running || this.closed || this.pausing) return;
    // Drain on the next macrotask: a LISTEN reconnect announced in the same tick as the first
    // notification after it must turn on the sweep first, or that transaction would overtake the missed ones.
    const busy = performance.now() - this.lastBatchEnd < BUSY_WITHIN_MS;
    this.running = new Promise<void>((resolve) => (busy ? setTimeout(resolve, BATCH_WAIT_MS) : setImmediate(resolve)))
      .then(() => this.drain())
      .finally(() => {
        this.running = null;
        this.lastBatchEnd = performance.now();
        if (!this.pausing && (this.queue.length > 0 || this.sweepAll)) this.kick();
      });
  }

  private async drain(): Promise<void> {
    while (!this.closed && (this.queue.length > 0 || this.sweepAll || this.sweepOld)) {
      let selection: ChangeSelection;
      if (this.sweepAll || this.sweepOld) {
        selection = { mode: this.sweepAll ? 'all' : 'old' };
        this.sweepAll = this.sweepOld = false;
      } else selection = { mode: 'txids', txids: this.queue.splice(0, MAX_TX_PER_BATCH) };
      try {
        const taken = await this.deliver(selection);
        this.takenSinceVacuum += taken;
        if (selection.mode !== 'txids' && taken >= SWEEP_SLICE_ROWS) {
          if (selection.mode === 'all') this.sweepAll = true;
          else this.sweepOld = true;
        } else if (selection.mode === 'old') await this.vacuum();
      } catch (e) {
        if (this.closed) return;
        // Taking and checking roll back together: the rows stay in the table for the next sweep.
        console.error('[realtime] delivering changes failed:', (e as Error).message);
        this.sweepAll = true;
        this.pausing = true;
        setTimeout(() => {
          this.pausing = false;
          this.kick();
        }, PAUSE_AFTER_FAILURE_MS).unref();
        return;
      }
    }
  }

  /**
   * PGlite has no autovacuum: every delivered change leaves a dead row (an order's row and its message to the back
   * office, ~1.3 kB each), and the change table grew by about 2.7 MB a thousand orders for as long as the server ran,
   * its every read the slower. The 5-second sweep vacuums it (a few milliseconds) when rows were taken since.
   * PostgreSQL's autovacuum does this itself.
   */
  private async vacuum(): Promise<void> {
    if (this.db.kind !== 'pglite' || this.takenSinceVacuum === 0) return;
    this.takenSinceVacuum = 0;
    await this.db.exec('vacuum _realtime.changes');
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.offReconnect?.();
    await this.running;
    await this.unlisten?.().catch(() => {});
  }
}
