/**
 * Wall-clock time in the restaurant's time zone (store_settings 'opening_hours'.timezone, the zone the
 * database's restaurant_time_zone() reads). Dates are 'YYYY-MM-DD' and times 'HH:MM' strings, as the orders
 * table stores preorder_date and preorder_time.
 *
 * The zone's rules come from the platform's tz database through Intl (Node and the browsers ship full ICU),
 * never from a hand-written summer-time rule. The zone is the last one the opening hours were read with
 * (setRestaurantTimeZone, called by the data layer: src/shared/data/public-fetch.ts): Europe/Luxembourg until
 * then, the build's zone while a prerendered page hydrates. Every function also takes an explicit zone.
 *
 * In a browser the first Intl.DateTimeFormat with a time zone loads ICU's zone data in one task (40–140 ms on a
 * slow phone), which would land while a prerendered page hydrates. The build therefore ships the zone's offsets
 * over a few years, read from the same tz database (zoneOffsetTable, adopted with adoptZoneOffsets): the clock
 * reads them while the instant is inside that span and the zone is the table's, and goes to Intl otherwise.
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

/**
 * A zone's UTC offsets over a span of time as the tz database gives them: the offset (seconds east of Greenwich)
 * at `from`, then each change as [instant in ms since the epoch, offset after it]. Plain JSON, carried by the
 * prerendered pages.
 */
export interface ZoneOffsetTable {
  zone: string;
  /** The span the table answers for, [from, until) in ms since the epoch. */
  from: number;
  until: number;
  changes: [number, number][];
}

const tables = new Map<string, ZoneOffsetTable>();

const HOUR_MS = 3_600_000;

/** Intl's offset of the zone at an instant, in whole seconds. */
function intlOffsetSeconds(instant: number, zone: string): number {
  const { y, mo, d, h, mi, s } = intlWallClock(new Date(instant), zone);
  return Math.round((Date.UTC(y, mo - 1, d, h, mi, s) - (instant - (((instant % 1000) + 1000) % 1000))) / 1000);
}

/**
 * Reads the zone's offsets from the platform's tz database (Intl) over [from, until): one reading every six hours,
 * each change then found to the second by bisection. Throws RangeError for a zone ICU does not know.
 */
export function zoneOffsetTable(zone: string, from: number, until: number): ZoneOffsetTable {
  const step = 6 * HOUR_MS;
  let offset = intlOffsetSeconds(from, zone);
  const changes: [number, number][] = [[from, offset]];
  for (let t = from; t < until; t += step) {
    const next = Math.min(t + step, until - 1000);
    const after = intlOffsetSeconds(next, zone);
    if (after === offset) continue;
    let lo = t;
    let hi = next;
    while (hi - lo > 1000) {
      const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
      if (intlOffsetSeconds(mid, zone) === offset) lo = mid;
      else hi = mid;
    }
    changes.push([hi, after]);
    offset = after;
  }
  return { zone, from, until, changes };
}

/** The table is well formed: the build's JSON, or anything else, is only used when it is. */
function isZoneOffsetTable(t: unknown): t is ZoneOffsetTable {
  if (!t || typeof t !== 'object') return false;
  const { zone, from, until, changes } = t as Partial<ZoneOffsetTable>;
  return (
    typeof zone === 'string' &&
    Number.isFinite(from) &&
    Number.isFinite(until) &&
    from! < until! &&
    Array.isArray(changes) &&
    changes.length > 0 &&
    changes[0]![0] === from &&
    changes.every(
      (c, i) =>
        Array.isArray(c) && Number.isFinite(c[0]) && Number.isInteger(c[1]) && (i === 0 || c[0] > changes[i - 1]![0]),
    )
  );
}

/**
 * Adopts the zone a table was read for, and its offsets: inside the table's span the zone's clock is computed
 * from them, without Intl. A malformed table is ignored.
 */
export function adoptZoneOffsets(table: unknown): void {
  if (!isZoneOffsetTable(table)) return;
  tables.set(table.zone, table);
  currentZone = table.zone;
}

/** The table's offset in ms at the instant, or null outside its zone or span. */
function tableOffsetMs(instant: number, zone: string): number | null {
  const table = tables.get(zone);
  // Written so that an invalid instant (NaN) is outside every span.
  if (!table || !(instant >= table.from && instant < table.until)) return null;
  const { changes } = table;
  let lo = 0;
  let hi = changes.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (changes[mid]![0] <= instant) lo = mid;
    else hi = mid - 1;
  }
  return changes[lo]![1] * 1000;
}

/** Whether the platform's tz database knows the zone (the database checks it against pg_timezone_names). */
export function isKnownTimeZone(zone: string): boolean {
  if (tables.has(zone)) return true;
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

function intlWallClock(instant: Date, zone: string): WallFields {
  const f: Record<string, number> = {};
  for (const p of formatterOf(zone).formatToParts(instant)) if (p.type !== 'literal') f[p.type] = Number(p.value);
  return { y: f.year!, mo: f.month!, d: f.day!, h: f.hour! % 24, mi: f.minute!, s: f.second! };
}

function wallClockFields(instant: Date, zone: string): WallFields {
  const t = instant.getTime();
  if (Number.isNaN(t)) throw new RangeError('Invalid instant');
  const offset = tableOffsetMs(t, zone);
  if (offset === null) return intlWallClock(instant, zone);
  const wall = new Date(t + offset);
  return {
    y: wall.getUTCFullYear(),
    mo: wall.getUTCMonth() + 1,
    d: wall.getUTCDate(),
    h: wall.getUTCHours(),
    mi: wall.getUTCMinutes(),
    s: wall.getUTCSeconds(),
  };
}

/** Milliseconds the zone's clocks are ahead of UTC at that instant (negative west of Greenwich). */
export function timeZoneOffsetMs(instant: Date, zone: string = currentZone): number {
  const t = instant.getTime();
  if (Number.isNaN(t)) throw new RangeError('Invalid instant');
  return tableOffsetMs(t, zone) ?? intlOffsetSeconds(t, zone) * 1000;
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
