/**
 * Wall-clock time in Europe/Luxembourg. Dates are 'YYYY-MM-DD' and times 'HH:MM' strings, as the
 * orders table stores preorder_date and preorder_time.
 *
 * Luxembourg keeps Central European Time with the EU's summer time (the tz database's rule for
 * Europe/Luxembourg since 1996): computed here with date arithmetic, not with Intl. A page's first
 * Intl.DateTimeFormat loads the browser's ICU data, 40–120 ms of main thread on this project's test
 * machine and more on a cheap phone, and every public page of the shop reads the clock while it
 * hydrates. tests/unit/domain/luxembourg-time.test.ts checks the rule against the platform's tz database
 * (Intl) every hour from 2000 to 2045: if the EU ever drops the clock change, that test says so.
 */

export const RESTAURANT_TIME_ZONE = 'Europe/Luxembourg';

export type IsoDate = string;
export type ClockTime = string;

export interface LuxembourgClock {
  date: IsoDate;
  time: ClockTime;
  /** 0 = Sunday … 6 = Saturday, like Date.getDay(). */
  weekday: number;
  /** Minutes since midnight, seconds dropped. */
  minutes: number;
}

const HOUR_MS = 3_600_000;

/** 00:00 UTC on the last Sunday of a month (1–12), in ms. */
function lastSundayUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month, 0));
  return Date.UTC(year, month - 1, lastDay.getUTCDate() - lastDay.getUTCDay());
}

/**
 * Milliseconds Luxembourg is ahead of UTC at that instant: 7 200 000 (CEST) from 01:00 UTC on the last
 * Sunday of March to 01:00 UTC on the last Sunday of October, 3 600 000 (CET) otherwise.
 */
export function luxembourgOffsetMs(instant: Date): number {
  const t = instant.getTime();
  if (Number.isNaN(t)) throw new RangeError('Invalid instant');
  const year = instant.getUTCFullYear();
  const summer = t >= lastSundayUtc(year, 3) + HOUR_MS && t < lastSundayUtc(year, 10) + HOUR_MS;
  return summer ? 2 * HOUR_MS : HOUR_MS;
}

function wallClockFields(instant: Date): { y: number; mo: number; d: number; h: number; mi: number } {
  const wall = new Date(instant.getTime() + luxembourgOffsetMs(instant));
  return {
    y: wall.getUTCFullYear(),
    mo: wall.getUTCMonth() + 1,
    d: wall.getUTCDate(),
    h: wall.getUTCHours(),
    mi: wall.getUTCMinutes(),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

export function luxembourgClock(instant: Date): LuxembourgClock {
  const { y, mo, d, h, mi } = wallClockFields(instant);
  const date = `${y}-${pad(mo)}-${pad(d)}`;
  return { date, time: `${pad(h)}:${pad(mi)}`, weekday: weekdayOf(date), minutes: h * 60 + mi };
}

export function luxembourgDate(instant: Date): IsoDate {
  return luxembourgClock(instant).date;
}

/**
 * The instant at which Luxembourg's clocks show date and time. A time skipped by the spring change
 * (02:00–02:59 on the last Sunday of March) lands one hour later; the restaurant is closed then.
 */
export function luxembourgInstant(date: IsoDate, time: ClockTime = '00:00'): Date {
  const d = parseIsoDate(date);
  const t = parseClockTime(time);
  if (!d || t === null) throw new RangeError(`Invalid Luxembourg date/time: ${date} ${time}`);
  const wall = Date.UTC(d.y, d.m - 1, d.d, Math.floor(t / 60), t % 60);
  let guess = wall - luxembourgOffsetMs(new Date(wall));
  const offset = luxembourgOffsetMs(new Date(guess));
  guess = wall - offset;
  return new Date(guess);
}

export function parseIsoDate(date: unknown): { y: number; m: number; d: number } | null {
  if (typeof date !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return { y, m: mo, d };
}

/** Minutes since midnight for 'HH:MM' (also 'HH:MM:SS' as Postgres prints a time), else null. */
export function parseClockTime(time: unknown): number | null {
  if (typeof time !== 'string') return null;
  const m = /^([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d)?$/.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export function clockTime(minutes: number): ClockTime {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** Calendar order of two 'YYYY-MM-DD' dates: their code-unit order (localeCompare would load the browser's collation data). */
export function compareIsoDates(a: IsoDate, b: IsoDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function weekdayOf(date: IsoDate): number {
  const d = parseIsoDate(date);
  if (!d) throw new RangeError(`Invalid date: ${date}`);
  return new Date(Date.UTC(d.y, d.m - 1, d.d)).getUTCDay();
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const d = parseIsoDate(date);
  if (!d) throw new RangeError(`Invalid date: ${date}`);
  return new Date(Date.UTC(d.y, d.m - 1, d.d + days)).toISOString().slice(0, 10);
}
