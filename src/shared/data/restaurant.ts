import { DEFAULT_RESTAURANT_IDENTITY, type RestaurantIdentity } from '../domain/restaurant.js';
import { useStoreSettingsQuery } from './settings.js';

/**
 * The restaurant's identity (store_settings 'restaurant'), live like the other settings: what the
 * shop's pages, the admin's tickets and pickup address show. The installed defaults until it is read
 * or when it cannot be.
 */
export function useRestaurantIdentity(): RestaurantIdentity {
  return useStoreSettingsQuery().data?.restaurant ?? DEFAULT_RESTAURANT_IDENTITY;
}
