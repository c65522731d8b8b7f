import {
  closedTodayNotice,
  isOpenForOrders,
  nextOpeningDay,
  type OpeningSchedule,
} from '../../shared/domain/opening-hours.js';
import { parseClockTime, clockTime, restaurantClock } from '../../shared/domain/restaurant-time.js';
import { fr } from '../i18n/fr.js';

/**
 * Why an order for now cannot be taken at this instant, from the opening hours and dated closures the
 * shop reads (the same rules place_order applies): « Fermé aujourd'hui (Noël) — réouverture demain à
 * 11:00 », « Ouvre à 18:00 », « Ouvre demain à 11:00 »; null while the kitchen takes orders.
 */
export function closedNowNotice(now: Date, schedule: OpeningSchedule): string | null {
  if (isOpenForOrders(now, schedule)) return null;
  const closure = closedTodayNotice(now, schedule);
  if (closure) return closure;
  const next = nextOpeningDay(now, schedule);
  return next ? fr.store.opensAt(fr.store.nextOpening(next)) : fr.store.closedNow;
}

/** The 15-minute slot that starts at « HH:MM », as « HH:MM » and its end (place_order counts an order in its slot). */
export function slotWindow(start: string): { from: string; to: string } | null {
  const minutes = parseClockTime(start);
  if (minutes === null) return null;
  return { from: start, to: clockTime((minutes + 15) % (24 * 60)) };
}

/** « HH:MM » on the restaurant's clock of an instant the database returned. */
export const restaurantTimeOf = (iso: string): string => restaurantClock(new Date(iso)).time;
