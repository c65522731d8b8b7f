import { Link } from 'react-router-dom';
import { useMyOrdersQuery } from '../../lib/data.js';
import { formatDateTimeFr } from '../../../shared/domain/french-dates.js';
import { orderNumber } from '../../../shared/domain/order.js';
import { fr } from '../../i18n/fr.js';
import { PageHero } from '../../components/ui/page-hero.js';
import { Spinner } from '../../components/ui/spinner.js';
import { buttonClass } from '../../components/ui/button.js';
import { ChevronLeftIcon } from '../../components/ui/icons.js';
import { OrderSummary } from '../../components/order/order-summary.js';
import { StatusBadge } from '../../components/order/status-badge.js';
import { CancelOrderButton } from '../../components/order/cancel-order-button.js';

const t = fr.auth;

export default function OrderHistoryPage() {
  const orders = useMyOrdersQuery();
  return (
    <>
      <PageHero title={t.historyTitle} subtitle={t.historyLead} />
      <div className="mx-auto max-w-4xl px-4 py-10">
        <Link to="/profil" className={buttonClass('ghost', 'sm', 'mb-6')}>
          <ChevronLeftIcon className="size-4" /> {t.backToProfile}
        </Link>
        {orders.isPending && <Spinner />}
        {orders.isError && (
          <p role="alert" className="rounded-xl bg-ember-600/10 p-4 text-ember-700">
            {t.historyError}
          </p>
        )}
        {orders.data?.length === 0 && (
          <div className="rounded-2xl bg-white p-8 text-center shadow-md ring-1 ring-cream-200">
            <p className="text-lg">{t.historyEmpty}</p>
            <Link to="/menu" className={buttonClass('primary', 'md', 'mt-4')}>
              {t.historyEmptyCta}
            </Link>
          </div>
        )}
        <ul className="space-y-4">
          {orders.data?.map((o) => (
            <li
              key={o.id}
              data-testid="history-order"
              className="rounded-2xl bg-white p-5 shadow-md ring-1 ring-cream-200"
            >
              <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                <div>
                  <p className="font-display text-xl font-bold uppercase">
                    {fr.tracking.orderNumber(orderNumber(o.id))}
                  </p>
                  <p className="text-sm text-charcoal-600">
                    {formatDateTimeFr(o.created_at)} · {fr.deliveryMethods[o.delivery_method]}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <StatusBadge status={o.status} deliveryMethod={o.delivery_method} />
                  <Link to={`/commande/${o.id}`} className="text-sm font-semibold text-flame-700 underline">
                    {t.track}
                  </Link>
                </div>
              </div>
              <OrderSummary order={o} />
              {o.status === 'En attente' && (
                <div className="mt-4 border-t border-cream-200 pt-4">
                  <CancelOrderButton orderId={o.id} />
                </div>
              )}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
