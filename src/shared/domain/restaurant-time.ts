/**
 * Wall-clock time in the restaurant's time zone (store_settings 'opening_hours'.timezone, the zone the
 * database's restaurant_time_zone() reads). Dates are 'YYYY-MM-DD' and times 'HH:MM' strings, as the orders
 * table stores preorder_date and preorder_time.
 *
 * The zone's rules come from the platform's tz database through Intl (Node and the browsers ship full ICU),
 * never from a hand-written summer-time rule. The zone is the last one the opening hours were read with
 * (setRestaurantTimeZone, called by the data layer: src/shared/data/public-fetch.ts): Europe/Luxembourg until
 * then, the build's zone while a prerendered page hydrates. Every function also takes an explicit zone.
 */

export const DEFAULT_TIME_ZONE = 'Europe/Luxembourg';

export type IsoDate = string;
export type ClockTime = string;

export interface RestaurantClock {
  date: IsoDate;
  time: ClockTime;
  /** 0 = Sunday … 6 = Saturday, like Date.getDay(). */
  weekday: number;
  /** Minutes since midnight, seconds dropped. */
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (building one is the costly part); throws RangeError for a zone ICU does not know. */
function formatterOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Whether the platform's tz database knows the zone (the database checks it against pg_timezone_names). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

let currentZone = DEFAULT_TIME_ZONE;

/** The restaurant's zone as last read (Europe/Luxembourg until the opening hours are read). */
export function restaurantTimeZone(): string {
  return currentZone;
}

/**
 * Adopts the zone the restaurant's setting names. A zone the platform does not know (the database checks
 * the setting against pg_timezone_names; ICU could lag behind on a new name) keeps the previous one.
 */
export function setRestaurantTimeZone(zone: unknown): void {
  if (typeof zone === 'string' && isKnownTimeZone(zone)) currentZone = zone;
}

interface WallFields {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

function wallClockFields(instant: Date, zone: string): WallFields {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid instant');
  const f: Record<string, number> = {};
  for (const p of formatterOf(zone).formatToParts(instant)) if (p.type !== 'literal') f[p.type] = Number(p.value);
  return { y: f.year!, mo: f.month!, d: f.day!, h: f.hour! % 24, mi: f.minute!, s: f.second! };
}

/** Milliseconds the zone's clocks are ahead of UTC at that instant (negative west of Greenwich). */
export function timeZoneOffsetMs(instant: Date, zone: string = currentZone): number {
  const { y, mo, d, h, mi, s } = wallClockFields(instant, zone);
  const t = instant.getTime();
  return Date.UTC(y, mo - 1, d, h, mi, s) - (t - (((t % 1000) + 1000) % 1000));
}

const pad = (n: number) => String(n).padStart(2, '0');

export function restaurantClock(instant: Date, zone: string = currentZone): RestaurantClock {
  const { y, mo, d, h, mi } = wallClockFields(instant, zone);
  const date = `${y}-${pad(mo)}-${pad(d)}`;
  return { date, time: `${pad(h)}:${pad(mi)}`, weekday: weekdayOf(date), minutes: h * 60 + mi };
}

export function restaurantDate(instant: Date, zone: string = currentZone): IsoDate {
  return restaurantClock(instant, zone).date;
}

const DAY_MS = 86_400_000;

/**
 * The instant at which the zone's clocks show date and time, from the zone's offsets a day before and a day
 * after (no zone changes twice within two days). As PostgreSQL reads `timestamp at time zone`: a time skipped
 * by a spring change (02:00–02:59 in Luxembourg on the last Sunday of March) is read with the offset before the
 * change, so lands one hour later; a time shown twice by an autumn change is its second showing.
 */
export function restaurantInstant(date: IsoDate, time: ClockTime = '00:00', zone: string = currentZone): Date {
  const d = parseIsoDate(date);
  const t = parseClockTime(time);
  if (!d || t === null) throw new RangeError(`Invalid date/time: ${date} ${time}`);
  const wall = Date.UTC(d.y, d.m - 1, d.d, Math.floor(t / 60), t % 60);
  const before = wall - timeZoneOffsetMs(new Date(wall - DAY_MS), zone);
  const after = wall - timeZoneOffsetMs(new Date(wall + DAY_MS), zone);
  if (before === after) return new Date(before);
  const shows = (instant: number) => instant + timeZoneOffsetMs(new Date(instant), zone) === wall;
  const readings = [before, after].filter(shows);
  return new Date(readings.length > 0 ? Math.max(...readings) : before);
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
