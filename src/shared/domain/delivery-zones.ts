import { LUX_POSTAL_CODE_LINES } from './lux-postal-codes.js';
import { fromCents, toCents, parseEuroPrice } from './money.js';
import type { DeliveryZone } from './store-settings.js';

export interface DeliveryFeeQuote {
  /** null: not deliverable (unknown city) or no city typed yet. */
  fee: number | null;
  /** A city is typed and no zone delivers it (false while the city is empty: the form says nothing yet). */
  outOfZone: boolean;
  zone: DeliveryZone | null;
}

/**
 * The accents a town name is compared without: each letter of ACCENTED becomes the one at the same place in
 * PLAIN (public.town_key does the same with translate(), as PGlite has no unaccent extension).
 */
export const ACCENTED = 'àáâãäåāăąçćčďèéêëēėęěìíîïīįıñńňòóôõöøōőùúûüūůűųýÿžźżšśşłř';
export const PLAIN = 'aaaaaaaaacccdeeeeeeeeiiiiiiinnnoooooooouuuuuuuuyyzzzssslr';

/**
 * The usual short and Luxembourgish names of the towns around the restaurant, as their folded key (townKey)
 * → the key of the official name. public.town_key has the same list (tests/integration/db-contact-fields.test.ts).
 */
export const TOWN_ALIASES: Readonly<Record<string, string>> = {
  esch: 'esch sur alzette',
  'esch alzette': 'esch sur alzette',
  'esch uelzecht': 'esch sur alzette',
  'eisch uelzecht': 'esch sur alzette',
  deifferdeng: 'differdange',
  peiteng: 'petange',
  nidderkuer: 'niederkorn',
  niedercorn: 'niederkorn',
  uewerkuer: 'oberkorn',
  obercorn: 'oberkorn',
  zowaasch: 'lasauvage',
  rodeng: 'rodange',
  rolleng: 'lamadelaine',
  suessem: 'sanem',
  zolwer: 'soleuvre',
  bieles: 'belvaux',
  beles: 'belvaux',
  eilereng: 'ehlerange',
  nidderkaerjeng: 'bascharage',
  schuffleng: 'schifflange',
  scheffleng: 'schifflange',
  diddeleng: 'dudelange',
  monnerech: 'mondercange',
  lux: 'luxembourg',
  'luxembourg ville': 'luxembourg',
  'ville de luxembourg': 'luxembourg',
  letzebuerg: 'luxembourg',
};

/**
 * A town as it is compared: lower case, without accents, every run of other characters (hyphens, spaces,
 * apostrophes) one space, then a usual short name replaced by the official one: « PETANGE », « Pétange »,
 * « petange » → « petange »; « Esch », « Esch sur Alzette » → « esch sur alzette ».
 */
export function townKey(town: string | null | undefined): string {
  let key = (town ?? '').toLowerCase().replace(/œ/g, 'oe').replace(/æ/g, 'ae').replace(/ß/g, 'ss');
  key = [...key].map((ch) => (ACCENTED.includes(ch) ? PLAIN[ACCENTED.indexOf(ch)] : ch)).join('');
  key = key.replace(/[^a-z0-9]+/g, ' ').trim();
  return TOWN_ALIASES[key] ?? key;
}

/** Two town names are the same town: case, accents, hyphens and usual short names aside (townKey). */
export function sameCity(a: string, b: string): boolean {
  return townKey(a) !== '' && townKey(a) === townKey(b);
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

let localitiesByCode: Map<string, string[]> | null = null;

/** The register's postal codes of a town (townKey: « petange » → 4702, 4706…), sorted; empty for an unknown town. */
export function postalCodesOfTown(town: string): string[] {
  localitiesOfPostalCode('');
  const codes: string[] = [];
  for (const [code, localities] of localitiesByCode!) if (localities.some((l) => sameCity(l, town))) codes.push(code);
  return codes.sort();
}

/**
 * What a zone of the admin's editor covers: with postal codes, those codes and the register's towns for them;
 * without, the town's name and its codes in the register (the code of an address names its town).
 */
export function zoneCoverage(draft: DeliveryZoneDraft): { codes: string[]; towns: string[] } {
  const listed = parsePostalCodes(draft.postalCodes) ?? [];
  if (listed.length === 0)
    return { codes: postalCodesOfTown(draft.name), towns: draft.name.trim() ? [draft.name.trim()] : [] };
  const towns = [...new Set(listed.flatMap((c) => localitiesOfPostalCode(c)))].sort((a, b) => a.localeCompare(b, 'fr'));
  return { codes: listed, towns };
}

/** The localities a Luxembourg postal code serves (« 4601 » → Differdange, Niederkorn); empty for an unknown code. */
export function localitiesOfPostalCode(code: string): readonly string[] {
  if (!localitiesByCode) {
    localitiesByCode = new Map();
    for (const line of LUX_POSTAL_CODE_LINES) {
      const cut = line.lastIndexOf(':');
      const locality = line.slice(0, cut);
      for (const c of line.slice(cut + 1).split(' '))
        localitiesByCode.set(c, [...(localitiesByCode.get(c) ?? []), locality]);
    }
  }
  return localitiesByCode.get(luxPostalCode(code) ?? '') ?? [];
}

/**
 * The zone of an address, as place_order decides it (delivery_zone_fee): the zone that lists the postal code
 * first; else, for a zone without postal codes, its town: the localities of the postal code when the register
 * knows the code (`localitiesOfPostalCode`, the postal_codes table in SQL), the typed town otherwise (townKey: without
 * case, accents, and with the usual short names). A zone that lists postal codes covers those codes only. Without
 * a postal code (not typed yet; an order needs one) the town names the zone.
 */
export function deliveryZoneFor(
  city: string,
  zones: readonly DeliveryZone[],
  postalCode?: string | null,
  localitiesOf: (code: string) => readonly string[] = localitiesOfPostalCode,
): DeliveryZone | null {
  const code = luxPostalCode(postalCode);
  // No code typed yet: the town names its zone (the fee shown while the form is filled in).
  if (code === null) return zones.find((z) => sameCity(z.name, city)) ?? null;
  const byCode = zones.find((z) => z.postal_codes?.includes(code));
  if (byCode) return byCode;
  const known = localitiesOf(code);
  const towns = known.length > 0 ? known : [city];
  return zones.find((z) => !hasPostalCodes(z) && towns.some((t) => sameCity(z.name, t))) ?? null;
}

/** The fee for a city (and postal code) typed in the cart form; the shop words the line under the field (`fr.cart.zoneMessage`). */
export function deliveryFeeFor(
  city: string | null | undefined,
  zones: readonly DeliveryZone[],
  postalCode?: string | null,
): DeliveryFeeQuote {
  const typed = city ?? '';
  if (!typed.trim()) return { fee: null, outOfZone: false, zone: null };
  const zone = deliveryZoneFor(typed, zones, postalCode);
  if (!zone) return { fee: null, outOfZone: true, zone: null };
  return { fee: fromCents(toCents(zone.fee)), outOfZone: false, zone };
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
