import {
  addDays,
  clockTime,
  compareIsoDates,
  isKnownTimeZone,
  restaurantClock,
  restaurantInstant,
  parseClockTime,
  parseIsoDate,
  weekdayOf,
  type ClockTime,
  type IsoDate,
} from './restaurant-time.js';
import { formatLongDateFr } from './french-dates.js';
import type { Refusal } from './refusal.js';
import { CLOSED_TODAY, closedDayMessage, invalidTimeMessage, REFUSALS } from './refusals.js';

/** One service of a day: [opens, closes] as "HH:MM", the restaurant's wall clock. */
export type Service = readonly [opens: ClockTime, closes: ClockTime];

/** The weekly schedule (store_settings 'opening_hours'): ISO weekday 1–7 → its services. */
export interface WeeklyHours {
  timezone: string;
  last_order_minutes_before_close: number;
  slot_minutes: number;
  days: Record<string, Service[]>;
}

/** A dated exception (opening_exceptions): a closure with a reason, or a special opening with its services. */
export interface OpeningException {
  day: IsoDate;
  is_closed: boolean;
  services: Service[];
  reason: string;
}

export interface OpeningSchedule {
  weekly: WeeklyHours;
  exceptions: readonly OpeningException[];
}

export const MAX_SERVICES_PER_DAY = 4;
export const MAX_REASON_LENGTH = 200;
export const MAX_LAST_ORDER_OFFSET = 180;
/** Exceptions may be set from today up to two years ahead (the database says the same). */
export const EXCEPTION_DAYS_AHEAD = 730;

const SPEC_SERVICES: Service[] = [
  ['11:00', '15:00'],
  ['18:00', '22:00'],
];

/**
 * What the database is seeded with (the spec): closed on Tuesday, Wednesday to Monday 11:00–15:00 and
 * 18:00–22:00, last order 30 minutes before closing. Used only until the live schedule is read.
 */
export const SEEDED_OPENING_SCHEDULE: OpeningSchedule = {
  weekly: {
    timezone: 'Europe/Luxembourg',
    last_order_minutes_before_close: 30,
    slot_minutes: 15,
    days: {
      '1': SPEC_SERVICES,
      '2': [],
      '3': SPEC_SERVICES,
      '4': SPEC_SERVICES,
      '5': SPEC_SERVICES,
      '6': SPEC_SERVICES,
      '7': SPEC_SERVICES,
    },
  },
  exceptions: [],
};

const isoWeekday = (date: IsoDate) => ((weekdayOf(date) + 6) % 7) + 1;

export function exceptionOn(date: IsoDate, schedule: OpeningSchedule): OpeningException | undefined {
  return schedule.exceptions.find((e) => e.day === date);
}

/** The services of a day: its exception's, else the weekly schedule's. */
export function servicesOn(date: IsoDate, schedule: OpeningSchedule = SEEDED_OPENING_SCHEDULE): readonly Service[] {
  const exception = exceptionOn(date, schedule);
  if (exception) return exception.is_closed ? [] : exception.services;
  return schedule.weekly.days[String(isoWeekday(date))] ?? [];
}

export interface OrderingWindow {
  /** Minutes since midnight, both inclusive. */
  first: number;
  last: number;
}

export function isClosedDay(date: IsoDate, schedule: OpeningSchedule = SEEDED_OPENING_SCHEDULE): boolean {
  return servicesOn(date, schedule).length === 0;
}

/** The windows in which orders are taken on that day of the restaurant: each service up to its last-order time. */
export function orderingWindows(
  date: IsoDate,
  schedule: OpeningSchedule = SEEDED_OPENING_SCHEDULE,
): readonly OrderingWindow[] {
  return servicesOn(date, schedule).map(([opens, closes]) => ({
    first: parseClockTime(opens)!,
    last: parseClockTime(closes)! - schedule.weekly.last_order_minutes_before_close,
  }));
}

/** Whether the kitchen takes an order for now at this instant. */
export function isOpenForOrders(instant: Date, schedule: OpeningSchedule = SEEDED_OPENING_SCHEDULE): boolean {
  const c = restaurantClock(instant, schedule.weekly.timezone);
  return orderingWindows(c.date, schedule).some((w) => c.minutes >= w.first && c.minutes <= w.last);
}

/** Whether the dining room is open (until each closing time), for the contact page. */
export function isRestaurantOpen(instant: Date, schedule: OpeningSchedule = SEEDED_OPENING_SCHEDULE): boolean {
  const c = restaurantClock(instant, schedule.weekly.timezone);
  return servicesOn(c.date, schedule).some(
    ([opens, closes]) => c.minutes >= parseClockTime(opens)! && c.minutes < parseClockTime(closes)!,
  );
}

/**
 * The first instant at or after this one at which orders are taken: the instant itself when the
 * kitchen is taking orders, otherwise the start of the next service; null if none within 90 days.
 */
