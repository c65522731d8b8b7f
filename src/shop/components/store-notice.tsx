import { useState } from 'react';
import { closedTodayNotice, nextOpening } from '../../shared/domain/opening-hours.js';
import { useShopOpeningSchedule, useShopStoreSettings } from '../lib/public-data.js';
import { fr } from '../i18n/fr.js';
import { useNowAs } from '../../shared/ui/render-clock.js';
import { closedNowNotice } from '../lib/ordering-state.js';
import { activeBusyMode } from '../../shared/domain/store-settings.js';
import { restaurantClock, restaurantDate } from '../../shared/domain/restaurant-time.js';

/** The notice the customer closed on the menu (its words): it stays closed from page to page until they change. */
let dismissedNotice: string | null = null;

/**
 * Tells the customer, live, when the shop stops taking orders or deliveries, is closed today, takes no order
 * for now at this hour (« Ouvre à 18:00 ») or the counter paused immediate orders (busy mode, until its end time),
 * before they fill the cart's form.
 *
 * `floating` (the menu): a bar fixed at the bottom of the screen, which the customer may close. Whether there is
 * anything to say is known only in the browser (the hour, the live settings), after a prerendered menu is shown:
 * inserted above the dishes it would push them down under the customer's eyes (Lighthouse measured a shift of
 * 0.067 on /menu in the evening); a fixed bar moves nothing, and a customer who lands on a category further down
 * sees it too.
 */
export function StoreNotice({ className = '', floating = false }: { className?: string; floating?: boolean }) {
  const [dismissed, setDismissed] = useState(dismissedNotice);
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
  const words = [closedToday, opensLater, paused, closed, noDelivery].join('|');
  if (floating && dismissed === words) return null;
  const notice = (
    <div
      role="status"
      data-testid="store-notice"
      className={
        floating
          ? 'pointer-events-auto mx-auto flex max-w-3xl animate-toast-in items-start gap-3 rounded-2xl border-l-4 border-ember-600 bg-cream-50 p-4 text-sm text-charcoal-900 shadow-2xl ring-1 ring-charcoal-900/10'
          : `rounded-xl border-l-4 border-ember-600 bg-ember-600/10 p-4 text-sm text-charcoal-900 ${className}`
      }
    >
      <div className={floating ? 'flex-1 space-y-1' : 'space-y-1'}>
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
      {floating && (
        <button
          type="button"
          aria-label={fr.store.dismiss}
          onClick={() => {
            dismissedNotice = words;
            setDismissed(words);
          }}
          className="-m-2 shrink-0 rounded-full p-2 text-2xl leading-none text-charcoal-700 hover:text-charcoal-950"
        >
          ×
        </button>
      )}
    </div>
  );
  if (!floating) return notice;
  return (
    <div
      className={`pointer-events-none fixed inset-x-0 bottom-0 z-30 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] ${className}`}
    >
      {notice}
    </div>
  );
}
