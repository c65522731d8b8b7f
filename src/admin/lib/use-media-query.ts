import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', notify);
      return () => mql.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Spec §9: the narrow admin breakpoint is 768px, the split view 1024px. */
export const WIDE_ADMIN = '(min-width: 768px)';
export const SPLIT_VIEW = '(min-width: 1024px)';
