import { useState } from 'react';
import { archivePeriod, type ArchivePeriod } from '../../../shared/domain/index.js';
import { PageHeader } from '../../components/ui/card.js';
import { QueryState } from '../../components/ui/query-state.js';
import { useT, type MessageKey } from '../../i18n/index.js';
import { useOrdersBetweenQuery } from '../../lib/data.js';
import { OrderSplitView } from '../../components/order/order-split-view.js';

const PERIODS: { id: ArchivePeriod; label: MessageKey }[] = [
  { id: 'this_week', label: 'archive.thisWeek' },
  { id: 'this_month', label: 'archive.thisMonth' },
  { id: 'last_month', label: 'archive.lastMonth' },
];

export function ArchivePage() {
  const t = useT();
  const [period, setPeriod] = useState<ArchivePeriod>('this_week');
  const { start: from, end: to } = archivePeriod(period, new Date());
  const orders = useOrdersBetweenQuery(from, to);

  return (
    <div>
      <PageHeader title={t('archive.title')}>
        <div role="tablist" className="inline-flex overflow-hidden rounded-lg border-2 border-slate-400">
          {PERIODS.map((p) => (
            <button
              key={p.id}
              role="tab"
              type="button"
              aria-selected={period === p.id}
              onClick={() => setPeriod(p.id)}
              className={`min-h-12 px-4 font-semibold ${period === p.id ? 'bg-brand-600 text-white' : 'bg-white'}`}
            >
              {t(p.label)}
            </button>
          ))}
        </div>
      </PageHeader>
      <QueryState query={orders} error={t('archive.loadFailed')} empty={t('archive.empty')}>
        {(data) => (
          // A new period starts with no order open.
          <OrderSplitView
            key={period}
            orders={data}
            place="archive"
            intro={
              <>
                <p className="mb-1 text-slate-700" data-testid="archive-read-only">
                  {t('archive.readOnlyHint')}
                </p>
                <p className="mb-2 font-semibold text-slate-700">{t('archive.count', { n: data.length })}</p>
              </>
            }
          />
        )}
      </QueryState>
    </div>
  );
}
