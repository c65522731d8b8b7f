// Mirrors RESTAURANT in src/shared/domain/restaurant.ts and the customer tracking texts of
// src/shared/domain/order-status.ts (a unit test keeps them equal): e-mails say what the shop says.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';

/** What the e-mails print about the restaurant: its header, the pickup address, the footer. */
export interface RestaurantIdentity {
  readonly name: string;
  readonly street: string;
  readonly postalCode: string;
  readonly city: string;
  readonly country: string;
  readonly phoneDisplay: string;
  /** E.164, for tel: links. */
  readonly phone: string;
  readonly email: string;
  /** '12, Avenue de la Liberté, L-4601 Differdange' */
  readonly address: string;
  /** The restaurant's time zone (store_settings 'opening_hours'.timezone); Europe/Luxembourg when absent. */
  readonly timeZone?: string;
}

/** The installed defaults: what the e-mails say when the store_settings row cannot be read. */
export const RESTAURANT = {
  name: 'Churrasqueira Differdange',
  street: '12, Avenue de la Liberté',
  postalCode: 'L-4601',
  city: 'Differdange',
  country: 'Luxembourg',
  phoneDisplay: '+352 26 58 40 12',
  phone: '+35226584012',
  email: 'contact@churrasqueira-differdange.lu',
  address: '12, Avenue de la Liberté, L-4601 Differdange',
} as const satisfies RestaurantIdentity;

/** C0 and C1 controls and DEL: a line break in the name would end up in the e-mail's subject header. */
const hasControl = (v: string) =>
  Array.from(v).some((ch) => ch.charCodeAt(0) < 0x20 || (ch.charCodeAt(0) >= 0x7f && ch.charCodeAt(0) <= 0x9f));
const str = (v: unknown, max: number): string | null =>
  typeof v === 'string' && v.trim().length <= max && !hasControl(v) ? v.trim() : null;

/**
 * The store_settings 'restaurant' value (snake_case, checked by store_settings_restaurant_shape and by
 * restaurantIdentitySchema in src/shared/domain/restaurant.ts) in the e-mails' shape; null when it is
 * not a valid identity.
 */
export function restaurantFromSetting(value: unknown): RestaurantIdentity | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const name = str(v.name, 120);
  const street = str(v.street, 160);
  const postalCode = str(v.postal_code, 20);
  const city = str(v.city, 80);
  const country = str(v.country, 80) ?? '';
  const phoneDisplay = str(v.phone_display, 40);
  const phone = typeof v.phone === 'string' && /^\+[1-9]\d{7,14}$/.test(v.phone) ? v.phone : null;
  const email = str(v.email, 254);
  if (!name || !street || !postalCode || !city || !phoneDisplay || !phone) return null;
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return null;
  return {
    name,
    street,
    postalCode,
    city,
    country,
    phoneDisplay,
    phone,
    email,
    address: `${street}, ${postalCode} ${city}`,
  };
}

/**
 * The restaurant as the owner set it in the admin's settings, read with the service client. A row that
 * cannot be read or is not valid gives the defaults and is logged: it never stops an e-mail.
 */
export async function loadRestaurant(db: SupabaseClient): Promise<RestaurantIdentity> {
  let rows: { key: string; value: unknown }[] = [];
  let identity: RestaurantIdentity = RESTAURANT;
  try {
    const { data, error } = await db
      .from('store_settings')
      .select('key, value')
      .in('key', ['restaurant', 'opening_hours']);
    if (error) throw new Error(error.message);
    rows = (data ?? []) as { key: string; value: unknown }[];
    const row = rows.find((r) => r.key === 'restaurant');
    if (!row) throw new Error('no row');
    const read = restaurantFromSetting(row.value);
    if (!read) throw new Error('invalid value');
    identity = read;
  } catch (e) {
    console.error(
      `store_settings 'restaurant' unreadable (${e instanceof Error ? e.message : String(e)}): e-mails use the defaults`,
    );
  }
  // The e-mails' times are on the restaurant's clock: the zone its opening hours name.
  const timeZone = timeZoneFromHours(rows.find((r) => r.key === 'opening_hours')?.value);
  return timeZone ? { ...identity, timeZone } : identity;
}

