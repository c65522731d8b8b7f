import type { QueryClient } from '@tanstack/react-query';
import { queryKeys, subscribeToTable } from './data.js';
import { OPENING_HOURS_KEY } from '../../shared/data/public-reads.js';

/**
 * Keeps the public reads live for the whole visit: the menu (a dish marked unavailable, a category
 * renamed or moved), the store settings (ordering and delivery on or off, the restaurant's identity)
 * and the opening hours. A join re-reads too, so a change made while the page was loading or offline
 * is not missed: once when all the channels of a read have first joined (one request for the menu, not
 * one per table), then on every rejoin.
 */
export function followPublicData(qc: QueryClient): () => void {
  const refresh =
    (...keys: (readonly unknown[])[]) =>
    () => {
      for (const queryKey of keys) void qc.invalidateQueries({ queryKey });
    };
  const afterJoins = (channels: number, reread: () => void) => () => {
    if (channels > 0 && --channels > 0) return;
    reread();
  };
  const menu = refresh(queryKeys.menu);
  const settings = refresh(queryKeys.storeSettings, OPENING_HOURS_KEY);
  const exceptions = refresh(OPENING_HOURS_KEY);
  const menuJoined = afterJoins(2, menu);
  const settingsJoined = afterJoins(2, settings);
  const stops = [
    subscribeToTable('menu_items', '*', menu, { onJoin: menuJoined }),
    subscribeToTable('menu_categories', '*', menu, { onJoin: menuJoined }),
    subscribeToTable('store_settings', '*', settings, { onJoin: settingsJoined }),
    subscribeToTable('opening_exceptions', '*', exceptions, { onJoin: settingsJoined }),
  ];
  return () => stops.forEach((stop) => stop());
}
