/**
 * Wall-clock time in Europe/Luxembourg through Intl only, so daylight-saving changes are the
 * platform's tz database's business. Dates are 'YYYY-MM-DD' and times 'HH:MM' strings, as the
 * orders table stores preorder_date and preorder_time.
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

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: RESTAURANT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function wallClockFields(instant: Date): { y: number; mo: number; d: number; h: number; mi: number; s: number } {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid instant');
  const f: Record<string, number> = {};
  for (const p of parts.formatToParts(instant)) if (p.type !== 'literal') f[p.type] = Number(p.value);
  return { y: f.year!, mo: f.month!, d: f.day!, h: f.hour! % 24, mi: f.minute!, s: f.second! };
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

/** Milliseconds Luxembourg is ahead of UTC at that instant (3 600 000 in winter, 7 200 000 in summer). */
export function luxembourgOffsetMs(instant: Date): number {
  const { y, mo, d, h, mi, s } = wallClockFields(instant);
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  return asUtc - (instant.getTime() - instant.getMilliseconds());
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
