import { hashKey, useQuery, type DefaultError, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * The public reads a prerendered page was built with, by query hash (scripts/prerender.ts embeds them,
 * the shop's main.tsx and the build's renderPage hand them here).
 */
let asBuilt: Map<string, unknown> | null = null;

export function setPrerenderedQueries(queries: readonly { queryHash: string; state: { data?: unknown } }[]): void {
  asBuilt = new Map(queries.map((q) => [q.queryHash, q.state.data]));
}

/** The reads the page being rendered at build time uses (by query hash), while recordReads() is on. */
let reads: Set<string> | null = null;

/**
 * Notes the prerendered reads the render that follows uses; the function it returns stops and gives them.
 * A page carries only those as its data (src/shop/entry-server.tsx): its hydration reads nothing else.
 */
export function recordReads(): () => Set<string> {
  const recorded = new Set<string>();
  reads = recorded;
  return () => {
    if (reads === recorded) reads = null;
    return recorded;
  };
}

const noSubscription = () => () => {};

/**
 * useQuery for data a prerendered page shows: while React hydrates the page (and while the build renders
 * it), the data it was built with; the live cache from then on. A part of the page under a Suspense boundary
 * (a lazy route) is hydrated after the rest, and by then the live reads may have brought newer data (a day
 * closed since the build, a dish sold out): rendered with it, that part would not match its HTML, and React
 * would throw the HTML away and report it. Rendered as built, it hydrates, then updates.
 *
 * While the live cache still holds the very data the page was built with (the hydrated cache shares it), the
 * two renders are the same: the hook then asks nothing of the hydration, and React has no second, synchronous
 * render to make right after it (useSyncExternalStore's server and client values are equal).
 */
export function useRenderedQuery<TData, TKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TData, DefaultError, TData, TKey>,
) {
  const result = useQuery(options);
  const hash = asBuilt ? hashKey(options.queryKey) : null;
  if (hash !== null) reads?.add(hash);
  const built = hash !== null && asBuilt!.has(hash);
  const live = !built || result.data === asBuilt!.get(hash!);
  const showLive = useSyncExternalStore(
    noSubscription,
    () => true,
    () => live,
  );
  return showLive || !built ? result : { ...result, data: asBuilt!.get(hash!) as TData };
}
