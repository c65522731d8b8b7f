import { useRef, useSyncExternalStore } from 'react';

/**
 * A page prerendered at build time is hydrated in the browser: its first client render must produce the
 * same tree as the build did, or React throws the page's HTML away. What depends on the browser (the
 * time, the saved session) therefore renders as at build time first, then updates right after hydration.
 * `useSyncExternalStore` does exactly that: the server snapshot during the build and the hydration, the
 * live value after it (and at once in a page rendered in the browser only).
 */

/** When the page was prerendered (the build sets it before rendering, the browser reads it from the page). */
let renderedAt: number | null = null;

export function setRenderTime(ms: number): void {
  renderedAt = ms;
}

let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

const tick = () => {
  now = Date.now();
  for (const listener of listeners) listener();
};

function subscribeToClock(listener: () => void): () => void {
  if (listeners.size === 0) {
    now = Date.now();
    timer = setInterval(tick, 60_000);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearInterval(timer);
  };
}

/**
 * The current time in milliseconds, refreshed every minute; the prerender's time during the build and the
 * hydration of a prerendered page.
 */
export function useNow(): number {
  return useSyncExternalStore(
    subscribeToClock,
    () => now,
    () => renderedAt ?? now,
  );
}

const noSubscription = () => () => {};

/** False during the build's render and the hydration of its page, true from then on. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * What a component shows of the current time (the year, the day, a closure notice), refreshed every minute;
 * the prerender's value during the build and the hydration of its page. Right after hydration React renders
 * again, synchronously, only if that value differs, where useNow's milliseconds always do. A primitive, so
 * that the same time gives the same value.
 */
export function useNowAs<T extends string | number | boolean | null>(select: (now: number) => T): T {
  return useSyncExternalStore(
    subscribeToClock,
    () => select(now),
    () => select(renderedAt ?? now),
  );
}

/**
 * True when this component came with the prerendered page (React hydrated its first render), false when it was
 * rendered in the browser; it never changes, so it costs no render after hydration, unlike useHydrated. For
 * what a component decides once, when it appears.
 */
export function useMountedByHydration(): boolean {
  const first = useRef<boolean | null>(null);
  // During hydration React takes the server value, otherwise the client one; afterwards both read the first.
  const value = useSyncExternalStore(
    noSubscription,
    () => first.current ?? false,
    () => first.current ?? true,
  );
  first.current ??= value;
  return first.current;
}
