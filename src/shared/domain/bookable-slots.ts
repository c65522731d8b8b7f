import { INPUT_BOUNDS } from './input-bounds.js';
import {
  addDays,
  luxembourgClock,
  parseClockTime,
  parseIsoDate,
  type ClockTime,
  type IsoDate,
} from './luxembourg-time.js';
import { SEEDED_OPENING_SCHEDULE, timeSlotsFor, type OpeningSchedule } from './opening-hours.js';
import type { Refusal } from './refusal.js';
import { REFUSALS } from './refusals.js';

/*
 * The days and times a customer is offered, so that a picker never offers what the server then refuses:
 * a pre-order from tomorrow to 60 days ahead (check_preorder_slot, check_order_bounds), a table from now to a
 * year ahead, never at a time already past (create_reservation).
 */

/** The last date a pre-order may be for (check_order_bounds' preorder_too_far). */
export function latestPreorderDate(now: Date): IsoDate {
  return addDays(luxembourgClock(now).date, INPUT_BOUNDS.preorderDaysAhead);
}

/** Why a pre-order date gets no slot at all (before tomorrow, beyond 60 days), or null. */
export function preorderDateRefusal(
  date: string,
  now: Date,
): Refusal<'preorder_too_early' | 'preorder_too_far'> | null {
  if (!parseIsoDate(date)) return null;
  if (date < addDays(luxembourgClock(now).date, 1)) return REFUSALS.preorder_too_early;
  if (date > latestPreorderDate(now)) return REFUSALS.preorder_too_far;
  return null;
}

/** The pre-order slots the server takes on this date: none outside tomorrow … 60 days ahead. */
export function preorderSlotsFor(
  date: string,
  now: Date,
  schedule: OpeningSchedule = SEEDED_OPENING_SCHEDULE,
): ClockTime[] {
  return preorderDateRefusal(date, now) ? [] : timeSlotsFor(date, schedule);
}

/** The last date a table may be booked for (create_reservation's date_too_far). */
export function latestReservationDate(now: Date): IsoDate {
  return addDays(luxembourgClock(now).date, INPUT_BOUNDS.reservationDaysAhead);
}

/** True when this date and time are already past on Luxembourg's clock (create_reservation's time_in_past). */
export function reservationTimeIsPast(date: string, time: string, now: Date): boolean {
  const clock = luxembourgClock(now);
  const minutes = parseClockTime(time);
  if (date !== clock.date || minutes === null) return date < clock.date;
  return minutes <= clock.minutes;
}

/** The times offered for a table on this date: the day's slots, today only those still to come. */
export function reservationSlotsFor(
  date: string,
  now: Date,
  schedule: OpeningSchedule = SEEDED_OPENING_SCHEDULE,
): ClockTime[] {
  if (!parseIsoDate(date) || date > latestReservationDate(now)) return [];
  return timeSlotsFor(date, schedule).filter((slot) => !reservationTimeIsPast(date, slot, now));
}