/** The opening hours' zone when the platform knows it, else null (the e-mails then use Europe/Luxembourg). */
export function timeZoneFromHours(value: unknown): string | null {
  const zone = value && typeof value === 'object' ? (value as { timezone?: unknown }).timezone : null;
  if (typeof zone !== 'string' || zone.length > 64) return null;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

export const ORDER_STATUSES = [
  'En attente',
  'Bien reçu',
  'En préparation',
  'Prêt',
  'Prête pour Livraison',
  'En livraison',
  'Livrée',
  'Annulée',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const TRACKING: Record<OrderStatus, { label: string; description: string }> = {
  'En attente': {
    label: 'En attente',
    description: 'Votre commande a bien été envoyée. Le restaurant va la confirmer dans quelques instants.',
  },
  'Bien reçu': {
    label: 'Commande reçue',
    description: 'Le restaurant a bien reçu votre commande. Elle sera préparée très bientôt.',
  },
  'En préparation': {
    label: 'En préparation',
    description: 'Nos cuisiniers préparent votre commande. Le poulet est sur le grill !',
  },
  Prêt: {
    label: 'Prêt pour livraison',
    description: 'Votre commande est prête. Elle vous attend au restaurant ou partira très vite en livraison.',
  },
  'Prête pour Livraison': {
    label: 'Prêt pour livraison',
    description: 'Votre commande est prête et attend notre livreur. Elle partira dans quelques minutes.',
  },
  'En livraison': {
    label: 'En cours de livraison',
    description: 'Notre livreur est en route avec votre commande. Bon appétit dans quelques minutes !',
  },
  Livrée: { label: 'Livrée', description: 'Votre commande a été livrée ou remise. Merci et bon appétit !' },
  Annulée: { label: 'Annulée', description: 'Cette commande a été annulée. Pour toute question, appelez-nous.' },
};

/**
 * A pickup order's own words where the delivery ones would mislead (« Prêt pour livraison », « En cours de
 * livraison »): the customer comes to the restaurant. Equal to the shop's (tests/unit/fn-shared.test.ts).
 */
export const PICKUP_TRACKING: Partial<Record<OrderStatus, { label: string; description: string }>> = {
  Prêt: { label: 'Prête à retirer', description: 'Votre commande est prête : elle vous attend au restaurant.' },
  'Prête pour Livraison': {
    label: 'Prête à retirer',
    description: 'Votre commande est prête : elle vous attend au restaurant.',
  },
  'En livraison': {
    label: 'Prête à retirer',
    description: 'Votre commande est prête : elle vous attend au restaurant.',
  },
  Livrée: { label: 'Retirée', description: 'Vous avez retiré votre commande. Merci et bon appétit !' },
};

/** The words of a status for this order: a pickup order's where they differ, the delivery ones otherwise. */
export function trackingFor(status: OrderStatus, deliveryMethod: unknown): { label: string; description: string } {
  return (deliveryMethod === 'pickup' ? PICKUP_TRACKING[status] : undefined) ?? TRACKING[status];
}

const VARIANTS: Record<string, OrderStatus> = {
  livré: 'Livrée',
  annulé: 'Annulée',
  acceptée: 'Bien reçu',
  prête: 'Prêt',
};

/** The canonical status for any spelling the spec uses; null when unknown. */
export function normaliseStatus(raw: unknown): OrderStatus | null {
  if (typeof raw !== 'string') return null;
  const key = raw.trim().normalize('NFC').toLocaleLowerCase('fr');
  return ORDER_STATUSES.find((s) => s.toLocaleLowerCase('fr') === key) ?? VARIANTS[key] ?? null;
}

export const PAYMENT_LABELS: Record<string, string> = { cash: 'Espèces', card: 'Carte bancaire' };
export const DELIVERY_LABELS: Record<string, string> = { delivery: 'Livraison', pickup: 'À emporter' };
