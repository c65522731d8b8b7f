import { restaurantClock, parseClockTime, parseIsoDate, weekdayOf, type IsoDate } from './restaurant-time.js';

/** Names written out here rather than through Intl, so every platform prints the same bytes. */
const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];
/** The French month names, January first (also the shop's offer dates, `fr.home.offer.dates`). */
export const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

const pad = (n: number) => String(n).padStart(2, '0');

/** '2026-11-23' → '23/11/2026'; text that is not a date is returned as it is. */
export function formatDateFr(date: IsoDate): string {
  const d = parseIsoDate(date);
  return d ? `${pad(d.d)}/${pad(d.m)}/${d.y}` : date;
}

/** '2026-11-23' → 'lundi 23 novembre 2026' (1er for the first of the month). */
export function formatLongDateFr(date: IsoDate): string {
  const d = parseIsoDate(date);
  if (!d) return date;
  return `${WEEKDAYS[weekdayOf(date)]} ${d.d === 1 ? '1er' : d.d} ${MONTHS[d.m - 1]} ${d.y}`;
}

/** '12:15:00' or '12:15' → '12:15'. */
export function formatTimeFr(time: string): string {
  const m = parseClockTime(time);
  return m === null ? time : `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

/** An instant as the restaurant's clock showed it: '23/11/2026 12:05'. */
export function formatDateTimeFr(instant: Date | string, zone?: string): string {
  const c = restaurantClock(typeof instant === 'string' ? new Date(instant) : instant, zone);
  return `${formatDateFr(c.date)} ${c.time}`;
}

export function weekdayNameFr(date: IsoDate): string {
  return WEEKDAYS[weekdayOf(date)]!;
}
