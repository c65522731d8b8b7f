import { useEffect, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useAuthListener, whenIdle } from '../lib/session.js';
import { hydrateCart } from '../stores/cart-store.js';

/** The shop's query cache: one in the browser, one per page at build time (src/shop/app/root.tsx). */
export function createShopQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  });
}

/** After the first paint: the saved cart, then the live updates of the menu, settings and hours. */
function AfterFirstPaint({ queryClient }: { queryClient: QueryClient }) {
  useAuthListener();
  useEffect(() => whenIdle(() => void hydrateCart(), 1000), []);
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    const cancelIdle = whenIdle(
      () =>
        void import('../lib/live-public-data.js').then(({ followPublicData }) => {
          if (!cancelled) stop = followPublicData(queryClient);
        }),
    );
    return () => {
      cancelled = true;
      cancelIdle();
      stop?.();
    };
  }, [queryClient]);
  return null;
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AfterFirstPaint queryClient={queryClient} />
      {children}
    </QueryClientProvider>
  );
}
