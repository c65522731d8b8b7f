import { fromCents, toCents, formatEuro, parseEuroPrice } from './money.js';
import type { DeliveryZone } from './store-settings.js';

export const OUT_OF_ZONE_MESSAGE = 'Désolé, nous ne livrons pas dans cette zone.';

export interface DeliveryFeeQuote {
  /** null: not deliverable (unknown city) or no city typed yet. */
  fee: number | null;
  /** null when the city is empty: the form says nothing until something is typed. */
  message: string | null;
  zone: DeliveryZone | null;
}

/** Case and surrounding spaces are ignored; accents and inner spaces are not (the spec's rule). */
export function sameCity(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase('fr') === b.trim().toLocaleLowerCase('fr');
}

export function deliveryZoneFor(city: string, zones: readonly DeliveryZone[]): DeliveryZone | null {
  if (!city.trim()) return null;
  return zones.find((z) => sameCity(z.name, city)) ?? null;
}

export function deliveryFeeMessage(zone: DeliveryZone): string {
  return `Frais de livraison pour ${zone.name.trim()} : ${formatEuro(zone.fee)}`;
}

/** The fee for a city typed in the cart form, with the line shown under the field. */
export function deliveryFeeFor(city: string | null | undefined, zones: readonly DeliveryZone[]): DeliveryFeeQuote {
  const typed = city ?? '';
  if (!typed.trim()) return { fee: null, message: null, zone: null };
  const zone = deliveryZoneFor(typed, zones);
  if (!zone) return { fee: null, message: OUT_OF_ZONE_MESSAGE, zone: null };
  return { fee: fromCents(toCents(zone.fee)), message: deliveryFeeMessage(zone), zone };
}

/** A zone as the admin editor holds it: both fields are text inputs until saved. */
export interface DeliveryZoneDraft {
  name: string;
  fee: string | number;
}

/** Why a zone list cannot be saved; the admin's catalogue words it (`delivery.*`). */
export type ZoneListProblem = 'required' | 'fee_invalid' | 'duplicate';

export type ZoneListValidation =
  { ok: true; zones: DeliveryZone[] } | { ok: false; problem: ZoneListProblem; index: number; name: string };

/**
 * Checks the zone list before saving: every name and fee filled, each fee a number of euros
 * (comma or point) that is not negative. Names are trimmed and fees rounded to cents. Two zones
 * for the same city are refused too, as only the first would ever match.
 */
export function validateZoneList(drafts: readonly DeliveryZoneDraft[]): ZoneListValidation {
  const fail = (problem: ZoneListProblem, index: number, name: string): ZoneListValidation => ({
    ok: false,
    problem,
    index,
    name,
  });
  for (const [index, d] of drafts.entries()) {
    if (!String(d.name ?? '').trim() || String(d.fee ?? '').trim() === '')
      return fail('required', index, String(d.name ?? '').trim());
  }
  const zones: DeliveryZone[] = [];
  for (const [index, d] of drafts.entries()) {
    const name = d.name.trim();
    const fee = parseEuroPrice(typeof d.fee === 'string' ? d.fee.trim() : d.fee);
    if (fee === null || fee < 0) return fail('fee_invalid', index, name);
    if (zones.some((z) => sameCity(z.name, name))) return fail('duplicate', index, name);
    zones.push({ name, fee: fromCents(toCents(fee)) });
  }
  return { ok: true, zones };
}
