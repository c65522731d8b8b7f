import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { AuthError } from './errors.js';

/**
 * bcrypt, off the event loop and shared fairly. bcryptjs computes a hash in about 80 ms of JavaScript: 300
 * wrong sign-ins from 300 addresses held every REST read up to 21 s while they ran on the server's own thread.
 * Here hashes run in worker threads, one queue per client address served in turn, addresses that signed in
 * with a password before (the counter's, the owner's) ahead of the others; a client with too many waiting,
 * or a full queue, is refused at once with GoTrue's 429.
 */
export interface PasswordWorkLimits {
  workers: number;
  /** Password checks one client address may have waiting. */
  perClient: number;
  /** Password checks waiting in all. */
  total: number;
}

type Job = { op: 'hash'; password: string; cost: number } | { op: 'compare'; password: string; hash: string };

interface Queued {
  job: Job;
  resolve(value: unknown): void;
  reject(e: Error): void;
}

const KNOWN_CLIENTS_KEPT = 10_000;

export function defaultPasswordWorkLimits(): PasswordWorkLimits {
  return { workers: Math.max(1, Math.min(4, os.availableParallelism() - 1)), perClient: 8, total: 256 };
}

function tooMany(): AuthError {
  return new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
}

export class PasswordWork {
  private readonly workers: { worker: Worker; busy: Queued | null }[] = [];
  /** Waiting jobs by client, in two lanes; `order` lists the clients of a lane in their turn. */
  private readonly lanes = [
    { queues: new Map<string, Queued[]>(), order: [] as string[] },
    { queues: new Map<string, Queued[]>(), order: [] as string[] },
  ];
  private waiting = 0;
  private readonly known = new Map<string, true>();
  private nextId = 0;
  private readonly inFlight = new Map<number, Queued>();

  constructor(private readonly limits: PasswordWorkLimits = defaultPasswordWorkLimits()) {}

  /** Remembers a client address that proved a password, so its next checks are served first. */
  trust(client: string): void {
    if (client === '') return;
    this.known.delete(client);
    this.known.set(client, true);
    if (this.known.size > KNOWN_CLIENTS_KEPT) this.known.delete(this.known.keys().next().value!);
  }

  run<T>(job: Job, client: string): Promise<T> {
    const lane = this.lanes[this.known.has(client) ? 0 : 1];
    const queue = lane.queues.get(client) ?? [];
    // Work without a client address (the service role's, a command's) is bounded only by the total.
    const overClient = client !== '' && queue.length >= this.limits.perClient;
    if (overClient || this.waiting >= this.limits.total) return Promise.reject(tooMany());
    return new Promise<T>((resolve, reject) => {
      queue.push({ job, resolve: resolve as (v: unknown) => void, reject });
      if (queue.length === 1) {
        lane.queues.set(client, queue);
        lane.order.push(client);
      }
      this.waiting++;
      this.pump();
    });
  }

  async close(): Promise<void> {
    for (const w of this.workers.splice(0)) await w.worker.terminate();
  }

  private next(): Queued | null {
    for (const lane of this.lanes) {
      const client = lane.order.shift();
      if (client === undefined) continue;
      const queue = lane.queues.get(client)!;
      const item = queue.shift()!;
      if (queue.length > 0) lane.order.push(client);
      else lane.queues.delete(client);
      this.waiting--;
      return item;
    }
    return null;
  }

  private pump(): void {
    for (;;) {
      let slot = this.workers.find((w) => w.busy === null);
      if (!slot && this.workers.length < this.limits.workers) slot = this.spawn();
      if (!slot) return;
      const item = this.next();
      if (!item) return;
      const id = ++this.nextId;
      slot.busy = item;
      this.inFlight.set(id, item);
      slot.worker.ref();
      slot.worker.postMessage({ id, ...item.job });
    }
  }

  private spawn(): { worker: Worker; busy: Queued | null } {
    const worker = new Worker(new URL('./password-worker.mjs', import.meta.url));
    const slot = { worker, busy: null as Queued | null };
    worker.on('message', (m: { id: number; value?: unknown; error?: string }) => {
      const item = this.inFlight.get(m.id);
      this.inFlight.delete(m.id);
      slot.busy = null;
      worker.unref();
      if (item) {
        if (m.error !== undefined) item.reject(new Error(m.error));
        else item.resolve(m.value);
      }
      this.pump();
    });
    worker.on('error', (e) => {
      // A worker that died fails its job; the next job starts a new one.
      this.workers.splice(this.workers.indexOf(slot), 1);
      slot.busy?.reject(e);
      this.pump();
    });
    worker.unref();
    this.workers.push(slot);
    return slot;
  }
}
