import type { QueryClient } from '@tanstack/react-query';
// Not ./data.js: the channels need the public client (provided by ./public-client.ts) only, not supabase-js.
import { subscribeToPublicTable } from '../../shared/data/channels.js';
import { queryKeys } from '../../shared/data/query-keys.js';

const { menu: MENU_KEY, storeSettings: SETTINGS_KEY, openingHours: HOURS_KEY, offers: OFFERS_KEY } = queryKeys;

/** How long the first catch-up waits for the channels to join before it reads anyway (no realtime). */
export const CATCH_UP_FALLBACK_MS = 8000;

/**
 * Keeps the public reads live for the whole visit: the menu (a dish marked unavailable, a category
 * renamed or moved), the store settings (ordering and delivery on or off, the restaurant's identity, the
 * counter's busy mode and with it the cart's estimate), the opening hours and the offers (the home page's block
 * and the menu's prices).
 *
 * A prerendered page is hydrated with the data it was built with, marked fresh (src/shop/app/root.tsx): the
 * catch-up is here, one read per key, once every channel has joined, so that a change made since the
 * build or while the channels were joining is not missed; or after CATCH_UP_FALLBACK_MS if they cannot
 * join (realtime blocked), without live updates then. The reviews have no channel: they are read again
 * with the catch-up. A channel that joins again later (a dropped connection) re-reads its own keys.
 */
export function followPublicData(qc: QueryClient, fallbackMs = CATCH_UP_FALLBACK_MS): () => void {
  const refresh =
    (...keys: (readonly unknown[])[]) =>
    () => {
      for (const queryKey of keys) void qc.invalidateQueries({ queryKey });
    };
  const menu = refresh(MENU_KEY);
  // The counter's busy mode is a setting: the cart's estimate (the slots read) follows it at once.
  const settings = refresh(SETTINGS_KEY, HOURS_KEY, queryKeys.allSlots);
  const hours = refresh(HOURS_KEY);
  // An offer's price shows on the menu too (the menu read embeds the offers).
  const offers = refresh(OFFERS_KEY, MENU_KEY);
  const catchUp = refresh(MENU_KEY, SETTINGS_KEY, HOURS_KEY, OFFERS_KEY, queryKeys.reviews);

  let caughtUp = false;
  const catchUpOnce = () => {
    if (caughtUp) return;
    caughtUp = true;
    clearTimeout(fallback);
    catchUp();
  };
  const fallback = setTimeout(catchUpOnce, fallbackMs);
  const tables: [string, () => void][] = [
    ['menu_items', menu],
    ['menu_categories', menu],
    ['store_settings', settings],
    ['opening_exceptions', hours],
    ['offers', offers],
  ];
  let waiting = tables.length;
  // Without a client (its module failed to load), the fallback still catches up, without live updates.
  const stops = tables.map(([table, reread]) => {
    let joined = false;
    return subscribeToPublicTable(table, '*', reread, {
      onJoin: () => {
        if (joined) return reread();
        joined = true;
        if (--waiting === 0) catchUpOnce();
      },
    });
  });
  return () => {
    clearTimeout(fallback);
    stops.forEach((stop) => stop());
  };
}
