import {
  addDays,
  clockTime,
  luxembourgClock,
  luxembourgInstant,
  parseClockTime,
  parseIsoDate,
  weekdayOf,
  type ClockTime,
  type IsoDate,
} from './luxembourg-time.js';
import { formatLongDateFr } from './french-dates.js';
import type { Refusal } from './refusal.js';

/**
 * Closed on Tuesday; Wednesday to Monday 11:00–15:00 and 18:00–22:00. The kitchen stops 30 minutes
 * before closing, so the last order of a service is at 14:30 or 21:30 (that minute included).
 */
export const OPENING_HOURS = {
  closedWeekdays: [2] as readonly number[],
  services: [
    { opens: '11:00', closes: '15:00' },
    { opens: '18:00', closes: '22:00' },
  ] as const,
  kitchenClosesMinutesBefore: 30,
  slotMinutes: 15,
};

export interface OrderingWindow {
  /** Minutes since midnight, both inclusive. */
  first: number;
  last: number;
}

const WINDOWS: readonly OrderingWindow[] = OPENING_HOURS.services.map((s) => ({
  first: parseClockTime(s.opens)!,
  last: parseClockTime(s.closes)! - OPENING_HOURS.kitchenClosesMinutesBefore,
}));

export function isClosedDay(date: IsoDate): boolean {
  return OPENING_HOURS.closedWeekdays.includes(weekdayOf(date));
}

/** The windows in which orders are taken on that Luxembourg day; none on a closed day. */
export function orderingWindows(date: IsoDate): readonly OrderingWindow[] {
  return isClosedDay(date) ? [] : WINDOWS;
}

/** Whether the kitchen takes an order for now at this instant. */
export function isOpenForOrders(instant: Date): boolean {
  const c = luxembourgClock(instant);
  return orderingWindows(c.date).some((w) => c.minutes >= w.first && c.minutes <= w.last);
}

/** Whether the dining room is open (until 15:00 / 22:00), for the contact page. */
export function isRestaurantOpen(instant: Date): boolean {
  const c = luxembourgClock(instant);
  if (isClosedDay(c.date)) return false;
  return OPENING_HOURS.services.some(
    (s) => c.minutes >= parseClockTime(s.opens)! && c.minutes < parseClockTime(s.closes)!,
  );
}

/**
 * The first instant at or after this one at which orders are taken: the instant itself when the
 * kitchen is taking orders, otherwise the start of the next service.
 */
export function nextOpening(instant: Date): Date {
  if (isOpenForOrders(instant)) return instant;
  const today = luxembourgClock(instant);
  for (let d = 0; d < 8; d++) {
    const date = addDays(today.date, d);
    for (const w of orderingWindows(date)) {
      const start = luxembourgInstant(date, clockTime(w.first));
      if (start.getTime() > instant.getTime()) return start;
    }
  }
  throw new Error('No opening within a week');
}

/** Every 15 minutes inside the ordering windows: 11:00 … 14:30 and 18:00 … 21:30; none on Tuesday. */
export function timeSlotsFor(date: IsoDate): ClockTime[] {
  if (!parseIsoDate(date)) return [];
  const slots: ClockTime[] = [];
  for (const w of orderingWindows(date)) {
    for (let m = w.first; m <= w.last; m += OPENING_HOURS.slotMinutes) slots.push(clockTime(m));
  }
  return slots;
}

/** The first date a pre-order may be for: tomorrow in Luxembourg, or the day after if that is a Tuesday. */
export function earliestPreorderDate(now: Date): IsoDate {
  let date = addDays(luxembourgClock(now).date, 1);
  while (isClosedDay(date)) date = addDays(date, 1);
  return date;
}

export type PreorderProblem =
  'preorder_invalid_date' | 'preorder_too_early' | 'preorder_closed_day' | 'preorder_invalid_time';

export const HOURS_TEXT = '11:00–14:30 et 18:00–21:30';

export const OPENING_HOURS_REFUSALS = {
  outside_hours: {
    code: 'outside_hours',
    title: 'Restaurant fermé',
    message: 'Nous sommes fermés pour le moment. Vous pouvez passer une pré-commande.',
  },
  preorder_invalid_date: {
    code: 'preorder_invalid_date',
    title: 'Date de pré-commande invalide',
    message: 'Veuillez choisir une date valide pour votre pré-commande.',
  },
  preorder_too_early: {
    code: 'preorder_too_early',
    title: 'Date de pré-commande invalide',
    message: 'Une pré-commande doit être prévue au plus tôt pour demain.',
  },
  preorder_closed_day: {
    code: 'preorder_closed_day',
    title: 'Date de pré-commande invalide',
    message: 'Le restaurant est fermé le mardi. Veuillez choisir un autre jour.',
  },
  preorder_invalid_time: {
    code: 'preorder_invalid_time',
    title: 'Heure de pré-commande invalide',
    message: `Veuillez choisir une heure de commande entre ${HOURS_TEXT}, par tranches de 15 minutes.`,
  },
} as const satisfies Record<PreorderProblem | 'outside_hours', Refusal>;

/** Checks a pre-order's date, then its time; null when both are fine. */
export function validatePreorderSlot(date: unknown, time: unknown, now: Date): Refusal<PreorderProblem> | null {
  if (typeof date !== 'string' || !parseIsoDate(date)) return OPENING_HOURS_REFUSALS.preorder_invalid_date;
  if (date < addDays(luxembourgClock(now).date, 1)) return OPENING_HOURS_REFUSALS.preorder_too_early;
  if (isClosedDay(date)) return OPENING_HOURS_REFUSALS.preorder_closed_day;
  const minutes = parseClockTime(time);
  if (minutes === null || !timeSlotsFor(date).includes(clockTime(minutes)))
    return OPENING_HOURS_REFUSALS.preorder_invalid_time;
  return null;
}

/**
 * When orders open next, in words: 'à 18:00' later today, 'demain à 11:00', or
 * 'mercredi 25 novembre à 11:00'; null while orders are being taken.
 */
export function nextOpeningText(now: Date): string | null {
  if (isOpenForOrders(now)) return null;
  const next = luxembourgClock(nextOpening(now));
  const today = luxembourgClock(now).date;
  if (next.date === today) return `à ${next.time}`;
  if (next.date === addDays(today, 1)) return `demain à ${next.time}`;
  return `${formatLongDateFr(next.date).replace(/ \d{4}$/, '')} à ${next.time}`;
}
