import { formatCents, type TakingsReport } from '../../../shared/domain/index.js';
import { useT } from '../../i18n/index.js';

const BAR = 16;
const GAP = 4;
const HEIGHT = 160;
const TOP = 18;
const AXIS = 22;

/** Takings per Luxembourg hour as plain SVG bars (no chart library): height = amount, label = orders. */
export function HourlyChart({ hours }: { hours: TakingsReport['hours'] }) {
  const t = useT();
  const max = Math.max(1, ...hours.map((h) => h.total_cents));
  const width = hours.length * (BAR + GAP) + GAP;
  return (
    <figure>
      <svg
        role="img"
        aria-label={t('reports.hourlyCaption')}
        viewBox={`0 0 ${width} ${TOP + HEIGHT + AXIS}`}
        className="h-auto w-full"
        data-testid="hourly-chart"
      >
        <line x1={0} x2={width} y1={TOP + HEIGHT} y2={TOP + HEIGHT} stroke="#64748b" strokeWidth={1} />
        {hours.map((h, i) => {
          const x = GAP + i * (BAR + GAP);
          const barHeight = h.total_cents === 0 ? 0 : Math.max(2, Math.round((h.total_cents / max) * HEIGHT));
          const label = `${String(h.hour).padStart(2, '0')}h`;
          return (
            <g key={h.hour} data-testid={`hour-${h.hour}`} data-orders={h.orders} data-cents={h.total_cents}>
              <title>{`${label}: ${t('reports.ordersCount', { n: h.orders })} · ${formatCents(h.total_cents)}`}</title>
              <rect x={x} y={TOP + HEIGHT - barHeight} width={BAR} height={barHeight} rx={2} className="fill-brand-600" />
              {h.orders > 0 && (
                <text x={x + BAR / 2} y={TOP + HEIGHT - barHeight - 4} textAnchor="middle" fontSize={10} fontWeight={700} fill="#0f172a">
                  {h.orders}
                </text>
              )}
              {h.hour % 3 === 0 && (
                <text x={x + BAR / 2} y={TOP + HEIGHT + 15} textAnchor="middle" fontSize={10} fill="#334155">
                  {label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-1 text-sm text-slate-600">{t('reports.hourlyCaption')}</figcaption>
    </figure>
  );
}
