import type { Db } from '../db/index.js';
import { CHANGES_CHANNEL, SWEEP_AFTER_MS, SWEEP_SLICE_ROWS } from './capture.js';

/** A message sent with realtime.send / realtime.broadcast_changes, delivered after its commit. */
export interface DatabaseMessage {
  id: string;
  topic: string;
  event: string | null;
  payload: unknown;
  private: boolean;
}

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
/**
 * After the LISTEN connection came back, the messages of realtime.messages stored since this long before the last
 * one heard are read again (a message is stamped with its transaction's start, and is heard at its commit), and
 * those not delivered yet are. The ids of the messages delivered are kept while their stamp is within this margin
 * (and a minute) of the latest stamp heard, to know them: however long the outage, a message read again was either
 * delivered and is known, or was not.
 */
const RECOVER_MARGIN_MS = 2 * 60_000;
const KEEP_IDS_MS = RECOVER_MARGIN_MS + 60_000;
const RECENT_MAX = 500_000;
const RECOVER_PAGE_ROWS = 1_000;
const RECOVER_MAX_ROWS = 100_000;

/** A `timestamp` (without time zone) as PostgreSQL writes it, in text or JSON, in milliseconds (read as UTC). */
function stampMs(at: string): number {
  return Date.parse(at.replace(' ', 'T').slice(0, 23) + 'Z');
}

/** A message as it travels in its NOTIFY: stamped with realtime.messages.inserted_at. */
type HeardMessage = DatabaseMessage & { at?: string };

type ListenerDb = Db & { onListenerReconnect?(cb: () => void): () => void };

/**
 * Follows committed changes by their NOTIFY. Notifications arrive in commit order, one per
 * transaction with its txid, so taking the change rows of each txid in that order gives commit
 * order; they are taken with DELETE … RETURNING, which also cleans up what was delivered.
 * A message of realtime.messages comes whole in a NOTIFY of its own (capture.ts), in the same order,
 * and is delivered as it is heard unless a transaction's changes before it are still being read.
 */
