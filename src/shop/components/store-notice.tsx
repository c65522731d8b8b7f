import { closedTodayNotice, nextOpening } from '../../shared/domain/opening-hours.js';
import { useShopOpeningSchedule, useShopStoreSettings } from '../lib/public-data.js';
import { fr } from '../i18n/fr.js';
import { useNowAs } from '../../shared/ui/render-clock.js';
import { closedNowNotice } from '../lib/ordering-state.js';
import { activeBusyMode } from '../../shared/domain/store-settings.js';
import { restaurantClock, restaurantDate } from '../../shared/domain/restaurant-time.js';

/**
 * Tells the customer, live, when the shop stops taking orders or deliveries, is closed today, takes no order
 * for now at this hour (« Ouvre à 18:00 ») or the counter paused immediate orders (busy mode, until its end time),
 * before they fill the cart's form.
 */
export function StoreNotice({ className = '' }: { className?: string }) {
  const { data } = useShopStoreSettings();
  const schedule = useShopOpeningSchedule().data;
  const closedToday = useNowAs((now) => (schedule ? closedTodayNotice(new Date(now), schedule) : null));
  const closedNow = useNowAs((now) => (schedule ? closedNowNotice(new Date(now), schedule) : null));
  const pausedUntil = useNowAs((now) => {
    const until = activeBusyMode(data?.busy_mode, new Date(now)).pausedUntil;
    return until ? restaurantClock(until).time : null;
  });
  // Closed now but open later today: a pre-order for this evening is possible (a pre-order of today).
  const opensToday = useNowAs((now) => {
    if (!schedule) return false;
    const next = nextOpening(new Date(now), schedule);
    return next !== null && restaurantDate(next) === restaurantDate(new Date(now));
  });
  if (!data) return null;
  const closed = !data.ordering.is_enabled;
  const noDelivery = !data.delivery_options.is_enabled;
  const opensLater = closedToday ? null : closedNow;
  const paused = closedToday || opensLater || closed ? null : pausedUntil;
  if (!closed && !noDelivery && !closedToday && !opensLater && !paused) return null;
  return (
    <div
      role="status"
      data-testid="store-notice"
      className={`space-y-1 rounded-xl border-l-4 border-ember-600 bg-ember-600/10 p-4 text-sm text-charcoal-900 ${className}`}
    >
      {closedToday && (
        <p data-testid="closed-today">
          <strong>{closedToday}.</strong> {fr.store.preorderStillOpen}
        </p>
      )}
      {opensLater && (
        <p data-testid="closed-now">
          <strong>{opensLater}.</strong>{' '}
          {opensToday && !closed ? fr.store.preorderLaterToday : fr.store.preorderStillOpen}
        </p>
      )}
      {paused && (
        <p data-testid="busy-paused">
          <strong>{fr.store.busyPaused(paused)}.</strong> {fr.store.busyPreorders}
        </p>
      )}
      {closed && (
        <p>
          <strong>{fr.store.closedTitle}.</strong> {fr.store.closedText}
        </p>
      )}
      {noDelivery && (
        <p>
          <strong>{fr.store.deliveryOffTitle}.</strong> {fr.store.deliveryOffText}
        </p>
      )}
    </div>
  );
}
