import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FairQueue } from '../../src/backend/db/pglite.js';

/** A transaction of `client` that holds the engine for `ms` (on the mocked clock). */
function hold(queue: FairQueue, client: string, ms: number, served: string[]): Promise<void> {
  return queue.run(client, async () => {
    served.push(client);
    vi.setSystemTime(Date.now() + ms);
  });
}

describe('PGlite fair queue of transactions', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T18:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('serves next the waiting client that used the engine least lately', async () => {
    const queue = new FairQueue();
    const served: string[] = [];
    await hold(queue, 'heavy', 900, served);
    await hold(queue, 'light', 20, served);
    // Both wait behind a third client's transaction; the light one goes first.
    let release!: () => void;
    const busy = queue.run('other', () => new Promise<void>((r) => (release = r)));
    const heavy = hold(queue, 'heavy', 900, served);
    const light = hold(queue, 'light', 20, served);
    release();
    await Promise.all([busy, heavy, light]);
    expect(served.slice(2)).toEqual(['light', 'heavy']);
  });

  it('forgets within seconds that a customer’s one order was slow (the machine was busy), not after tens of seconds', async () => {
    const queue = new FairQueue();
    const served: string[] = [];
    // One slow order (500 ms on the clock), then four seconds of another customer ordering every 500 ms (20 ms each).
    await hold(queue, 'unlucky', 500, served);
    for (let i = 0; i < 8; i++) {
      vi.setSystemTime(Date.now() + 480);
      await hold(queue, 'customer-4', 20, served);
    }
    let release!: () => void;
    const busy = queue.run('other', () => new Promise<void>((r) => (release = r)));
    const order: string[] = [];
    const unlucky = hold(queue, 'unlucky', 20, order);
    const next = hold(queue, 'customer-4', 20, order);
    release();
    await Promise.all([busy, unlucky, next]);
    // 4 s later the slow order weighs 31 ms against the other's 64 (halving every second); with a 10 s half-life it
    // still weighed 379 ms against 150, and its customer waited behind everyone who ordered meanwhile.
    expect(order).toEqual(['unlucky', 'customer-4']);
  });

  it('serves customers in the order they came when none is heavy: one slower order does not put its customer last', async () => {
    const queue = new FairQueue();
    const served: string[] = [];
    // Three customers' last orders: one took the engine three times as long as the other two (30 ms against 10).
    await hold(queue, 'slower', 30, served);
    await hold(queue, 'b', 10, served);
    await hold(queue, 'c', 10, served);
    let release!: () => void;
    const busy = queue.run('other', () => new Promise<void>((r) => (release = r)));
    const order: string[] = [];
    const all = [hold(queue, 'slower', 10, order), hold(queue, 'b', 10, order), hold(queue, 'c', 10, order)];
    release();
    await Promise.all([busy, ...all]);
    // Least used first would serve b and c before it, and every later order too until the difference halved away.
    expect(order).toEqual(['slower', 'b', 'c']);
  });

  it('charges a client the engine’s time on its statements, not the pauses of the server’s thread in between', async () => {
    const queue = new FairQueue();
    // Both customers' orders took the engine 8 ms; the first one's transaction held the queue 400 ms on the clock
    // because the server's thread was busy (a garbage collection) between two of its statements.
    await queue.run('paused', async (charge) => {
      vi.setSystemTime(Date.now() + 400);
      charge(8);
    });
    await queue.run('smooth', async (charge) => {
      vi.setSystemTime(Date.now() + 8);
      charge(8);
    });
    vi.setSystemTime(Date.now() + 10);
    let release!: () => void;
    const busy = queue.run('other', () => new Promise<void>((r) => (release = r)));
    const order: string[] = [];
    // The paused customer ordered first and used no more of the engine: it goes first.
    const paused = hold(queue, 'paused', 8, order);
    const smooth = hold(queue, 'smooth', 8, order);
    release();
    await Promise.all([busy, paused, smooth]);
    expect(order).toEqual(['paused', 'smooth']);
  });

  it('counts the server’s own work (realtime delivery, jobs) as one client among those ordering, not as one address', async () => {
    const queue = new FairQueue();
    const served: string[] = [];
    // 50 customers ordered (20 ms each) while the server delivered their orders to the counter's screens (200 ms).
    for (let i = 0; i < 50; i++) await hold(queue, `customer-${i}`, 20, served);
    for (let i = 0; i < 10; i++) await hold(queue, '', 20, served);
    let release!: () => void;
    const busy = queue.run('other', () => new Promise<void>((r) => (release = r)));
    const order: string[] = [];
    const next = hold(queue, 'customer-49', 20, order);
    const delivery = hold(queue, '', 20, order);
    release();
    await Promise.all([busy, next, delivery]);
    expect(order).toEqual(['', 'customer-49']);
  });

  it('lets one job send its messages behind one that has sent its last, no more, and still chooses who goes', async () => {
    const queue = new FairQueue();
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    // A job that sends its last message at once (release) and ends when `finish` is called (its answer came).
    const job = (client: string, releases = true) =>
      queue.run(client, (_, release) => {
        started.push(client);
        if (releases) release();
        return new Promise<void>((r) => finish.set(client, r));
      });
    const settle = () => new Promise((r) => setTimeout(r, 0));
    // c has had much of the engine lately: among the waiting, the server's work goes before it.
    await queue.run('c', async (charge) => charge(500));
    const a = job('a');
    const b = job('b');
    const c = job('c');
    const delivery = job('');
    await settle();
    // a runs, b waits in the engine behind it; c and the server's delivery wait here.
    expect(started).toEqual(['a', 'b']);
    finish.get('a')!();
    await settle();
    // The next one chosen here, not in the order the engine would have taken them (c came first): the server's work.
    expect(started).toEqual(['a', 'b', '']);
    finish.get('b')!();
    await settle();
    expect(started).toEqual(['a', 'b', '', 'c']);
    // A job that has not sent its last message (a transaction waiting for an answer) holds the others back.
    const held = job('held', false);
    const after = job('after');
    finish.get('')!();
    finish.get('c')!();
    await settle();
    expect(started).toEqual(['a', 'b', '', 'c', 'held']);
    finish.get('held')!();
    await settle();
    expect(started).toEqual(['a', 'b', '', 'c', 'held', 'after']);
    finish.get('after')!();
    await Promise.all([a, b, c, delivery, held, after]);
  });
});
