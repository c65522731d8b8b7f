import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { buttonClass } from '../../components/ui/button.js';
import { PageHeader } from '../../components/ui/card.js';
import { DetailPanel } from '../../components/ui/detail-panel.js';
import { toast } from '../../components/ui/toast-store.js';
import { QueryState } from '../../components/ui/query-state.js';
import { useT } from '../../i18n/index.js';
import { useCustomerOrdersQuery } from '../../lib/data.js';
import { SPLIT_VIEW, useMediaQuery } from '../../lib/use-media-query.js';
import { OrderDetail } from '../../components/order/order-detail.js';
import { OrderList } from '../../components/order/order-list.js';

export function CustomerOrdersPage() {
  const t = useT();
  // The router hands the path segment already decoded.
  const email = useParams().customerEmail ?? '';
  const split = useMediaQuery(SPLIT_VIEW);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const orders = useCustomerOrdersQuery(email, { queryConfig: { enabled: !!email } });
  const selected = orders.data?.find((o) => o.id === selectedId) ?? null;
  useEffect(() => {
    if (orders.isError) toast.error(t('common.error'), t('customerOrders.loadFailed'));
  }, [orders.isError, t]);

  return (
    <div>
      <PageHeader title={t('customerOrders.title', { email })}>
        <Link to="/customers" className={buttonClass('secondary')}>
          ← {t('customerOrders.back')}
        </Link>
      </PageHeader>
      <QueryState query={orders} error={t('customerOrders.loadFailed')} empty={t('customerOrders.empty')}>
        {(data) => (
          <div className="grid gap-5 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
            <OrderList orders={data} selectedId={selectedId} showDate onSelect={(o) => setSelectedId(o.id)} />
            {selected && (
              <DetailPanel overlay={!split} onClose={() => setSelectedId(null)}>
                <OrderDetail key={selected.id} order={selected} place="customer" />
              </DetailPanel>
            )}
          </div>
        )}
      </QueryState>
    </div>
  );
}
