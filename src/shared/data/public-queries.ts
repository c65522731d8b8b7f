import { useQuery } from '@tanstack/react-query';
// The public reads' queries the shop's lazily loaded blocks use (the home page's offers and reviews), apart
// from the modules that also write, which load supabase-js.
import { restaurantDate } from '../domain/restaurant-time.js';
import { useNowAs } from '../ui/render-clock.js';
import { fetchOpenOffers, fetchReviews, type ShopOffer } from './public-fetch.js';
import { queryKeys } from './query-keys.js';
import type { QueryConfig } from './react-query.js';
import type { ReviewRow } from './rows.js';

export function useReviewsQuery({ queryConfig: config = {} }: { queryConfig?: QueryConfig<ReviewRow[]> } = {}) {
  return useQuery({ staleTime: 30 * 60_000, ...config, queryKey: queryKeys.reviews, queryFn: fetchReviews });
}

/**
 * The shop's offers. The shop keeps them live with the rest of its public reads (its channel on offers
 * refetches them and the menu's prices: src/shop/lib/live-public-data.ts). An offer whose last day
 * passes while the page is open is dropped by the page (see useRestaurantToday).
 */
export function useOpenOffersQuery({ queryConfig: config = {} }: { queryConfig?: QueryConfig<ShopOffer[]> } = {}) {
  return useQuery({
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    ...config,
    queryKey: queryKeys.offers,
    queryFn: fetchOpenOffers,
  });
}

/**
 * Today on the restaurant's clock, re-rendering when the day changes (an offer ends at midnight by itself); the build's day
 * while a prerendered page hydrates (src/shared/ui/render-clock.ts).
 */
export function useRestaurantToday(): string {
  return useNowAs((now) => restaurantDate(new Date(now)));
}
