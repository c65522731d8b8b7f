import { useQuery } from '@tanstack/react-query';
import type { OpeningSchedule } from '../domain/opening-hours.js';
import type { StoreSettings } from '../domain/store-settings.js';
import type { Menu } from './menu.js';
import { queryKeys } from './query-keys.js';
import type { QueryConfig } from './react-query.js';

/** The fetchers of the data layer the public reads need (src/shared/data/index.ts). */
export interface PublicReaders {
  fetchStoreSettings: () => Promise<StoreSettings>;
  fetchOpeningSchedule: () => Promise<OpeningSchedule>;
  fetchMenu: () => Promise<Menu>;
}

/** The key of useOpeningScheduleQuery, without loading opening-hours.ts (which loads supabase-js). */
export const OPENING_HOURS_KEY = queryKeys.openingHours;

/**
 * The public reads of a first screen (menu, store settings, opening hours) without the data layer in
 * the first load: `load` brings supabase-js and zod with the first read, once the page has painted.
 * Same keys and fallbacks as useMenuQuery, useStoreSettingsQuery and useOpeningScheduleQuery, so the
 * screens that load the data layer themselves read the same cache. No realtime here: the app follows
 * the changes once idle and invalidates these keys.
 */
export function createPublicReads(load: () => Promise<PublicReaders>) {
  const readStoreSettings = async (): Promise<StoreSettings> => {
    const [{ fetchStoreSettings }, { DEFAULT_STORE_SETTINGS }] = await Promise.all([
      load(),
      import('../domain/store-settings.js'),
    ]);
    // Unreadable settings: the shop stays open with the defaults; place_order decides.
    return fetchStoreSettings().catch(() => structuredClone(DEFAULT_STORE_SETTINGS));
  };
  const readOpeningSchedule = async (): Promise<OpeningSchedule> => {
    const [{ fetchOpeningSchedule }, { SEEDED_OPENING_SCHEDULE }] = await Promise.all([
      load(),
      import('../domain/opening-hours.js'),
    ]);
    return fetchOpeningSchedule().catch(() => structuredClone(SEEDED_OPENING_SCHEDULE));
  };
  const readMenu = async (): Promise<Menu> => (await load()).fetchMenu();

  return {
    usePublicStoreSettings: ({ queryConfig }: { queryConfig?: QueryConfig<StoreSettings> } = {}) =>
      useQuery({ ...queryConfig, queryKey: queryKeys.storeSettings, queryFn: readStoreSettings }),
    usePublicOpeningSchedule: ({ queryConfig }: { queryConfig?: QueryConfig<OpeningSchedule> } = {}) =>
      useQuery({ ...queryConfig, queryKey: OPENING_HOURS_KEY, queryFn: readOpeningSchedule }),
    usePublicMenu: ({ queryConfig }: { queryConfig?: QueryConfig<Menu> } = {}) =>
      useQuery({ staleTime: 5 * 60_000, ...queryConfig, queryKey: queryKeys.menu, queryFn: readMenu }),
  };
}
