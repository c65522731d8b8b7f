import type { DehydratedState } from '@tanstack/react-query';

/**
 * What a page prerendered at build time carries for its hydration (scripts/prerender.ts writes it in a
 * `<script type="application/json">`, which the Content-Security-Policy allows: it is data, never run).
 */
export interface PrerenderData {
  /** The route the page was rendered for, without a trailing slash. */
  path: string;
  /** When it was rendered (ms): the time the page's first client render uses (src/shared/ui/render-clock.ts). */
  renderedAt: number;
  /** The public reads it was rendered with: the menu, the store settings, the opening hours, the offers. */
  queries: DehydratedState;
  /** The restaurant's time zone at build time: the page's times are on its clock until the live read. */
  timeZone?: string;
}

export const PRERENDER_DATA_ID = 'prerender-data';

/**
 * Once React has hydrated the page, the route's own part included (src/shop/app/router.tsx): set on <html>
 * and sent on document. The boot script (src/shop/boot.ts) then replays the taps it held; tests wait for it.
 */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';
export const HYDRATED_EVENT = 'shop:hydrated';

/** Pages whose content follows the query string: with one, the browser renders them itself. */
const SEARCH_PAGES = new Set(['/suivi-commande']);

/** The route a location shows, as the prerender names it (`/menu/` and `/menu` are the same page). */
export function routePath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/** True when the prerendered page in the document is the one the location asks for. */
export function pageMatches(data: PrerenderData, location: { pathname: string; search: string }): boolean {
  if (routePath(location.pathname) !== data.path) return false;
  return location.search === '' || !SEARCH_PAGES.has(data.path);
}

/** The page's data as JSON that cannot close its `<script>` element. */
export function serializePrerenderData(data: PrerenderData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
