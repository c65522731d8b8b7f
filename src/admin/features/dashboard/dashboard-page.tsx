import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Card, PageHeader } from '../../components/ui/card.js';
import { toast } from '../../components/ui/toast-store.js';
import { QueryState } from '../../components/ui/query-state.js';
import { useT } from '../../i18n/index.js';
import { useMediaQuery, WIDE_ADMIN } from '../../lib/use-media-query.js';
import { OrderDetail } from '../../components/order/order-detail.js';
import { OrderList } from '../../components/order/order-list.js';
import { useLiveOrders, useTodayOrders } from '../../lib/live-orders.js';
import { SoundSettings } from '../../lib/sound/sound-controls.js';
import { StatCards } from './stat-cards.js';
import { BusyMode } from './busy-mode.js';
import { SearchBox, SearchStatus, useOrderSearch } from './order-search.js';
import { dueDay } from '../../../shared/domain/order-due.js';
import { restaurantDate, type Order } from '../../../shared/domain/index.js';

/** The day's list (due today) and the pre-orders taken today for a later day, in the server's order. */
function splitDay(orders: Order[]): { due: Order[]; later: Order[] } {
  const today = restaurantDate(new Date());
  return { due: orders.filter((o) => dueDay(o) === today), later: orders.filter((o) => dueDay(o) !== today) };
}

export function DashboardPage() {
  const t = useT();
  const navigate = useNavigate();
  const wide = useMediaQuery(WIDE_ADMIN);
  const orders = useTodayOrders();
  const { highlighted, connection } = useLiveOrders();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const search = useOrderSearch();
  const shown = search.active ? (search.results.data ?? []) : (orders.data ?? []);
  const selected = shown.find((o) => o.id === selectedId) ?? orders.data?.find((o) => o.id === selectedId) ?? null;

  useEffect(() => {
    if (orders.isError && !orders.data) toast.error(t('dashboard.loadErrorTitle'), t('dashboard.loadErrorBody'));
  }, [orders.isError, orders.data, t]);

  return (
    <div>
      <PageHeader title={t('dashboard.title')}>
        <SoundSettings />
      </PageHeader>
      {connection === 'lost' && (
        <p
          role="status"
          className="mb-4 rounded-xl border-2 border-amber-600 bg-amber-50 p-3 font-semibold text-amber-900"
        >
          {t('dashboard.offline')}
        </p>
      )}
      <StatCards />
      <BusyMode />
      <div className="grid gap-5 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <section>
          <h2 className="mb-3 text-xl font-bold">
            {search.active ? t('dashboard.searchResults') : t('dashboard.todayOrders')}
          </h2>
          <SearchBox term={search.term} onChange={search.setTerm} />
          {search.active ? (
            <>
              <SearchStatus results={search.results} />
              <OrderList
                orders={shown}
                selectedId={selectedId}
                showDate
                onSelect={(o) => (wide ? setSelectedId(o.id) : navigate(`/order/${o.id}`))}
              />
            </>
          ) : (
            <QueryState query={orders} error={t('dashboard.loadErrorBody')} keepDataOnError>
              {(data) => {
                const { due, later } = splitDay(data);
                const select = (o: Order) => (wide ? setSelectedId(o.id) : navigate(`/order/${o.id}`));
                return (
                  <>
                    <p className="mb-3 text-slate-700" data-testid="today-hint">
                      {t('dashboard.todayHint')}
                    </p>
                    {due.length === 0 ? (
                      <p className="rounded-xl border-2 border-dashed border-slate-400 p-6 text-center text-lg text-slate-700">
                        {t('dashboard.noOrders')}
                      </p>
                    ) : (
                      <OrderList
                        orders={due}
                        selectedId={selectedId}
                        highlighted={highlighted}
                        showDue
                        onSelect={select}
                      />
                    )}
                    {later.length > 0 && (
                      <>
                        <h3 className="mt-6 mb-3 text-lg font-bold">{t('dashboard.laterOrders')}</h3>
                        <OrderList
                          orders={later}
                          selectedId={selectedId}
                          highlighted={highlighted}
                          showDue
                          testId="later-order-list"
                          onSelect={select}
                        />
                      </>
                    )}
                  </>
                );
              }}
            </QueryState>
          )}
        </section>
        {wide && (
          <Card className="sticky top-20 self-start">
            {selected ? (
              <OrderDetail key={selected.id} order={selected} place="dashboard" onDeleted={() => setSelectedId(null)} />
            ) : (
              <p className="p-6 text-center text-lg text-slate-600">{t('dashboard.selectOrder')}</p>
            )}
          </Card>
        )}
      </div>
    </div>
  );
}
