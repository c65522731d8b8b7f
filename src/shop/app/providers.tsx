import { useEffect, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useAuthListener, whenIdle } from '../lib/session.js';
import { hydrateCart } from '../stores/cart-store.js';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

/** After the first paint: the saved cart, then the live updates of the menu, settings and hours. */
function AfterFirstPaint() {
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
  }, []);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AfterFirstPaint />
      {children}
    </QueryClientProvider>
  );
}
