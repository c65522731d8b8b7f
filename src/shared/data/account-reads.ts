import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys.js';

/**
 * Resolves once no read of the signed-in customer's own data (orders, prefill, promotion consent) is in flight,
 * or after `maxMs`. A read that started just before « Se déconnecter » waits for the session, which sign-out takes
 * first: it would then go out without the customer's token and be refused.
 */
export function accountReadsSettled(queryClient: QueryClient, maxMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    const filters = { queryKey: queryKeys.account.all };
    if (queryClient.isFetching(filters) === 0) return resolve();
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = setTimeout(done, maxMs);
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching(filters) === 0) done();
    });
  });
}

/** What sign-out waits for first (accountReadsSettled), bound to the app's query client. */
export function useAccountReadsSettled(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => accountReadsSettled(queryClient);
}
