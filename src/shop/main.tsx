import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import './lib/public-client.js';
import { setPrerenderedQueries } from '../shared/data/rendered-query.js';
import { setRenderTime } from '../shared/ui/render-clock.js';
import { setRestaurantTimeZone } from '../shared/domain/restaurant-time.js';
import { AppProviders, createShopQueryClient } from './app/providers.js';
import { pageMatches, PRERENDER_DATA_ID, type PrerenderData } from './app/prerender-data.js';
import { ShopRouter } from './app/router.js';
import './styles/index.css';

const root = document.getElementById('root')!;
const queryClient = createShopQueryClient();
const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <ShopRouter />
    </AppProviders>
  </StrictMode>
);

function prerenderData(): PrerenderData | null {
  const text = document.getElementById(PRERENDER_DATA_ID)?.textContent;
  try {
    return text ? (JSON.parse(text) as PrerenderData) : null;
  } catch {
    return null;
  }
}

// A page prerendered at build time (scripts/prerender.ts) is already painted: React takes it over with the
// data it was rendered with, then the live reads refresh it. Any other route renders here.
const data = prerenderData();
if (data && root.firstElementChild && pageMatches(data, window.location)) {
  // The first render is the build's: its time and data (src/shared/data/rendered-query.ts); the saved cart
  // and session come in right after (zustand and useHydrated read the initial state while hydrating).
  setRenderTime(data.renderedAt);
  setRestaurantTimeZone(data.timeZone);
  setPrerenderedQueries(data.queries.queries);
  // Fresh as of now: nothing is read again while the page hydrates. The live follow (lib/live-public-data.ts,
  // once idle) catches up with what changed since the build, one read per key, and keeps it live.
  const now = Date.now();
  hydrate(queryClient, {
    ...data.queries,
    queries: data.queries.queries.map((q) => ({ ...q, state: { ...q.state, dataUpdatedAt: now } })),
  });
  // As a transition, React hydrates in slices of a few milliseconds, yielding to the browser between them
  // (a default hydration is one long task); the page is already painted and usable meanwhile.
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}
