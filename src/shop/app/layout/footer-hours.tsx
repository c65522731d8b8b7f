import { closedTodayNotice, SEEDED_OPENING_SCHEDULE, weekServices } from '../../../shared/domain/opening-hours.js';
import { fr } from '../../i18n/fr.js';
import { useShopOpeningSchedule } from '../../lib/public-data.js';
import { useNowAs } from '../../../shared/ui/render-clock.js';

/** The footer's opening hours: the week, same days grouped by the live schedule, and today's closure. */
export function FooterHours() {
  const schedule = useShopOpeningSchedule().data ?? SEEDED_OPENING_SCHEDULE;
  const closedToday = useNowAs((now) => closedTodayNotice(new Date(now), schedule));
  return (
    <div className="mt-5 text-sm" data-testid="footer-hours">
      <h3 className="font-semibold text-cream-50">{fr.hours.title}</h3>
      {closedToday && <p className="mt-1 font-semibold text-flame-300">{closedToday}</p>}
      <ul className="mt-1 space-y-0.5 text-cream-100/85">
        {weekServices(schedule).map((d) => (
          <li key={d.weekday} className="flex justify-between gap-3">
            <span>{fr.hours.day(d.weekday)}</span>
            <span className="text-right">{fr.hours.services(d.services)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
