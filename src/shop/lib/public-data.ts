import { createPublicReads } from '../../shared/data/public-reads.js';

/**
 * The shop's first screens read the menu, the store settings and the opening hours through these hooks:
 * supabase-js and zod are loaded with the first read (./public-readers.js, which sets the shop's
 * session key first), not before the first paint. The live updates follow once idle (live-public-data.ts).
 */
export const {
  usePublicStoreSettings: useShopStoreSettings,
  usePublicOpeningSchedule: useShopOpeningSchedule,
  usePublicMenu: useShopMenu,
} = createPublicReads(() => import('./public-readers.js'));
