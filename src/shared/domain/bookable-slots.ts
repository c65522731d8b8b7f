import { INPUT_BOUNDS } from './input-bounds.js';
import {
  addDays,
  restaurantClock,
  parseClockTime,
  parseIsoDate,
  type ClockTime,
  type IsoDate,
} from './restaurant-time.js';
import {
  earliestPreorderDate,
  SEEDED_OPENING_SCHEDULE,
  timeSlotsFor,
  todayPreorderFrom,
  type OpeningSchedule,
} from './opening-hours.js';
import type { Refusal } from './refusal.js';
import { REFUSALS } from './refusals.js';

/*
 * The days and times a customer is offered, so that a picker never offers what the server then refuses:
 * a pre-order from later today (after the kitchen's preparation time) to 60 days ahead (check_preorder_slot,
 * place_order_once, check_order_bounds), a table from now to a
 * year ahead, never at a time already past (create_reservation).
 */

/** The last date a pre-order may be for (check_order_bounds' preorder_too_far). */
export function latestPreorderDate(now: Date): IsoDate {
  return addDays(restaurantClock(now).date, INPUT_BOUNDS.preorderDaysAhead);
}

/** Why a pre-order date gets no slot at all (a day already past, beyond 60 days), or null. */
export function preorderDateRefusal(
  date: string,
  now: Date,
): Refusal<'preorder_too_early' | 'preorder_too_far'> | null {
  if (!parseIsoDate(date)) return null;
  if (date < restaurantClock(now).date) return REFUSALS.preorder_too_early;
  if (date > latestPreorderDate(now)) return REFUSALS.preorder_too_far;
  return null;
}

/**
 * The pre-order slots the server takes on this date: none outside today … 60 days ahead; today, only those from
 * `todayFrom` on (the server's asap.preorder_from: now plus the kitchen's preparation time), else from now plus
 * the default preparation time.
 */
export function preorderSlotsFor(
  date: string,
  now: Date,
  schedule: OpeningSchedule = SEEDED_OPENING_SCHEDULE,
  todayFrom?: string | null,
): ClockTime[] {
  if (preorderDateRefusal(date, now)) return [];
  const slots = timeSlotsFor(date, schedule);
  if (date !== restaurantClock(now, schedule.weekly.timezone).date) return slots;
  const from = todayFrom ?? todayPreorderFrom(now);
  return slots.filter((s) => s >= from);
}

/** The first day with a pre-order slot left: today when a slot of today is still to come, else the next open day. */
export function firstPreorderDate(
  now: Date,
  schedule: OpeningSchedule = SEEDED_OPENING_SCHEDULE,
  todayFrom?: string | null,
): IsoDate {
  const today = restaurantClock(now, schedule.weekly.timezone).date;
  return preorderSlotsFor(today, now, schedule, todayFrom).length > 0 ? today : earliestPreorderDate(now, schedule);
}

/** The last date a table may be booked for (create_reservation's date_too_far). */
export function latestReservationDate(now: Date): IsoDate {
  return addDays(restaurantClock(now).date, INPUT_BOUNDS.reservationDaysAhead);
}

/** True when this date and time are already past on the restaurant's clock (create_reservation's time_in_past). */
export function reservationTimeIsPast(date: string, time: string, now: Date): boolean {
  const clock = restaurantClock(now);
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
