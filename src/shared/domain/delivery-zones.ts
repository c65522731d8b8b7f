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

export type ZoneListValidation =
  { ok: true; zones: DeliveryZone[] } | { ok: false; title: string; message: string; index: number };

export const ZONE_VALIDATION_TITLE = 'Erro de validação';
export const ZONE_FIELDS_REQUIRED_MESSAGE = 'Todos os campos de nome da zona e taxa devem ser preenchidos.';
export const zoneFeeInvalidMessage = (name: string) => `A taxa para a zona ${name} não é um número válido.`;
export const zoneDuplicateMessage = (name: string) => `A zona ${name} aparece mais de uma vez.`;

/**
 * Checks the zone list before saving: every name and fee filled, each fee a number of euros
 * (comma or point) that is not negative. Names are trimmed and fees rounded to cents. Two zones
 * for the same city are refused too, as only the first would ever match.
 */
export function validateZoneList(drafts: readonly DeliveryZoneDraft[]): ZoneListValidation {
  const fail = (message: string, index: number): ZoneListValidation => ({
    ok: false,
    title: ZONE_VALIDATION_TITLE,
    message,
    index,
  });
  for (const [index, d] of drafts.entries()) {
    if (!String(d.name ?? '').trim() || String(d.fee ?? '').trim() === '')
      return fail(ZONE_FIELDS_REQUIRED_MESSAGE, index);
  }
  const zones: DeliveryZone[] = [];
  for (const [index, d] of drafts.entries()) {
    const name = d.name.trim();
    const fee = parseEuroPrice(typeof d.fee === 'string' ? d.fee.trim() : d.fee);
    if (fee === null || fee < 0) return fail(zoneFeeInvalidMessage(name), index);
    if (zones.some((z) => sameCity(z.name, name))) return fail(zoneDuplicateMessage(name), index);
    zones.push({ name, fee: fromCents(toCents(fee)) });
  }
  return { ok: true, zones };
}
