import { useT, type MessageKey } from '../../i18n/index.js';
import { useOrderStatsQuery } from '../../lib/data.js';

const CARDS: { key: 'today' | 'week' | 'month'; label: MessageKey }[] = [
  { key: 'today', label: 'dashboard.statToday' },
  { key: 'week', label: 'dashboard.statWeek' },
  { key: 'month', label: 'dashboard.statMonth' },
];

export function StatCards() {
  const t = useT();
  const stats = useOrderStatsQuery();
  return (
    <div className="mb-5">
      <div className="grid grid-cols-3 gap-2 sm:gap-4">
        {CARDS.map((c) => (
          <div
            key={c.key}
            className="rounded-2xl border border-slate-300 bg-white p-3 shadow-sm sm:p-5"
            data-testid={`stat-${c.key}`}
          >
            <p className="text-sm font-semibold text-slate-600 sm:text-base">{t(c.label)}</p>
            <p className="mt-1 text-3xl font-extrabold tabular-nums sm:text-4xl">
              {stats.data ? stats.data[c.key] : '–'}
            </p>
          </div>
        ))}
      </div>
      <p className="mt-2 text-sm text-slate-600" data-testid="stats-count">
        {t('dashboard.statsCount')}
      </p>
    </div>
  );
}
