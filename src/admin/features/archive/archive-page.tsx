import { useState } from 'react';
import { archivePeriod, type ArchivePeriod } from '../../../shared/domain/index.js';
import { PageHeader } from '../../components/ui/card.js';
import { DetailPanel } from '../../components/ui/detail-panel.js';
import { QueryState } from '../../components/ui/query-state.js';
import { useT, type MessageKey } from '../../i18n/index.js';
import { useOrdersBetweenQuery } from '../../lib/data.js';
import { SPLIT_VIEW, useMediaQuery } from '../../lib/use-media-query.js';
import { OrderDetail } from '../../components/order/order-detail.js';
import { OrderList } from '../../components/order/order-list.js';

const PERIODS: { id: ArchivePeriod; label: MessageKey }[] = [
  { id: 'this_week', label: 'archive.thisWeek' },
  { id: 'this_month', label: 'archive.thisMonth' },
  { id: 'last_month', label: 'archive.lastMonth' },
];

export function ArchivePage() {
  const t = useT();
  const [period, setPeriod] = useState<ArchivePeriod>('this_week');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const split = useMediaQuery(SPLIT_VIEW);
  const { start: from, end: to } = archivePeriod(period, new Date());
  const orders = useOrdersBetweenQuery(from, to);
  const selected = orders.data?.find((o) => o.id === selectedId) ?? null;

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
              onClick={() => {
                setPeriod(p.id);
                setSelectedId(null);
              }}
              className={`min-h-12 px-4 font-semibold ${period === p.id ? 'bg-brand-600 text-white' : 'bg-white'}`}
            >
              {t(p.label)}
            </button>
          ))}
        </div>
      </PageHeader>
      <QueryState query={orders} error={t('archive.loadFailed')} empty={t('archive.empty')}>
        {(data) => (
          <div className="grid gap-5 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
            <section>
              <p className="mb-2 font-semibold text-slate-700">{t('archive.count', { n: data.length })}</p>
              <OrderList orders={data} selectedId={selectedId} showDate onSelect={(o) => setSelectedId(o.id)} />
            </section>
            {selected && (
              <DetailPanel overlay={!split} onClose={() => setSelectedId(null)}>
                <OrderDetail key={selected.id} order={selected} place="archive" />
              </DetailPanel>
            )}
          </div>
        )}
      </QueryState>
    </div>
  );
}
