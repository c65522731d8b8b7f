import { reservationTimeIsPast } from './bookable-slots.js';
import { isPersonName, normalizePhone } from './contact-fields.js';
import { looksLikeEmail } from './email-address.js';
import { INPUT_BOUNDS } from './input-bounds.js';
import { addDays, restaurantDate, parseClockTime, parseIsoDate } from './restaurant-time.js';
import type { Refusal } from './refusal.js';
import { FIELD_LABELS, fieldTooLong, REFUSALS } from './refusals.js';
import { RESERVATION_PEOPLE, type ReservationPeople } from './reservation.js';

export interface ReservationForm {
  name: string;
  email: string;
  phone: string;
  date: string;
  time: string;
  people: string;
  message?: string;
}

export type ReservationField = keyof ReservationForm;

export interface ReservationRow {
  name: string;
  email: string;
  phone: string;
  reservation_date: string;
  reservation_time: string;
  people: ReservationPeople;
  message: string | null;
  status: 'En attente';
}

export type ReservationCheck =
  | { ok: true; reservation: ReservationRow }
  | ({ ok: false; field: ReservationField } & Refusal<
      | 'field_too_long'
      | 'missing_fields'
      | 'invalid_name'
      | 'invalid_email'
      | 'invalid_phone'
      | 'invalid_date'
      | 'date_in_past'
      | 'date_too_far'
      | 'invalid_time'
      | 'time_in_past'
      | 'invalid_people'
    >);

const REQUIRED: Exclude<ReservationField, 'message'>[] = ['name', 'email', 'phone', 'date', 'time', 'people'];

/**
 * Name, e-mail, phone, date, time and people are required; the message is optional. The name has at least
 * two letters, the phone is a real number (stored in E.164, Luxembourg's when national). The date may
 * not be before today on the restaurant's calendar, nor the time already past today; people is 1 to 10 or '10+'.
 */
export function validateReservation(form: ReservationForm, now: Date): ReservationCheck {
  const limits: [ReservationField, number, string][] = [
    ['name', INPUT_BOUNDS.name, FIELD_LABELS.name],
    ['email', INPUT_BOUNDS.email, FIELD_LABELS.email],
    ['phone', INPUT_BOUNDS.phone, FIELD_LABELS.phone],
    ['message', INPUT_BOUNDS.reservationMessage, FIELD_LABELS.message],
  ];
  for (const [field, max, label] of limits) {
    if ((form[field] ?? '').length > max) return { ok: false, field, ...fieldTooLong(label, max) };
  }
  const missing = REQUIRED.find((f) => !String(form[f] ?? '').trim());
  if (missing) return { ok: false, field: missing, ...REFUSALS.missing_fields };
  if (!isPersonName(form.name)) return { ok: false, field: 'name', ...REFUSALS.invalid_name };
  if (!looksLikeEmail(form.email)) return { ok: false, field: 'email', ...REFUSALS.invalid_email };
  const phone = normalizePhone(form.phone);
  if (phone === null) return { ok: false, field: 'phone', ...REFUSALS.invalid_phone };
  const date = form.date.trim();
  if (!parseIsoDate(date)) return { ok: false, field: 'date', ...REFUSALS.invalid_date };
  if (date < restaurantDate(now)) return { ok: false, field: 'date', ...REFUSALS.date_in_past };
  if (date > addDays(restaurantDate(now), INPUT_BOUNDS.reservationDaysAhead))
    return { ok: false, field: 'date', ...REFUSALS.date_too_far };
  const minutes = parseClockTime(form.time.trim());
  if (minutes === null) return { ok: false, field: 'time', ...REFUSALS.invalid_time };
  if (reservationTimeIsPast(date, form.time.trim(), now)) return { ok: false, field: 'time', ...REFUSALS.time_in_past };
  const people = form.people.trim();
  if (!(RESERVATION_PEOPLE as readonly string[]).includes(people))
    return { ok: false, field: 'people', ...REFUSALS.invalid_people };
  const message = form.message?.trim() ?? '';
  return {
    ok: true,
    reservation: {
      name: form.name.trim(),
      email: form.email.trim(),
      phone,
      reservation_date: date,
      reservation_time: form.time.trim().slice(0, 5),
      people: people as ReservationPeople,
      message: message || null,
      status: 'En attente',
    },
  };
}
