import { useT } from '../../i18n/index.js';
import { useCustomerNoticeQuery } from '../../lib/data.js';

/**
 * « Cliente não avisado »: the order was answered (accepted, refused, ready…) but no e-mail or SMS about it
 * reached the customer and none is on its way (a refused number, one over its limit, a message given up).
 */
export function NoticeBadge({ orderId, status }: { orderId: string; status: string }) {
  const t = useT();
  const notice = useCustomerNoticeQuery(orderId, status, {
    queryConfig: { refetchInterval: (q) => (q.state.data?.notice_pending ? 5_000 : false) },
  });
  const data = notice.data;
  if (status === 'En attente' || !data || data.customer_notified_at || data.notice_pending) return null;
  return (
    <span
      data-testid="not-notified-badge"
      title={t('order.notNotifiedHint')}
      className="rounded-full border-2 border-amber-700 bg-amber-50 px-2 text-sm font-bold text-amber-900"
    >
      {t('order.notNotified')}
    </span>
  );
}
