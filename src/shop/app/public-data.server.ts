import { createPublicClient } from '../../shared/data/public-client.js';
import { providePublicDb } from '../../shared/data/public-db.js';
import {
  fetchMenu,
  fetchOpeningSchedule,
  fetchOpenOffers,
  fetchReviews,
  fetchStoreSettings,
} from '../../shared/data/public-fetch.js';
import { queryKeys } from '../../shared/data/query-keys.js';
import { restaurantTimeZone, zoneOffsetTable, type ZoneOffsetTable } from '../../shared/domain/restaurant-time.js';
import type { RealtimeClientOptions } from '@supabase/realtime-js';

/** What the prerendered pages are built with: the public reads under their query keys, and when. */
export interface BuildData {
  renderedAt: number;
  /** The restaurant's zone and its offsets from a year before the build to four years after (ZONE_YEARS). */
  zoneOffsets: ZoneOffsetTable;
  queries: [readonly unknown[], unknown][];
}

/** Where the build reads them (scripts/shop-build.ts sets it before the pages are rendered). */
export interface BuildDataSource {
  url: string;
  anonKey: string;
  transport?: RealtimeClientOptions['transport'];
}

export const BUILD_DATA_SOURCE = Symbol.for('shop-build:data-source');

/** The reads each page shows besides the store settings and the opening hours (header, footer, notices). */
const READS: [RegExp, string][] = [
  [/^\/$/, 'offers'],
  [/^\/menu(\/|$)/, 'menu'],
  [/^\/inscription-defi-burj-khalifa$/, 'menu'],
  [/^\/avis$/, 'reviews'],
];

/** The build's reads a page at `pathname` carries for its hydration. */
export function buildDataFor(data: BuildData, pathname: string): BuildData {
  const path = pathname.replace(/\/+$/, '') || '/';
  const wanted = new Set(['store-settings', 'opening-hours']);
  for (const [pattern, key] of READS) if (pattern.test(path)) wanted.add(key);
  return { ...data, queries: data.queries.filter(([key]) => wanted.has(String(key[0]))) };
}

/**
 * The years around the build a page's clock reads without Intl (src/shared/domain/restaurant-time.ts): the
 * pre-orders and reservations it offers are days ahead; a page older than that still works, through Intl.
 */
const ZONE_YEARS = { before: 1, after: 4 };

let read: Promise<BuildData> | null = null;

/**
 * The public reads, once per build, from the backend the build reads (scripts/shop-build.ts): the menu, the
 * store settings, the opening hours, the open offers and the reviews.
 */
export function readBuildData(): Promise<BuildData> {
  return (read ??= (async () => {
    const source = (globalThis as { [BUILD_DATA_SOURCE]?: BuildDataSource })[BUILD_DATA_SOURCE];
    if (!source) throw new Error('The shop is prerendered by its build (scripts/shop-build.ts): no data source.');
    const client = createPublicClient(
      { SUPABASE_URL: source.url, SUPABASE_ANON_KEY: source.anonKey },
      { transport: source.transport },
    );
    providePublicDb(() => client);
    const [menu, settings, hours, offers, reviews] = await Promise.all([
      fetchMenu(),
      fetchStoreSettings(),
      fetchOpeningSchedule(),
      fetchOpenOffers(),
      fetchReviews(),
    ]);
    const renderedAt = Date.now();
    const year = new Date(renderedAt).getUTCFullYear();
    return {
      renderedAt,
      // The zone fetchOpeningSchedule set: the pages' times are on the restaurant's clock.
      zoneOffsets: zoneOffsetTable(
        restaurantTimeZone(),
        Date.UTC(year - ZONE_YEARS.before, 0, 1),
        Date.UTC(year + ZONE_YEARS.after, 0, 1),
      ),
      queries: [
        [queryKeys.menu, menu],
        [queryKeys.storeSettings, settings],
        [queryKeys.openingHours, hours],
        [queryKeys.offers, offers],
        [queryKeys.reviews, reviews],
      ],
    };
  })());
}
