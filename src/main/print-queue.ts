import type { Order } from '../shared/domain/order.js';
import type { TicketRestaurant } from '../shared/domain/ticket.js';
import type { PrintJobStatus, PrintReason, PrintResult, PrinterStatus } from '../shared/ipc.js';
import { JsonFile } from './json-store.js';
import { dueAt } from '../shared/domain/order-due.js';
import { normaliseStatus } from '../shared/domain/order-status.js';

/** What a job prints: the order's tickets, or the short slip that says a pre-order was received. */
export type PrintSlip = 'tickets' | 'acknowledgement';

interface StoredJob {
  id: string;
  order: Order;
  /** The header the admin sent with the job; absent in jobs of older versions (the defaults print). */
  restaurant?: TicketRestaurant;
  reason: PrintReason | 'acknowledgement';
  /** A pre-order's tickets wait until then (its due time less the lead the settings give). */
  notBefore?: string;
  attempts: number;
  lastError: string | null;
  state: 'queued' | 'printing' | 'failed';
  updatedAt: string;
}

interface QueueFile {
  /** Orders created before this instant are never printed automatically (the kiosk's first start). */
  autoPrintSince: string;
  /** Orders printed automatically by this kiosk, with when: the "exactly once" ledger. */
  printed: Record<string, string>;
  /** Pre-orders whose acknowledgement slip this kiosk printed, with when (absent in files of older versions). */
  acknowledged?: Record<string, string>;
  jobs: StoredJob[];
}

export interface PrintQueueOptions {
  file: string;
  /** Renders and sends one order; throws when the printer fails. */
  print: (order: Order, restaurant?: TicketRestaurant, slip?: PrintSlip) => Promise<void>;
  /**
   * Pre-orders: how long before it is due an automatic ticket prints (read at each new job: a setting), and
   * whether a slip saying it was received prints at once. Without them a pre-order prints as it comes.
   */
  preorders?: () => { leadMinutes: number; acknowledge: boolean };
  now?: () => Date;
  /** Delays before each retry, the last one repeating. */
  retryDelaysMs?: number[];
  /** How long printed ids are remembered. */
  keepPrintedForMs?: number;
  onChange?: (status: PrinterStatus) => void;
  /** Tickets that may wait at once; more are refused (a stuck printer must not fill the disk). */
  maxPending?: number;
}

export class QueueFull extends Error {}

const DAY = 24 * 3600 * 1000;

/**
 * The kiosk's print queue. Every job is written to disk before it is attempted and removed only
 * once the printer accepted it, so a ticket is never lost to an offline printer, a crash or a restart.
 * Automatic prints are recorded in a ledger: each order prints automatically once per kiosk, however
 * often it is offered (realtime event, poll, catch-up after a restart or a reconnect).
 */
export class PrintQueue {
  private readonly store: JsonFile<QueueFile>;
  private data: QueueFile;
  private online = true;
  private lastError: string | null = null;
  private running: Promise<void> | null = null;
  private kickAgain = false;
  private timer: NodeJS.Timeout | null = null;
  private wake: NodeJS.Timeout | null = null;
  private recent: PrintJobStatus[] = [];
  private readonly now: () => Date;
  private readonly delays: number[];

  constructor(private readonly options: PrintQueueOptions) {
    this.now = options.now ?? (() => new Date());
    this.delays = options.retryDelaysMs ?? [2000, 5000, 10000, 30000, 60000];
    this.store = new JsonFile<QueueFile>(options.file, () => ({
      autoPrintSince: this.now().toISOString(),
      printed: {},
      jobs: [],
    }));
    this.data = this.store.read();
    // A job caught mid-print by a crash is attempted again.
    for (const job of this.data.jobs) if (job.state === 'printing') job.state = 'queued';
    this.prune();
    this.save();
  }

