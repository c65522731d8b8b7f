// The installed identity and the address helpers, without zod: the shop's layout shows them before
// the first paint (restaurant.ts re-exports all of it, and checks the defaults against its schema's type).

/**
 * What a new installation starts with: the migration 20251126120000_restaurant_identity.sql inserts
 * this row (a test keeps the two equal), and the shop shows it when the settings cannot be read.
 */
export const DEFAULT_RESTAURANT_IDENTITY = {
  name: 'Churrasqueira Differdange',
  company: 'Churrasqueira Differdange S.à r.l.',
  street: '12, Avenue de la Liberté',
  postal_code: 'L-4601',
  city: 'Differdange',
  country: 'Luxembourg',
  phone: '+35226584012',
  phone_display: '+352 26 58 40 12',
  email: 'contact@churrasqueira-differdange.lu',
  hours_text: 'Fermé le mardi',
  rcs: 'B 000000',
  vat: 'LU00000000',
  facebook_url: 'https://www.facebook.com/churrasqueiradifferdange',
  instagram_url: 'https://www.instagram.com/churrasqueiradifferdange',
  reviews_url: 'https://www.google.com/maps/search/?api=1&query=Churrasqueira+Differdange',
};

type Address = { street: string; postal_code: string; city: string };

/** '12, Avenue de la Liberté, L-4601 Differdange' (the pickup address). */
export function restaurantAddress(r: Address): string {
  return `${r.street}, ${r.postal_code} ${r.city}`;
}

/** The address with the country, for maps and the legal pages. */
export function restaurantFullAddress(r: Address & { country: string }): string {
  return r.country ? `${restaurantAddress(r)}, ${r.country}` : restaurantAddress(r);
}

/**
 * True when a registration number (RCS, VAT) is not really filled in: empty, or the installed stand-in whose
 * digits are all zeros ('B 000000', 'LU00000000'). The shop never publishes such a number.
 */
export function isUnfilledNumber(value: string | null | undefined): boolean {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits === '' || /^0+$/.test(digits);
}
