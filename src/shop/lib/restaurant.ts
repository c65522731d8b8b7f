import {
  DEFAULT_RESTAURANT_IDENTITY,
  restaurantAddress,
  restaurantFullAddress,
} from '../../shared/domain/restaurant-defaults.js';
import type { RestaurantIdentity } from '../../shared/domain/restaurant.js';
import { useShopStoreSettings } from './public-data.js';

/** The restaurant as the shop's pages show it: the stored identity plus what they derive from it. */
export interface ShopRestaurant {
  identity: RestaurantIdentity;
  name: string;
  company: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  phoneDisplay: string;
  phoneHref: string;
  email: string;
  rcs: string;
  vat: string;
  socials: { facebook: string; instagram: string };
  reviewUrl: string;
  /** Street, postal code and city: the pickup address. */
  address: string;
  /** The address with the country, for maps. */
  fullAddress: string;
}

export function shopRestaurant(r: RestaurantIdentity): ShopRestaurant {
  return {
    identity: r,
    name: r.name,
    company: r.company || r.name,
    street: r.street,
    postalCode: r.postal_code,
    city: r.city,
    country: r.country,
    phoneDisplay: r.phone_display,
    phoneHref: `tel:${r.phone}`,
    email: r.email,
    rcs: r.rcs,
    vat: r.vat,
    socials: { facebook: r.facebook_url, instagram: r.instagram_url },
    reviewUrl: r.reviews_url,
    address: restaurantAddress(r),
    fullAddress: restaurantFullAddress(r),
  };
}

/** The stored identity (store_settings 'restaurant'), live, as the shop's pages show it. */
export function useRestaurant(): ShopRestaurant {
  return shopRestaurant(useShopStoreSettings().data?.restaurant ?? DEFAULT_RESTAURANT_IDENTITY);
}
