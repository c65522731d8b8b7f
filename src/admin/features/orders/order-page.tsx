import { useEffect, useRef } from 'react';
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
  // An order shown, then no longer found, was deleted (here, or on another screen meanwhile): that is no
  // failure to load. Back to the dashboard, saying so.
  const shown = useRef(false);
  if (order.data) shown.current = true;
  const missing = order.isError || (order.isSuccess && !order.data);
  const deleted = missing && shown.current && !order.isError;
  const failed = missing && !deleted;

  useEffect(() => {
    if (!failed && !deleted) return;
    if (deleted) toast.success(t('order.deleted'));
    else toast.error(t('common.error'), t('order.loadFailed'));
    navigate('/dashboard', { replace: true });
  }, [failed, deleted, navigate, t]);

  return (
    <div className="mx-auto max-w-2xl">
      <Link to="/dashboard" className={buttonClass('secondary', 'mb-4')}>
        ← {t('common.backToDashboard')}
      </Link>
      <Card>
        {order.data ? (
          <OrderDetail order={order.data} place="page" onDeleted={() => navigate('/dashboard', { replace: true })} />
        ) : (
          <Spinner label={t('common.loading')} />
        )}
      </Card>
    </div>
  );
}
