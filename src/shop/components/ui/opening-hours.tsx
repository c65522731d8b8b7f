import { formatLongDateFr } from '../../../shared/domain/french-dates.js';
import { restaurantClock } from '../../../shared/domain/restaurant-time.js';
import { SEEDED_OPENING_SCHEDULE, upcomingExceptions, weekServices } from '../../../shared/domain/opening-hours.js';
import { fr } from '../../i18n/fr.js';
import { useShopOpeningSchedule } from '../../lib/public-data.js';
import { ClockIcon } from './icons.js';
import { useNow } from '../../../shared/ui/render-clock.js';

/** The week's hours from the live schedule, and the closures and special openings of the next 60 days. */
export function OpeningHours({ dark = false }: { dark?: boolean }) {
  const schedule = useShopOpeningSchedule().data ?? SEEDED_OPENING_SCHEDULE;
  const now = new Date(useNow());
  const today = (restaurantClock(now).weekday + 6) % 7;
  const exceptions = upcomingExceptions(now, schedule);
  return (
    <div
      data-testid="opening-hours"
      className={`rounded-2xl p-6 ${dark ? 'bg-charcoal-900 text-cream-50' : 'bg-white shadow-md ring-1 ring-cream-200'}`}
    >
      <h2 className="flex items-center gap-2 text-2xl font-semibold uppercase">
        <ClockIcon className="size-6 text-flame-500" /> {fr.hours.title}
      </h2>
      <dl className="mt-4 divide-y divide-cream-200/60">
        {weekServices(schedule).map((d, i) => (
          <div
            key={d.weekday}
            className={`flex justify-between gap-4 py-2 text-sm ${i === today ? `font-bold ${dark ? 'text-flame-400' : 'text-flame-600'}` : ''}`}
          >
            <dt>{fr.hours.day(d.weekday)}</dt>
            <dd className="text-right">{fr.hours.services(d.services)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs opacity-80">{fr.hours.kitchen(schedule.weekly.last_order_minutes_before_close)}</p>
      {exceptions.length > 0 && (
        <>
          <h3 className="mt-5 text-sm font-semibold uppercase">{fr.hours.exceptionsTitle}</h3>
          <dl className="mt-2 divide-y divide-cream-200/60" data-testid="opening-exceptions">
            {exceptions.map((e) => (
              <div key={e.day} className="flex justify-between gap-4 py-2 text-sm">
                <dt className="first-letter:uppercase">{formatLongDateFr(e.day)}</dt>
                <dd
                  className={`text-right ${e.is_closed ? `font-semibold ${dark ? 'text-flame-300' : 'text-ember-600'}` : ''}`}
                >
                  {e.is_closed
                    ? fr.hours.closedOn(e.reason)
                    : fr.hours.specialOpening(e.services.map(([o, c]) => `${o} – ${c}`).join(' · '), e.reason)}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </div>
  );
}