  /** Starts (or resumes after a restart) printing what is queued. */
  start(): void {
    this.kick();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.wake) clearTimeout(this.wake);
    this.wake = null;
  }

  isPrinted(orderId: string): boolean {
    return orderId in this.data.printed;
  }

  printedOrderIds(): string[] {
    return Object.keys(this.data.printed);
  }

  enqueue(order: Order, reason: PrintReason, restaurant?: TicketRestaurant): PrintResult {
    let notBefore: string | undefined;
    let acknowledge = false;
    if (reason === 'auto') {
      const tooOld = new Date(order.created_at).getTime() < new Date(this.data.autoPrintSince).getTime();
      const cancelled = normaliseStatus(order.status) === 'Annulée';
      const held = this.data.jobs.find((j) => j.id === order.id && j.reason === 'auto' && this.isHeld(j));
      if (held) {
        // The admin hands a held pre-order again with each read of the day: a refused one never prints, and a
        // changed one prints as it now is.
        if (cancelled) this.data.jobs = this.data.jobs.filter((j) => j !== held);
        else held.order = order;
        this.save();
      }
      const known = this.isPrinted(order.id) || this.data.jobs.some((j) => j.id === order.id && j.reason === 'auto');
      if (tooOld || known || cancelled) return { queued: false, status: this.jobStatus(order.id) };
      const preorders = order.is_preorder ? this.options.preorders?.() : undefined;
      if (preorders) {
        const printAt = dueAt(order).getTime() - preorders.leadMinutes * 60_000;
        if (printAt > this.now().getTime()) notBefore = new Date(printAt).toISOString();
        acknowledge =
          preorders.acknowledge &&
          !(order.id in (this.data.acknowledged ?? {})) &&
          !this.data.jobs.some((j) => j.id === order.id && j.reason === 'acknowledgement');
      }
    }
    const max = this.options.maxPending ?? 200;
    if (this.data.jobs.length >= max)
      throw new QueueFull(`Trop de tickets en attente (${max}) : vérifiez l’imprimante avant d’en imprimer d’autres.`);
    const job = (why: StoredJob['reason'], at?: string): StoredJob => ({
      id: order.id,
      order,
      ...(restaurant ? { restaurant } : {}),
      reason: why,
      ...(at ? { notBefore: at } : {}),
      attempts: 0,
      lastError: null,
      state: 'queued',
      updatedAt: this.now().toISOString(),
    });
    if (acknowledge) this.data.jobs.push(job('acknowledgement'));
    this.data.jobs.push(job(reason, notBefore));
    this.save();
    this.emit();
    this.kick();
    return { queued: true, status: notBefore ? null : this.toStatus(this.data.jobs[this.data.jobs.length - 1]!) };
  }

  /** When a pre-order's ticket is held for: its print time, or null when it is not waiting for one. */
  scheduledAt(orderId: string): string | null {
    return this.data.jobs.find((j) => j.id === orderId && j.notBefore)?.notBefore ?? null;
  }

  /** Retries failed jobs now (the printer came back, or staff pressed "retry"). */
  retryNow(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.kick();
  }

  /** Resolves when nothing is being printed right now (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Tickets held for a pre-order's day are not pending: the printer owes nothing yet. */
  status(): PrinterStatus {
    const pending = this.data.jobs.filter((j) => !this.isHeld(j)).map((j) => this.toStatus(j));
    const done = this.recent.filter((r) => !pending.some((p) => p.orderId === r.orderId));
    return {
      online: this.online,
      lastError: this.lastError,
      pending: pending.length,
      jobs: [...pending, ...done].slice(0, 50),
    };
  }

  private isHeld(job: StoredJob): boolean {
    return !!job.notBefore && new Date(job.notBefore).getTime() > this.now().getTime();
  }

  private jobStatus(orderId: string): PrintJobStatus | null {
    const job = this.data.jobs.find((j) => j.id === orderId && j.reason !== 'acknowledgement' && !this.isHeld(j));
    if (job) return this.toStatus(job);
    const at = this.data.printed[orderId];
    return at ? { orderId, state: 'printed', attempts: 1, lastError: null, updatedAt: at } : null;
  }

  private toStatus(job: StoredJob): PrintJobStatus {
    return {
      orderId: job.id,
      state: job.state,
      attempts: job.attempts,
      lastError: job.lastError,
      updatedAt: job.updatedAt,
    };
  }

  private kick(): void {
    if (this.running) {
      // A drain that already looked at the list may be finishing: look again once it ends.
      this.kickAgain = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.kickAgain && !this.timer) {
        this.kickAgain = false;
        this.kick();
      }
    });
  }

  /** Wakes the queue when the first held pre-order ticket is due (at least hourly: long timers drift). */
  private wakeForHeld(): void {
    if (this.wake) clearTimeout(this.wake);
    this.wake = null;
    const next = Math.min(...this.data.jobs.filter((j) => this.isHeld(j)).map((j) => new Date(j.notBefore!).getTime()));
    if (!Number.isFinite(next)) return;
    this.wake = setTimeout(
      () => {
        this.wake = null;
        this.kick();
      },
      Math.min(Math.max(next - this.now().getTime(), 0) + 50, 3600_000),
    );
    this.wake.unref?.();
  }

  private async drain(): Promise<void> {
    for (;;) {
      const job = this.data.jobs.find((j) => !this.isHeld(j));
      if (!job) break;
      job.state = 'printing';
      job.attempts += 1;
      job.updatedAt = this.now().toISOString();
      this.save();
      this.emit();
      try {
        await this.options.print(
          job.order,
          job.restaurant,
          job.reason === 'acknowledgement' ? 'acknowledgement' : 'tickets',
        );
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        job.state = 'failed';
        job.lastError = message;
        job.updatedAt = this.now().toISOString();
        this.online = false;
        this.lastError = message;
        this.save();
        this.emit();
        const delay = this.delays[Math.min(job.attempts - 1, this.delays.length - 1)];
        this.timer = setTimeout(() => {
          this.timer = null;
          this.kick();
        }, delay);
        return;
      }
      const at = this.now().toISOString();
      this.data.jobs.splice(this.data.jobs.indexOf(job), 1);
      if (job.reason === 'auto') this.data.printed[job.id] = at;
      this.online = true;
      this.lastError = null;
      if (job.reason === 'acknowledgement') {
        // A slip is not the order's ticket: the order does not count as printed for it.
        this.data.acknowledged = { ...this.data.acknowledged, [job.id]: at };
        this.save();
        this.emit();
        continue;
      }
      this.save();
      this.recent.unshift({
        orderId: job.id,
        state: 'printed',
        attempts: job.attempts,
        lastError: null,
        updatedAt: at,
      });
      this.recent = this.recent.slice(0, 50);
      this.emit();
    }
    this.wakeForHeld();
  }

  private prune(): void {
    const keep = this.options.keepPrintedForMs ?? 14 * DAY;
    const limit = this.now().getTime() - keep;
    for (const [id, at] of Object.entries(this.data.printed))
      if (new Date(at).getTime() < limit) delete this.data.printed[id];
    for (const [id, at] of Object.entries(this.data.acknowledged ?? {}))
      if (new Date(at).getTime() < limit) delete this.data.acknowledged![id];
  }

  private save(): void {
    this.store.write(this.data);
  }

  private emit(): void {
    this.options.onChange?.(this.status());
  }
}
