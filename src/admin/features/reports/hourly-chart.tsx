import { formatCents, type TakingsReport } from '../../../shared/domain/index.js';
import { useT } from '../../i18n/index.js';

/**
 * Takings per Luxembourg hour as plain HTML/CSS bars (no chart library): the bar's height is the
 * amount, the number above it the orders. Text stays readable at any width (390 px phones too).
 */
export function HourlyChart({ hours }: { hours: TakingsReport['hours'] }) {
  const t = useT();
  const max = Math.max(1, ...hours.map((h) => h.total_cents));
  return (
    <figure>
      <div
        role="img"
        aria-label={t('reports.hourlyCaption')}
        data-testid="hourly-chart"
        className="flex h-48 items-stretch gap-px border-b-2 border-slate-500 sm:gap-1"
      >
        {hours.map((h) => {
          const label = `${String(h.hour).padStart(2, '0')}h`;
          const height = h.total_cents === 0 ? 0 : Math.max(2, Math.round((h.total_cents / max) * 100));
          return (
            <div
              key={h.hour}
              data-testid={`hour-${h.hour}`}
              data-orders={h.orders}
              data-cents={h.total_cents}
              title={`${label}: ${t('reports.ordersCount', { n: h.orders })} · ${formatCents(h.total_cents)}`}
              className="flex min-w-0 flex-1 flex-col justify-end"
            >
              {h.orders > 0 && (
                <span className="text-center text-[10px] font-bold leading-tight sm:text-xs">{h.orders}</span>
              )}
              <div
                className="rounded-t-sm bg-brand-600"
                style={{ height: `calc(${height}% - 1rem)`, minHeight: height ? 2 : 0 }}
              />
            </div>
          );
        })}
      </div>
      <div aria-hidden className="flex gap-px sm:gap-1">
        {hours.map((h) => (
          <span
            key={h.hour}
            className="min-w-0 flex-1 overflow-visible whitespace-nowrap text-[10px] text-slate-700 sm:text-xs"
          >
            {h.hour % 3 === 0 ? `${String(h.hour).padStart(2, '0')}h` : ''}
          </span>
        ))}
      </div>
      <figcaption className="mt-2 text-sm text-slate-600">{t('reports.hourlyCaption')}</figcaption>
    </figure>
  );
}
