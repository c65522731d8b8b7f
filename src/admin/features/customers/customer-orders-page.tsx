import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { BackLink } from '../../components/ui/back-link.js';
import { PageHeader } from '../../components/ui/card.js';
import { toast } from '../../components/ui/toast-store.js';
import { QueryState } from '../../components/ui/query-state.js';
import { useT } from '../../i18n/index.js';
import { useCustomerOrdersQuery } from '../../lib/data.js';
import { OrderSplitView } from '../../components/order/order-split-view.js';

export function CustomerOrdersPage() {
  const t = useT();
  // The router hands the path segment already decoded.
  const email = useParams().customerEmail ?? '';
  const orders = useCustomerOrdersQuery(email, { queryConfig: { enabled: !!email } });
  useEffect(() => {
    if (orders.isError) toast.error(t('common.error'), t('customerOrders.loadFailed'));
  }, [orders.isError, t]);

  return (
    <div>
      <PageHeader title={t('customerOrders.title', { email })}>
        <BackLink to="/customers">{t('customerOrders.back')}</BackLink>
      </PageHeader>
      <QueryState query={orders} error={t('customerOrders.loadFailed')} empty={t('customerOrders.empty')}>
        {(data) => <OrderSplitView orders={data} place="customer" />}
      </QueryState>
    </div>
  );
}
