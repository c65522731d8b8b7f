import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { buttonClass } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { Spinner } from '../../components/ui/spinner.js';
import { toast } from '../../components/ui/toast-store.js';
import { useT } from '../../i18n/index.js';
import { OrderDetail } from '../../components/order/order-detail.js';
import { useOrderQuery } from '../../lib/data.js';

export function OrderPage() {
  const t = useT();
  const { orderId } = useParams();
  const navigate = useNavigate();
  const order = useOrderQuery(orderId, { queryConfig: { retry: false } });
  const failed = order.isError || (order.isSuccess && !order.data);

  useEffect(() => {
    if (!failed) return;
    toast.error(t('common.error'), t('order.loadFailed'));
    navigate('/dashboard', { replace: true });
  }, [failed, navigate, t]);

  return (
    <div className="mx-auto max-w-2xl">
      <Link to="/dashboard" className={buttonClass('secondary', 'mb-4')}>
        ← {t('common.backToDashboard')}
      </Link>
      <Card>
        {order.data ? (
          <OrderDetail order={order.data} place="page" onDeleted={() => navigate('/dashboard')} />
        ) : (
          <Spinner label={t('common.loading')} />
        )}
      </Card>
    </div>
  );
}
