import { addDays, restaurantClock, restaurantInstant, type IsoDate } from './restaurant-time.js';

/**
 * Period starts for the dashboard counters and the archive filter, taken on the restaurant's
 * calendar (Europe/Luxembourg) and returned as instants, ready for `created_at >= …` filters.
 * Weeks start on Monday.
 */

export function startOfDayDate(now: Date): IsoDate {
  return restaurantClock(now).date;
}

export function startOfWeekDate(now: Date): IsoDate {
  const c = restaurantClock(now);
  return addDays(c.date, -((c.weekday + 6) % 7));
}

export function startOfMonthDate(now: Date): IsoDate {
  return `${restaurantClock(now).date.slice(0, 7)}-01`;
}

export const startOfToday = (now: Date): Date => restaurantInstant(startOfDayDate(now));
export const startOfWeek = (now: Date): Date => restaurantInstant(startOfWeekDate(now));
export const startOfMonth = (now: Date): Date => restaurantInstant(startOfMonthDate(now));

function firstOfNextMonth(first: IsoDate): IsoDate {
  const [y, m] = first.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

function firstOfPreviousMonth(first: IsoDate): IsoDate {
  const [y, m] = first.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
}

export type ArchivePeriod = 'this_week' | 'this_month' | 'last_month';

/** [start, end) of an archive period; "this" periods run to the end of the week or month. */
export function archivePeriod(period: ArchivePeriod, now: Date): { start: Date; end: Date } {
  if (period === 'this_week') {
    const monday = startOfWeekDate(now);
    return { start: restaurantInstant(monday), end: restaurantInstant(addDays(monday, 7)) };
  }
  const first = startOfMonthDate(now);
  if (period === 'this_month')
    return { start: restaurantInstant(first), end: restaurantInstant(firstOfNextMonth(first)) };
  return { start: restaurantInstant(firstOfPreviousMonth(first)), end: restaurantInstant(first) };
}

/** Counts for the stat cards from the created_at of this month's orders. */
export function countOrdersByPeriod(
  createdAt: readonly (string | Date)[],
  now: Date,
): { today: number; week: number; month: number } {
  const [day, week, month] = [startOfToday(now), startOfWeek(now), startOfMonth(now)].map((d) => d.getTime()) as [
    number,
    number,
    number,
  ];
  const counts = { today: 0, week: 0, month: 0 };
  for (const raw of createdAt) {
    const t = new Date(raw).getTime();
    // No upper bound: the server's clock may run a little ahead of this one.
    if (Number.isNaN(t)) continue;
    if (t >= day) counts.today++;
    if (t >= week) counts.week++;
    if (t >= month) counts.month++;
  }
  return counts;
}

/** Where the stats query must start: a week that began last month still counts its first days. */
export function statsQueryStart(now: Date): Date {
  const [week, month] = [startOfWeek(now), startOfMonth(now)];
  return week < month ? week : month;
}
