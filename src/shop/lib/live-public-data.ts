import type { QueryClient } from '@tanstack/react-query';
import { queryKeys, subscribeToTable } from './data.js';
import { OPENING_HOURS_KEY } from '../../shared/data/public-reads.js';

/**
 * Keeps the public reads live for the whole visit: the menu (a dish marked unavailable, a category
 * renamed or moved), the store settings (ordering and delivery on or off, the restaurant's identity)
 * and the opening hours. Every (re)join re-reads too, so a change made while the page was loading or
 * offline is not missed.
 */
export function followPublicData(qc: QueryClient): () => void {
  const refresh =
    (...keys: (readonly unknown[])[]) =>
    () => {
      for (const queryKey of keys) void qc.invalidateQueries({ queryKey });
    };
  const menu = refresh(queryKeys.menu);
  const settings = refresh(queryKeys.storeSettings, OPENING_HOURS_KEY);
  const exceptions = refresh(OPENING_HOURS_KEY);
  const stops = [
    subscribeToTable('menu_items', '*', menu, { onJoin: menu }),
    subscribeToTable('menu_categories', '*', menu, { onJoin: menu }),
    subscribeToTable('store_settings', '*', settings, { onJoin: settings }),
    subscribeToTable('opening_exceptions', '*', exceptions, { onJoin: exceptions }),
  ];
  return () => stops.forEach((stop) => stop());
}