export function nextOpening(instant: Date, schedule: OpeningSchedule = SEEDED_OPENING_SCHEDULE): Date | null {
  if (isOpenForOrders(instant, schedule)) return instant;
  const today = restaurantClock(instant, schedule.weekly.timezone);
  for (let d = 0; d <= 90; d++) {
    const date = addDays(today.date, d);
    for (const w of orderingWindows(date, schedule)) {
      const start = restaurantInstant(date, clockTime(w.first), schedule.weekly.timezone);
      if (start.getTime() > instant.getTime()) return start;
    }
  }
  return null;
}

/** Every slot inside the ordering windows (15 minutes by default): 11:00 … 14:30 and 18:00 … 21:30. */
export function timeSlotsFor(date: IsoDate, schedule: OpeningSchedule = SEEDED_OPENING_SCHEDULE): ClockTime[] {
  if (!parseIsoDate(date)) return [];
  const step = Math.max(1, schedule.weekly.slot_minutes);
  const slots: ClockTime[] = [];
  for (const w of orderingWindows(date, schedule)) {
    for (let m = w.first; m <= w.last; m += step) slots.push(clockTime(m));
  }
  return slots;
}

/** The first whole day a pre-order may be for: tomorrow on the restaurant's clock, or the next day the restaurant opens. */
export function earliestPreorderDate(now: Date, schedule: OpeningSchedule = SEEDED_OPENING_SCHEDULE): IsoDate {
  const first = addDays(restaurantClock(now, schedule.weekly.timezone).date, 1);
  for (let d = 0; d <= 90; d++) {
    const date = addDays(first, d);
    if (!isClosedDay(date, schedule)) return date;
  }
  return first;
}

export type PreorderProblem =
  'preorder_invalid_date' | 'preorder_too_early' | 'preorder_closed_day' | 'preorder_invalid_time';

/** The ordering windows of a day in words: '11:00–14:30 et 18:00–21:30'. */
export function hoursText(date: IsoDate, schedule: OpeningSchedule = SEEDED_OPENING_SCHEDULE): string {
  return orderingWindows(date, schedule)
    .map((w) => `${clockTime(w.first)}–${clockTime(w.last)}`)
    .join(' et ');
}

const WEEKDAYS_FR = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'];
/** 'vendredi 26 décembre' (no year), as the database's french_day() writes it. */
const dayWithoutYear = (date: IsoDate) => formatLongDateFr(date).replace(/ \d{4}$/, '');

export const OPENING_HOURS_REFUSALS = {
  outside_hours: REFUSALS.outside_hours,
  preorder_invalid_date: REFUSALS.preorder_invalid_date,
  preorder_too_early: REFUSALS.preorder_too_early,
  preorder_closed_day: REFUSALS.preorder_closed_day,
  preorder_invalid_time: REFUSALS.preorder_invalid_time,
} as const satisfies Record<PreorderProblem | 'outside_hours', Refusal>;

/**
 * Checks a pre-order's date (from today), then its time; null when both are fine. Same texts as
 * check_preorder_slot(). A pre-order of today also needs a time after the kitchen's preparation time
 * (preorderTooSoon, place_order_once).
 */
export function validatePreorderSlot(
  date: unknown,
  time: unknown,
  now: Date,
  schedule: OpeningSchedule = SEEDED_OPENING_SCHEDULE,
): Refusal<PreorderProblem> | null {
  if (typeof date !== 'string' || !parseIsoDate(date)) return OPENING_HOURS_REFUSALS.preorder_invalid_date;
  if (date < restaurantClock(now, schedule.weekly.timezone).date) return OPENING_HOURS_REFUSALS.preorder_too_early;
  if (isClosedDay(date, schedule)) {
    const exception = exceptionOn(date, schedule);
    const message = closedDayMessage(
      exception
        ? `${dayWithoutYear(date)}${exception.reason ? ` (${exception.reason})` : ''}`
        : WEEKDAYS_FR[isoWeekday(date) - 1]!,
    );
    return { ...OPENING_HOURS_REFUSALS.preorder_closed_day, message };
  }
  const minutes = parseClockTime(time);
  if (minutes === null || !timeSlotsFor(date, schedule).includes(clockTime(minutes)))
    return {
      ...OPENING_HOURS_REFUSALS.preorder_invalid_time,
      message: invalidTimeMessage(hoursText(date, schedule), schedule.weekly.slot_minutes),
    };
  return null;
}

/** When orders open next: later today, tomorrow or a later day, at its time on the restaurant's clock. */
export interface NextOpening {
  day: 'today' | 'tomorrow' | 'later';
  date: IsoDate;
  time: string;
}

/**
 * When orders open next, null while orders are being taken or when nothing opens soon; the shop words it
 * ('à 18:00', 'demain à 11:00', 'mercredi 25 novembre à 11:00': `fr.store.nextOpening`).
 */
export function nextOpeningDay(now: Date, schedule: OpeningSchedule = SEEDED_OPENING_SCHEDULE): NextOpening | null {
  if (isOpenForOrders(now, schedule)) return null;
  const at = nextOpening(now, schedule);
  if (!at) return null;
  const next = restaurantClock(at, schedule.weekly.timezone);
  const today = restaurantClock(now, schedule.weekly.timezone).date;
  const day = next.date === today ? 'today' : next.date === addDays(today, 1) ? 'tomorrow' : 'later';
  return { day, date: next.date, time: next.time };
}

