import { INVALID_EMAIL_MESSAGE, looksLikeEmail } from './email-address.js';
import { BOUND_REFUSALS, fieldTooLong, INPUT_BOUNDS } from './input-bounds.js';
import { addDays, luxembourgDate, parseClockTime, parseIsoDate } from './luxembourg-time.js';
import type { Refusal } from './refusal.js';
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
      | 'invalid_email'
      | 'invalid_date'
      | 'date_in_past'
      | 'date_too_far'
      | 'invalid_time'
      | 'invalid_people'
    >);

const REQUIRED: Exclude<ReservationField, 'message'>[] = ['name', 'email', 'phone', 'date', 'time', 'people'];

/**
 * Name, e-mail, phone, date, time and people are required; the message is optional. The date may
 * not be before today on the restaurant's calendar; people is 1 to 10 or '10+'.
 */
export function validateReservation(form: ReservationForm, now: Date): ReservationCheck {
  const limits: [ReservationField, number, string][] = [
    ['name', INPUT_BOUNDS.name, 'Le nom'],
    ['email', INPUT_BOUNDS.email, "L'e-mail"],
    ['phone', INPUT_BOUNDS.phone, 'Le téléphone'],
    ['message', INPUT_BOUNDS.reservationMessage, 'Le message'],
  ];
  for (const [field, max, label] of limits) {
    if ((form[field] ?? '').length > max) return { ok: false, field, ...fieldTooLong(label, max) };
  }
  const missing = REQUIRED.find((f) => !String(form[f] ?? '').trim());
  if (missing) {
    return {
      ok: false,
      field: missing,
      code: 'missing_fields',
      title: 'Information en manque',
      message: 'Veuillez remplir tous les champs obligatoires.',
    };
  }
  if (!looksLikeEmail(form.email))
    return {
      ok: false,
      field: 'email',
      code: 'invalid_email',
      title: 'E-mail invalide',
      message: INVALID_EMAIL_MESSAGE,
    };
  const date = form.date.trim();
  if (!parseIsoDate(date))
    return {
      ok: false,
      field: 'date',
      code: 'invalid_date',
      title: 'Date invalide',
      message: 'Veuillez choisir une date valide.',
    };
  if (date < luxembourgDate(now)) {
    return {
      ok: false,
      field: 'date',
      code: 'date_in_past',
      title: 'Date invalide',
      message: 'La date de réservation ne peut pas être dans le passé.',
    };
  }
  if (date > addDays(luxembourgDate(now), INPUT_BOUNDS.reservationDaysAhead))
    return { ok: false, field: 'date', ...BOUND_REFUSALS.date_too_far };
  const minutes = parseClockTime(form.time.trim());
  if (minutes === null)
    return {
      ok: false,
      field: 'time',
      code: 'invalid_time',
      title: 'Heure invalide',
      message: 'Veuillez choisir une heure valide.',
    };
  const people = form.people.trim();
  if (!(RESERVATION_PEOPLE as readonly string[]).includes(people)) {
    return {
      ok: false,
      field: 'people',
      code: 'invalid_people',
      title: 'Nombre de personnes invalide',
      message: 'Veuillez choisir de 1 à 10 personnes, ou 10+.',
    };
  }
  const message = form.message?.trim() ?? '';
  return {
    ok: true,
    reservation: {
      name: form.name.trim(),
      email: form.email.trim(),
      phone: form.phone.trim(),
      reservation_date: date,
      reservation_time: form.time.trim().slice(0, 5),
      people: people as ReservationPeople,
      message: message || null,
      status: 'En attente',
    },
  };
}
