import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { dehydrate, hydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { MENU_CATEGORIES } from '../shared/domain/menu-categories.js';
import { recordReads, setPrerenderedQueries } from '../shared/data/rendered-query.js';
import { setRenderTime } from '../shared/ui/render-clock.js';
import { restaurantTimeZone } from '../shared/domain/restaurant-time.js';
import { setSupabase } from '../shared/data/client.js';
import { fetchMenu, fetchReviews } from '../shared/data/menu.js';
import { fetchOpeningSchedule } from '../shared/data/opening-hours.js';
import { fetchOpenOffers, offersKey } from '../shared/data/offers.js';
import { queryKeys } from '../shared/data/query-keys.js';
import { fetchStoreSettings } from '../shared/data/settings.js';
import { AppProviders, createShopQueryClient } from './app/providers.js';
import { ShopRoutes } from './app/router.js';

export { serializePrerenderData } from './app/prerender-data.js';
export { pageTitle } from './app/page-titles.js';

/**
 * The shop's public pages rendered to HTML at build time (scripts/prerender.ts), with the data they show.
 * The browser hydrates them (main.tsx), so the first paint needs no JavaScript.
 */
export const PRERENDERED_PATHS: readonly string[] = [
  '/',
  '/menu',
  ...MENU_CATEGORIES.map((c) => `/menu/${c.slug}`),
  '/contact',
  '/suivi-commande',
  '/a-propos',
  '/localisation',
  '/avis',
  '/inscription-defi-burj-khalifa',
  '/mentions-legales',
  '/politique-confidentialite',
  '/conditions-generales',
];

/** Reads through this client (scripts/prerender.ts makes it for the embedded backend or a hosted project). */
export function readFrom(client: Parameters<typeof setSupabase>[0]): void {
  setSupabase(client);
}

/**
 * The public reads every prerendered page may show, under the keys the pages read them with. Marked as
 * fetched at time 0 here; the browser marks them fresh when it hydrates (src/shop/main.tsx) and its live
 * follow reads each once more, whatever the build's age (live prices, availability, opening, offers).
 */
export async function readPublicData(): Promise<DehydratedState> {
  const client = new QueryClient();
  await Promise.all([
    client.fetchQuery({ queryKey: queryKeys.menu, queryFn: fetchMenu }),
    client.fetchQuery({ queryKey: queryKeys.storeSettings, queryFn: fetchStoreSettings }),
    client.fetchQuery({ queryKey: queryKeys.openingHours, queryFn: fetchOpeningSchedule }),
    client.fetchQuery({ queryKey: offersKey, queryFn: fetchOpenOffers }),
    client.fetchQuery({ queryKey: queryKeys.reviews, queryFn: fetchReviews }),
  ]);
  const state = dehydrate(client);
  return {
    ...state,
    queries: state.queries.map((q) => ({ ...q, state: { ...q.state, dataUpdatedAt: 0 } })),
  };
}

/**
 * The page at `path` as HTML (the inside of #root), once every lazy page and part has loaded, and the reads
 * it shows: the data it carries for its hydration (a page that shows no dish does not carry the menu).
 */
export async function renderPage(
  path: string,
  queries: DehydratedState,
  renderedAt: number,
): Promise<{ html: string; queries: DehydratedState; timeZone: string }> {
  setRenderTime(renderedAt);
  setPrerenderedQueries(queries.queries);
  const queryClient = createShopQueryClient();
  hydrate(queryClient, queries);
  const errors: unknown[] = [];
  const stopRecording = recordReads();
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouter location={path}>
          <ShopRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Every boundary in place: React would otherwise move the large ones to the end of the page with an
      // inline script to put them back, which the Content-Security-Policy refuses to run.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    },
  );
  const html = await new Response(prelude).text();
  const read = stopRecording();
  queryClient.clear();
  if (/<script>|<!--\$[?!]-->/.test(html)) throw new Error(`Rendering ${path} left a boundary unfinished.`);
  if (errors.length > 0) throw new Error(`Rendering ${path} failed: ${String(errors[0])}`, { cause: errors[0] });
  return {
    html,
    queries: { ...queries, queries: queries.queries.filter((q) => read.has(q.queryHash)) },
    // The zone readPublicData's opening hours set (fetchOpeningSchedule): the one the page was rendered in.
    timeZone: restaurantTimeZone(),
  };
}
