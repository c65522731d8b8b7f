import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  useLiveOrderConfirmation,
  useOrderConfirmationQuery,
  type ConfirmedOrder,
  type SubscriptionStatus,
} from '../../lib/data.js';
import { shouldKeepPolling } from '../../../shared/domain/order-status.js';
import { TRACKING_POLL_MS } from '../../../shared/domain/tracking-search.js';
import { useHydrated } from '../../../shared/ui/render-clock.js';
import { fr } from '../../i18n/fr.js';
import { PageHero } from '../../components/ui/page-hero.js';
import { Spinner } from '../../components/ui/spinner.js';
import { buttonClass } from '../../components/ui/button.js';
import { CancelOrderButton } from '../../components/order/cancel-order-button.js';
import { TrackedOrderView } from '../tracking/tracked-order-view.js';

const t = fr.orderConfirmation;
/** While the order waits for the restaurant, as the tracking page: the ready time shows within seconds. */
export const CONFIRMATION_WAITING_POLL_MS = 4000;
/** While the order's topic is joined, changes arrive live: a slow read stays as the safety net. */
export const CONFIRMATION_LIVE_POLL_MS = 60_000;

function pollEvery(known: ConfirmedOrder | null | undefined, live: boolean): number | false {
  if (known === null) return false;
  if (live) return known && !shouldKeepPolling(known.status) ? false : CONFIRMATION_LIVE_POLL_MS;
  if (known?.status === 'En attente') return CONFIRMATION_WAITING_POLL_MS;
  return !known || shouldKeepPolling(known.status) ? TRACKING_POLL_MS : false;
}

/**
 * /commande/<id>: the customer's own order, by its full id (the link after « Commander », in the e-mails and in the
 * account's history; docs/DATABASE.md « Reading orders »). A guessed id or the 8-character number shows nothing.
 */
export default function OrderConfirmationPage() {
  const { orderId = '' } = useParams();
  const hydrated = useHydrated();
  // Live over the order's private topic `order:<id>` (status and ready time, re-read on each message and each
  // join); while it is not joined, the page reads again every few seconds as before.
  const [live, setLive] = useState(false);
  const onStatus = useCallback((status: SubscriptionStatus) => setLive(status === 'SUBSCRIBED'), []);
  useLiveOrderConfirmation(orderId, { enabled: hydrated, onStatus });
  const order = useOrderConfirmationQuery(orderId, {
    queryConfig: { enabled: hydrated && orderId !== '', refetchInterval: (q) => pollEvery(q.state.data, live) },
  });
  const data = order.data;

  return (
    <>
      <PageHero title={t.title} subtitle={data ? t.lead : undefined} />
      <div className="mx-auto max-w-4xl px-4 py-10" data-testid="order-confirmation">
        {(!hydrated || order.isPending) && <Spinner />}
        {order.isError && !data && (
          <p role="alert" className="rounded-xl bg-ember-600/10 p-4 text-ember-700">
            {fr.tracking.errorText}
          </p>
        )}
        {order.isSuccess && data === null && (
          <div
            className="rounded-2xl bg-white p-8 text-center shadow-md ring-1 ring-cream-200"
            data-testid="confirmation-not-found"
          >
            <h2 className="text-2xl font-bold uppercase">{t.notFoundTitle}</h2>
            <p className="mt-2 text-charcoal-700">{t.notFoundText}</p>
            <Link to="/suivi-commande" className={buttonClass('primary', 'md', 'mt-4')}>
              {t.trackingLink}
            </Link>
          </div>
        )}
        {data && (
          <TrackedOrderView
            order={data}
            waitingLabel={t.waitingLabel}
            payment={fr.paymentMethods[data.payment_method] ?? data.payment_method}
            cancelledByCustomer={data.cancelled_by_customer}
            actions={data.can_cancel ? <CancelOrderButton orderId={data.id} tone="dark" /> : undefined}
          />
        )}
      </div>
    </>
  );
}