export class ChangeFeed {
  private queue: (string | HeardMessage)[] = [];
  /** Ids of the messages delivered lately, with their stamps (ms), in the order delivered. */
  private recent = new Map<string, number>();
  /** The latest stamp of a message heard, or the time the feed started. */
  private lastAt: string | null = null;
  private lastAtMs = -Infinity;
  private recover = false;
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
    private readonly onMessage: (message: DatabaseMessage) => void = () => {},
  ) {}

  async start(): Promise<void> {
    // Changes committed while no server ran had no subscriber to go to.
    await this.db.query('delete from _realtime.changes');
    this.lastAt = (await this.db.query<{ at: string }>('select now()::timestamp::text as at')).rows[0]?.at ?? null;
    if (this.lastAt !== null) this.lastAtMs = stampMs(this.lastAt);
    this.unlisten = await this.db.listen(CHANGES_CHANNEL, (payload) => this.notified(payload));
    const db = this.db as ListenerDb;
    this.offReconnect =
      db.onListenerReconnect?.(() => {
        this.sweepAll = true;
        this.recover = true;
        this.kick();
      }) ?? null;
    this.timer = setInterval(() => {
      this.sweepOld = true;
      this.kick();
    }, SWEEP_AFTER_MS);
    this.timer.unref();
  }

  private notified(payload: string): void {
    if (this.closed) return;
    if (payload.startsWith('{')) {
      let message: HeardMessage;
      try {
        message = JSON.parse(payload) as HeardMessage;
      } catch {
        return;
      }
      // Nothing before it still to deliver: at once.
      if (!this.running && !this.pausing && this.queue.length === 0) this.message(message);
      else {
        this.queue.push(message);
        this.kick();
      }
      return;
    }
    if (!/^\d{1,20}$/.test(payload)) return;
    this.queue.push(payload);
    this.kick();
  }

  /** Delivers a message of realtime.messages, once: a message read again after an outage is known by its id. */
  message(message: HeardMessage): void {
    if (typeof message.id !== 'string' || this.recent.has(message.id)) return;
    const stamp = typeof message.at === 'string' ? stampMs(message.at) : NaN;
    if (!Number.isNaN(stamp) && stamp > this.lastAtMs) {
      this.lastAt = message.at!;
      this.lastAtMs = stamp;
    }
    // A message without a stamp (one too long for its NOTIFY) counts as heard with the latest.
    this.recent.set(message.id, Number.isNaN(stamp) ? this.lastAtMs : stamp);
    for (const [id, at] of this.recent) {
      if (at >= this.lastAtMs - KEEP_IDS_MS && this.recent.size <= RECENT_MAX) break;
      this.recent.delete(id);
    }
    const { at: _at, ...rest } = message;
    this.onMessage(rest);
  }

  /**
   * The messages stored while the LISTEN connection was down, in the order they were stored, read a page at a time
   * (the window holds the two minutes before the outage too: 36,000 messages at 300 a second), at most
   * RECOVER_MAX_ROWS of them.
   */
  private async recoverMessages(): Promise<void> {
    // The window's start stays where the outage left it while the pages move the latest stamp on.
    const from = this.lastAt;
    if (from === null) return;
    let after: HeardMessage | null = null;
    for (let read = 0; read < RECOVER_MAX_ROWS; read += RECOVER_PAGE_ROWS) {
      const r: { rows: { r: HeardMessage[] | null }[] } = await this.db.query(
        `select jsonb_agg(jsonb_build_object('id', m.id, 'topic', m.topic, 'event', m.event, 'payload', m.payload,
                                             'private', coalesce(m.private, false), 'at', m.inserted_at)
                          order by m.inserted_at, m.id) as r
           from (select * from realtime.messages m
                  where m.extension = 'broadcast'
                    and m.inserted_at >= $1::timestamp - interval '${RECOVER_MARGIN_MS} milliseconds'
                    and ($2::timestamp is null or (m.inserted_at, m.id) > ($2::timestamp, $3::uuid))
                  order by m.inserted_at, m.id limit ${RECOVER_PAGE_ROWS}) m`,
        [from, after?.at ?? null, after?.id ?? null],
      );
      const page = r.rows[0]?.r ?? [];
      for (const message of page) this.message(message);
      if (page.length < RECOVER_PAGE_ROWS) return;
      after = page[page.length - 1]!;
    }
    console.error(
      `[realtime] more than ${RECOVER_MAX_ROWS} messages to read back after an outage: the rest are not sent`,
    );
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
        if (!this.pausing && (this.queue.length > 0 || this.sweepAll || this.recover)) this.kick();
      });
  }

  private async drain(): Promise<void> {
    while (!this.closed && (this.queue.length > 0 || this.sweepAll || this.sweepOld || this.recover)) {
      if (this.recover) {
        this.recover = false;
        try {
          await this.recoverMessages();
        } catch (e) {
          if (this.closed) return;
          console.error('[realtime] reading back the messages sent meanwhile failed:', (e as Error).message);
          this.recover = true;
          this.pause();
          return;
        }
        continue;
      }
      let selection: ChangeSelection;
      if (this.sweepAll || this.sweepOld) {
        selection = { mode: this.sweepAll ? 'all' : 'old' };
        this.sweepAll = this.sweepOld = false;
      } else if (typeof this.queue[0] !== 'string') {
        this.message(this.queue.shift() as HeardMessage);
        continue;
      } else {
        const end = this.queue.findIndex((entry, i) => typeof entry !== 'string' || i >= MAX_TX_PER_BATCH);
        selection = { mode: 'txids', txids: this.queue.splice(0, end < 0 ? this.queue.length : end) as string[] };
      }
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
        this.pause();
        return;
      }
    }
  }

  private pause(): void {
    this.pausing = true;
    setTimeout(() => {
      this.pausing = false;
      this.kick();
    }, PAUSE_AFTER_FAILURE_MS).unref();
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
