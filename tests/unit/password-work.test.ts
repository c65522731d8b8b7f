import bcrypt from 'bcryptjs';
import { afterEach, describe, expect, it } from 'vitest';
import { PasswordWork } from '../../src/backend/auth/password-work.js';

const HASH = bcrypt.hashSync('the right password', 4);

describe('password work (bcrypt in worker threads, fair between clients)', () => {
  let work: PasswordWork | null = null;
  afterEach(async () => {
    await work?.close();
    work = null;
  });

  it('hashes and compares as bcrypt does, off the event loop', async () => {
    work = new PasswordWork({ workers: 1, perClient: 4, total: 10 });
    const hash = await work.run<string>({ op: 'hash', password: 'secret-1', cost: 10 }, 'a');
    expect(bcrypt.compareSync('secret-1', hash)).toBe(true);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const results = await Promise.all([
      work.run<boolean>({ op: 'compare', password: 'the right password', hash: HASH }, 'b'),
      work.run<boolean>({ op: 'compare', password: 'wrong', hash }, 'b'),
      work.run<boolean>({ op: 'compare', password: 'secret-1', hash }, 'c'),
    ]);
    clearInterval(timer);
    expect(results).toEqual([true, false, true]);
    // Two cost-10 compares take well over 50 ms of CPU; the main thread kept its timers running meanwhile.
    expect(ticks).toBeGreaterThan(3);
  });

  it('refuses a client with too many checks waiting, and serves each client in turn, known addresses first', async () => {
    work = new PasswordWork({ workers: 1, perClient: 2, total: 100 });
    work.trust('counter');
    const finished: string[] = [];
    const check = (client: string) =>
      work!.run<boolean>({ op: 'compare', password: 'x', hash: HASH }, client).then(
        () => finished.push(client),
        (e: { status?: number }) => finished.push(`${client}:${e.status}`),
      );
    const all = [
      check('flood'), // taken by the worker at once
      check('flood'),
      check('flood'),
      check('flood'), // over its 2 waiting: refused at once
      check('other'),
      check('counter'),
    ];
    await Promise.all(all);
    expect(finished[0]).toBe('flood:429');
    // After the job already running: the counter's known address, then each client in turn.
    expect(finished.slice(1)).toEqual(['flood', 'counter', 'flood', 'other', 'flood']);
  });

  it('bounds what waits in all, except nothing for work with no client address but the total', async () => {
    work = new PasswordWork({ workers: 1, perClient: 1, total: 3 });
    const runs = Array.from({ length: 5 }, () =>
      work!.run<boolean>({ op: 'compare', password: 'x', hash: HASH }, '').then(
        () => 'ok',
        (e: { status?: number }) => String(e.status),
      ),
    );
    expect((await Promise.all(runs)).sort()).toEqual(['429', 'ok', 'ok', 'ok', 'ok']);
  });
});
