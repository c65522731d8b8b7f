import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { accountReadsSettled } from '../../src/shared/data/account-reads.js';
import { queryKeys } from '../../src/shared/data/query-keys.js';

/** A read the test answers when it wants. */
function pending<T>(value: T) {
  let answer!: () => void;
  const promise = new Promise<T>((resolve) => {
    answer = () => resolve(value);
  });
  return { promise, answer };
}

const state = (p: Promise<unknown>) =>
  Promise.race([p.then(() => 'settled'), new Promise((r) => setTimeout(() => r('waiting'), 30))]);

describe('sign-out waits for the customer’s own reads in flight', () => {
  it('goes at once when none is in flight, and waits for one that is, until it is answered', async () => {
    const qc = new QueryClient();
    expect(await state(accountReadsSettled(qc))).toBe('settled');
    const consent = pending({ consented: true });
    void qc.fetchQuery({ queryKey: queryKeys.promotions.mine, queryFn: () => consent.promise });
    const settled = accountReadsSettled(qc);
    expect(await state(settled)).toBe('waiting');
    consent.answer();
    expect(await state(settled)).toBe('settled');
  });

  it('does not wait for public reads, and never longer than its bound', async () => {
    const qc = new QueryClient();
    const menu = pending([]);
    void qc.fetchQuery({ queryKey: queryKeys.menu, queryFn: () => menu.promise });
    expect(await state(accountReadsSettled(qc))).toBe('settled');
    const stuck = pending([]);
    void qc.fetchQuery({ queryKey: queryKeys.account.orders, queryFn: () => stuck.promise });
    const started = Date.now();
    await accountReadsSettled(qc, 150);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    menu.answer();
    stuck.answer();
  });
});
