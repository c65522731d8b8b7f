import '../zod-setup.js';
// zod's functional build, as in store-settings.ts (which reads this with every public page).
import * as z from 'zod/mini';
import { EMAIL_PATTERN } from './email-address.js';
import { DEFAULT_RESTAURANT_IDENTITY, restaurantAddress } from './restaurant-defaults.js';

export * from './restaurant-defaults.js';

/**
 * The restaurant's identity, one row of store_settings (key 'restaurant', public): the owner edits it
 * in the admin's settings, the shop (footer, contact, location, legal pages), the admin's tickets and
 * the e-mails read it. The database checks the same shape (store_settings_restaurant_shape).
 */
const text = (max: number, min = 0) =>
  z.string().check(z.trim(), z.maxLength(max), ...(min > 0 ? [z.minLength(min)] : []));
const link = z.string().check(
  z.trim(),
  z.maxLength(500),
  z.refine((v) => v === '' || /^https:\/\/\S+$/.test(v), 'invalid_link'),
);

/** The longest restaurant name (restaurant_identity_is_valid in SQL). */
export const RESTAURANT_NAME_MAX = 60;
const NAME_CHARACTERS = /^[A-Za-zÀ-ÖØ-öø-ÿŒœ0-9 '’&.,()!-]+$/;

/**
 * The name goes out in the subject and heading of every branded e-mail, to any address a customer types:
 * letters, digits, spaces and ordinary punctuation only, at most 4 digits (no telephone number), and no
 * site address (no « www », no point followed by a letter). The database checks the same.
 */
export function isPlainRestaurantName(name: string): boolean {
  return (
    NAME_CHARACTERS.test(name) &&
    !/\.[A-Za-zÀ-ÖØ-öø-ÿ]/.test(name) &&
    !/www/i.test(name) &&
    name.replace(/[^0-9]/g, '').length <= 4
  );
}

export const restaurantIdentitySchema = z.object({
  name: z.string().check(
    z.trim(),
    z.maxLength(RESTAURANT_NAME_MAX),
    z.minLength(2),
    z.refine((v) => v.length < 2 || isPlainRestaurantName(v), 'invalid_name'),
  ),
  /** The company as the legal notice names it. */
  company: text(160),
  street: text(160, 1),
  postal_code: text(20, 1),
  city: text(80, 1),
  country: text(80),
  /** E.164, for tel: links and SMS. */
  phone: z.string().check(z.regex(/^\+[1-9]\d{7,14}$/, 'invalid_phone')),
  /** The phone as people read it. */
  phone_display: text(40, 1),
  email: z.string().check(z.trim(), z.maxLength(254), z.regex(EMAIL_PATTERN, 'invalid_email')),
  /** A short line about the hours ("Fermé le mardi"); the schedule itself is opening_hours. */
  hours_text: text(200),
  rcs: text(40),
  vat: text(40),
  facebook_url: link,
  instagram_url: link,
  reviews_url: link,
});
export type RestaurantIdentity = z.output<typeof restaurantIdentitySchema>;

/** The installed identity, checked against the schema's type here (its module stays free of zod and of this one). */
export const INSTALLED_RESTAURANT_IDENTITY: RestaurantIdentity = DEFAULT_RESTAURANT_IDENTITY;
export type RestaurantField = keyof RestaurantIdentity;

/** What a ticket prints in its header: the phone as people read it. */
export function ticketRestaurant(r: RestaurantIdentity): { name: string; address: string; phone: string } {
  return { name: r.name, address: restaurantAddress(r), phone: r.phone_display };
}

/**
 * The defaults in the shape the kiosk's printer and older callers read. The kiosk prints with these
 * when a print job comes without the stored identity (the admin sends it with each job).
 */
export const RESTAURANT = {
  name: DEFAULT_RESTAURANT_IDENTITY.name,
  street: DEFAULT_RESTAURANT_IDENTITY.street,
  postalCode: DEFAULT_RESTAURANT_IDENTITY.postal_code,
  city: DEFAULT_RESTAURANT_IDENTITY.city,
  country: DEFAULT_RESTAURANT_IDENTITY.country,
  phoneDisplay: DEFAULT_RESTAURANT_IDENTITY.phone_display,
  phone: DEFAULT_RESTAURANT_IDENTITY.phone,
  email: DEFAULT_RESTAURANT_IDENTITY.email,
  address: restaurantAddress(DEFAULT_RESTAURANT_IDENTITY),
} as const;

export const TICKET_RESTAURANT = ticketRestaurant(DEFAULT_RESTAURANT_IDENTITY);
