import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import { luxPostalCode } from './delivery-zones.js';
import { REFUSALS } from './refusals.js';

/*
 * The contact fields of the forms (order, reservation, challenge, account): a name, a phone number and, for a
 * delivery, a Luxembourg postal code. The shop checks the number with libphonenumber-js and sends it in E.164;
 * the database, which cannot run the library, checks the same three rules by their shape (e164_phone,
 * is_person_name and lux_postal_code in supabase/migrations) and answers the same refusals.
 */

/** The shape the database accepts (public.e164_phone): +, a country code, 8 to 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{7,14}$/;

/**
 * A phone number as a customer typed it in E.164 (« 691 123 456 » → « +352691123456 », « +33 6 12 34 56 78 »
 * → « +33612345678 »): national numbers are Luxembourg's, « 00 » or « + » starts an international one. Null
 * when libphonenumber-js does not know it as a valid number of its country (« abc », « 621 », « 📞 »).
 */
export function normalizePhone(raw: string | null | undefined): string | null {
  // « (+352) 621… » is a common way of writing the prefix; « 00 » starts an international number.
  const typed = (raw ?? '')
    .trim()
    .replace(/^\((\+\d{1,3})\)/, '$1')
    .replace(/^00/, '+');
  if (!/^[+\d\s.\-/()]+$/.test(typed)) return null;
  if (!isValidPhoneNumber(typed, 'LU')) return null;
  const e164 = parsePhoneNumberFromString(typed, 'LU')?.number ?? null;
  return e164 && E164_PATTERN.test(e164) ? e164 : null;
}

/** A stored number written for people (« +352691777888 » → « +352 691 777 888 »); anything else as it is. */
export function phoneForDisplay(stored: string): string {
  return (E164_PATTERN.test(stored) && parsePhoneNumberFromString(stored)?.formatInternational()) || stored;
}

/**
 * What the data layer sends for a phone: its E.164 form, or the text as typed when it is not a number, so that
 * the database answers its own refusal (invalid_phone) to a request that skipped the form's check.
 */
export function phoneToSend(raw: string): string {
  return normalizePhone(raw) ?? raw;
}

/** At least two letters of any alphabet (public.is_person_name): « x », « 😀🍗🔥 », « 12 » are not names. */
export function isPersonName(raw: string | null | undefined): boolean {
  return ((raw ?? '').match(/\p{L}/gu)?.length ?? 0) >= 2;
}

/** « L-4502 », « l 4502 », « 4502 »; not « zzz » nor « 45020 » (public.lux_postal_code). */
export function isLuxPostalCode(raw: string | null | undefined): boolean {
  return luxPostalCode(raw) !== null;
}

export const CONTACT_REFUSALS = {
  invalid_name: REFUSALS.invalid_name,
  invalid_phone: REFUSALS.invalid_phone,
  invalid_postal_code: REFUSALS.invalid_postal_code,
} as const;

export type ContactRefusalCode = keyof typeof CONTACT_REFUSALS;