/**
 * The refusal of an immediate order now, as opening_refusal() in the database writes it: on a dated
 * closure « Fermé aujourd'hui (Noël) — réouverture le vendredi 26 décembre à 11:00. … ».
 */
export function outsideHoursRefusal(now: Date, schedule: OpeningSchedule = SEEDED_OPENING_SCHEDULE): Refusal | null {
  if (isOpenForOrders(now, schedule)) return null;
  const notice = closedTodayNotice(now, schedule);
  if (!notice) return OPENING_HOURS_REFUSALS.outside_hours;
  return { ...OPENING_HOURS_REFUSALS.outside_hours, message: CLOSED_TODAY.refusal(notice) };
}

/** On a day closed by an exception: « Fermé aujourd'hui (Noël) — réouverture demain à 11:00 »; else null. */
export function closedTodayNotice(now: Date, schedule: OpeningSchedule = SEEDED_OPENING_SCHEDULE): string | null {
  const today = restaurantClock(now, schedule.weekly.timezone).date;
  const closure = exceptionOn(today, schedule);
  if (!closure?.is_closed) return null;
  const at = nextOpening(now, schedule);
  let reopening = '';
  if (at) {
    const next = restaurantClock(at, schedule.weekly.timezone);
    reopening =
      next.date === addDays(today, 1)
        ? CLOSED_TODAY.reopeningTomorrow(next.time)
        : CLOSED_TODAY.reopeningOn(dayWithoutYear(next.date), next.time);
  }
  return CLOSED_TODAY.notice(closure.reason, reopening);
}

/**
 * The week for the contact page and the footer, Monday (1) first: each day's services, none when closed. The shop
 * words it ('Lundi' → '11:00 – 15:00 · 18:00 – 22:00' or 'Fermé': `fr.hours.day`, `fr.hours.services`).
 */
export function weekServices(
  schedule: OpeningSchedule = SEEDED_OPENING_SCHEDULE,
): { weekday: number; services: readonly Service[] }[] {
  return [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, services: schedule.weekly.days[String(weekday)] ?? [] }));
}

/** The exceptions from today on, in date order, for the shop's notices. */
export function upcomingExceptions(now: Date, schedule: OpeningSchedule, days = 60): OpeningException[] {
  const today = restaurantClock(now, schedule.weekly.timezone).date;
  const last = addDays(today, days);
  return [...schedule.exceptions]
    .filter((e) => e.day >= today && e.day <= last)
    .sort((a, b) => compareIsoDates(a.day, b.day));
}

export type ServicesProblem = 'time' | 'order' | 'too_many';

/** Why a day's services would be refused by the database (bounds of opening_services_are_valid()); null when fine. */
export function servicesProblem(services: readonly Service[]): ServicesProblem | null {
  if (services.length > MAX_SERVICES_PER_DAY) return 'too_many';
  let previousClose = '';
  for (const [opens, closes] of services) {
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(opens) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(closes)) return 'time';
    if (opens >= closes || opens < previousClose) return 'order';
    previousClose = closes;
  }
  return null;
}

/** Reads the stored weekly schedule, falling back to the seeded one for anything malformed. */
export function weeklyHoursFromSetting(value: unknown): WeeklyHours {
  const seeded = SEEDED_OPENING_SCHEDULE.weekly;
  if (!value || typeof value !== 'object') return seeded;
  const v = value as Partial<WeeklyHours>;
  return {
    timezone: typeof v.timezone === 'string' && isKnownTimeZone(v.timezone) ? v.timezone : seeded.timezone,
    last_order_minutes_before_close:
      typeof v.last_order_minutes_before_close === 'number' ? v.last_order_minutes_before_close : 0,
    slot_minutes: typeof v.slot_minutes === 'number' ? v.slot_minutes : seeded.slot_minutes,
    days: v.days && typeof v.days === 'object' ? v.days : seeded.days,
  };
}

/** The kitchen's preparation time the shop assumes until the server says (order_acceptance.default_ready_minutes). */
export const DEFAULT_PREPARATION_MINUTES = 30;

/**
 * The first time (« HH:MM ») a pre-order of today may be for: now plus the preparation time, to the minute
 * above; '24:00' when that is already tomorrow (as order_slot_availability's asap.preorder_from says it).
 */
export function todayPreorderFrom(now: Date, preparationMinutes = DEFAULT_PREPARATION_MINUTES): string {
  const ready = restaurantClock(new Date(Math.ceil((now.getTime() + preparationMinutes * 60_000) / 60_000) * 60_000));
  return ready.date === restaurantClock(now).date ? ready.time : '24:00';
}

/** True when a pre-order of today at this time is past or inside the preparation time (preorder_too_soon). */
export function preorderTooSoon(date: string, time: string, now: Date, preparationMinutes?: number): boolean {
  if (date !== restaurantClock(now).date) return false;
  const minutes = parseClockTime(time);
  if (minutes === null) return false;
  const ready = now.getTime() + (preparationMinutes ?? DEFAULT_PREPARATION_MINUTES) * 60_000;
  return restaurantInstant(date, clockTime(minutes)).getTime() < ready;
}
