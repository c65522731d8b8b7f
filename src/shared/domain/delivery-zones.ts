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

/** A Luxembourg postal code as its four digits: « L-4501 », « l 4501 », « 4501 » → « 4501 »; null otherwise. */
export function luxPostalCode(code: string | null | undefined): string | null {
  return /^(?:L\s*-?\s*)?(\d{4})$/i.exec((code ?? '').trim())?.[1] ?? null;
}

/** The largest fee a zone may have (store_setting_is_valid in SQL). */
export const MAX_ZONE_FEE = 50;
/** At most this many postal codes per zone (as SQL). */
export const MAX_ZONE_POSTAL_CODES = 300;

const hasPostalCodes = (z: DeliveryZone) => (z.postal_codes?.length ?? 0) > 0;

/**
 * The zone of an address, as place_order decides it (delivery_zone_fee): a zone that lists postal codes
 * covers those codes only, whatever town is typed; a zone without postal codes matches the town.
 */
export function deliveryZoneFor(
  city: string,
  zones: readonly DeliveryZone[],
  postalCode?: string | null,
): DeliveryZone | null {
  const code = luxPostalCode(postalCode);
  return (
    zones.find((z) =>
      hasPostalCodes(z) ? code !== null && z.postal_codes!.includes(code) : !!city.trim() && sameCity(z.name, city),
    ) ?? null
  );
}

export function deliveryFeeMessage(zone: DeliveryZone): string {
  return `Frais de livraison pour ${zone.name.trim()} : ${formatEuro(zone.fee)}`;
}

/** The fee for a city (and postal code) typed in the cart form, with the line shown under the field. */
export function deliveryFeeFor(
  city: string | null | undefined,
  zones: readonly DeliveryZone[],
  postalCode?: string | null,
): DeliveryFeeQuote {
  const typed = city ?? '';
  if (!typed.trim()) return { fee: null, message: null, zone: null };
  const zone = deliveryZoneFor(typed, zones, postalCode);
  if (!zone) return { fee: null, message: OUT_OF_ZONE_MESSAGE, zone: null };
  return { fee: fromCents(toCents(zone.fee)), message: deliveryFeeMessage(zone), zone };
}

/** A zone as the admin editor holds it: both fields are text inputs until saved. */
export interface DeliveryZoneDraft {
  name: string;
  fee: string | number;
  /** The postal codes as typed, separated by commas or spaces (« 4501, L-4502 »); empty: the town decides. */
  postalCodes?: string;
}

/** Why a zone list cannot be saved; the admin's catalogue words it (`delivery.*`). */
export type ZoneListProblem = 'required' | 'fee_invalid' | 'duplicate' | 'postal_code_invalid' | 'postal_code_twice';

/** The postal codes typed for a zone: each one's four digits, or null when one is not a Luxembourg code. */
export function parsePostalCodes(typed: string | undefined): string[] | null {
  const codes: string[] = [];
  const joined = (typed ?? '').replace(/\bL\s*-?\s*(?=\d{4})/gi, '');
  for (const token of joined.split(/[,;\s]+/).filter(Boolean)) {
    const code = luxPostalCode(token);
    if (code === null) return null;
    if (!codes.includes(code)) codes.push(code);
  }
  return codes.length > MAX_ZONE_POSTAL_CODES ? null : codes;
}

export type ZoneListValidation =
  { ok: true; zones: DeliveryZone[] } | { ok: false; problem: ZoneListProblem; index: number; name: string };

/**
 * Checks the zone list before saving: every name and fee filled, each fee a number of euros
 * (comma or point) from 0 to 50, each postal code a Luxembourg one and in one zone only. Names are
 * trimmed and fees rounded to cents. Two zones for the same city are refused too, as only the first
 * would ever match.
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
    if (fee === null || fee < 0 || fee > MAX_ZONE_FEE) return fail('fee_invalid', index, name);
    if (zones.some((z) => sameCity(z.name, name))) return fail('duplicate', index, name);
    const codes = parsePostalCodes(d.postalCodes);
    if (codes === null) return fail('postal_code_invalid', index, name);
    if (codes.some((c) => zones.some((z) => z.postal_codes?.includes(c))))
      return fail('postal_code_twice', index, name);
    zones.push({ name, fee: fromCents(toCents(fee)), ...(codes.length > 0 ? { postal_codes: codes } : {}) });
  }
  return { ok: true, zones };
}
