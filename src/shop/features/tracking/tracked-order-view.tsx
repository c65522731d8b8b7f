import type { ReactNode } from 'react';
import type { TrackedOrder } from '../../lib/data.js';
import { formatDateFr, formatDateTimeFr } from '../../../shared/domain/french-dates.js';
import { normaliseStatus, orderStatusInfo, type OrderStatus } from '../../../shared/domain/order-status.js';
import { fr } from '../../i18n/fr.js';
import { directionsUrl } from '../../../shared/domain/maps.js';
import { useRestaurant } from '../../lib/restaurant.js';
import { OrderSummary } from '../../components/order/order-summary.js';
import { ExternalIcon, MapPinIcon, PhoneIcon, StoreIcon } from '../../components/ui/icons.js';

const t = fr.tracking;

function Progress({ status, deliveryMethod }: { status: OrderStatus | null; deliveryMethod: string }) {
  const step = status ? fr.orderStatusFor(status, deliveryMethod).step : null;
  if (step === null) return null;
  const steps = deliveryMethod === 'pickup' ? t.pickupSteps : t.steps;
  return (
    <ol
      className={`mt-6 grid gap-1 ${steps.length === 4 ? 'grid-cols-4' : 'grid-cols-5'}`}
      aria-label={t.statusTitle}
      data-testid="tracking-progress"
    >
      {steps.map((label, i) => (
        <li key={label} aria-current={i === step ? 'step' : undefined} className="text-center">
          <span className={`block h-2 rounded-full ${i <= step ? 'bg-flame-500' : 'bg-charcoal-700'}`} />
          <span
            className={`mt-2 block text-[0.7rem] leading-tight sm:text-xs ${i <= step ? 'font-semibold text-cream-50' : 'text-cream-100/60'}`}
          >
            {label}
          </span>
        </li>
      ))}
    </ol>
  );
}

function DeliveryMap({ address }: { address: string }) {
  const key = window.__ENV__?.GOOGLE_MAPS_API_KEY;
  return (
    <div className="space-y-3">
      {key ? (
        <iframe
          title={t.mapTitle}
          className="h-64 w-full rounded-xl"
          loading="lazy"
          src={`https://www.google.com/maps/embed/v1/place?key=${encodeURIComponent(key)}&q=${encodeURIComponent(address)}`}
        />
      ) : (
        <div className="relative flex h-40 items-center justify-center overflow-hidden rounded-xl bg-[radial-gradient(circle_at_30%_40%,#f3e2c6,#e6cda4)]">
          <svg viewBox="0 0 400 160" className="absolute inset-0 size-full opacity-40" aria-hidden="true">
            <path d="M0 110 C 80 90, 140 140, 220 100 S 340 60, 400 80" stroke="#fff" strokeWidth="14" fill="none" />
            <path d="M60 0 L 120 160 M 280 0 L 250 160" stroke="#fff" strokeWidth="8" />
          </svg>
          <MapPinIcon className="relative size-12 text-ember-600 drop-shadow" />
        </div>
      )}
      <a
        href={directionsUrl(address)}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-2 rounded-full bg-charcoal-900 px-5 py-2.5 text-sm font-semibold text-cream-50 hover:bg-flame-600"
      >
        {t.openMaps} <ExternalIcon className="size-4" />
      </a>
    </div>
  );
}

/** The items and amounts, when the answer has them (not found by phone number alone). */
function amountsOf(order: TrackedOrder) {
  const { total_price, delivery_fee, discount_amount, grand_total } = order;
  if (
    order.details_hidden ||
    total_price === null ||
    delivery_fee === null ||
    discount_amount === null ||
    grand_total === null
  )
    return null;
  return { ...order, total_price, delivery_fee, discount_amount, grand_total };
}

export interface TrackedOrderViewProps {
  order: TrackedOrder;
  /** The confirmation page: « En attente de confirmation » instead of « En attente ». */
  waitingLabel?: string;
  /** The confirmation page: « Carte bancaire » / « Espèces ». */
  payment?: string;
  /** The order was cancelled by the customer: said instead of a refusal's reason. */
  cancelledByCustomer?: boolean;
  /** Under the status (the confirmation page's « Annuler ma commande »). */
  actions?: ReactNode;
}

export function TrackedOrderView({
  order,
  waitingLabel,
  payment,
  cancelledByCustomer,
  actions,
}: TrackedOrderViewProps) {
  const restaurant = useRestaurant();
  const status = normaliseStatus(order.status);
  const info = orderStatusInfo(order.status);
  const words = status ? fr.orderStatusFor(status, order.delivery_method) : null;
  const address = [order.customer_address, [order.customer_postal_code, order.customer_city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const cancelled = status === 'Annulée';
  const amounts = amountsOf(order);
  const hidden = (
    <p className="text-sm text-charcoal-600" data-testid="tracking-details-hidden">
      {t.detailsHidden}
    </p>
  );

  return (
    <article data-testid="tracked-order" className="space-y-6">
      <section
        className={`rounded-3xl p-6 text-cream-50 shadow-xl md:p-8 ${cancelled ? 'bg-ember-700' : 'bg-charcoal-900'}`}
      >
        {order.order_number && (
          <p className="text-sm tracking-wider text-flame-300 uppercase">{t.orderNumber(order.order_number)}</p>
        )}
        <h2 className="mt-1 text-4xl font-bold uppercase" data-testid="tracking-status">
          {status === 'En attente' && waitingLabel ? waitingLabel : (words?.label ?? order.status)}
        </h2>
        <p className="mt-2 text-cream-100/90" data-testid="tracking-description">
          {words?.description}
        </p>
        {order.ready_text && !cancelled && (
          <p
            className="mt-4 inline-block rounded-2xl bg-flame-600 px-5 py-3 text-2xl font-bold text-white"
            data-testid="tracking-ready"
          >
            {order.ready_text}
          </p>
        )}
        {status === 'En attente' && (
          <p className="mt-4 text-cream-100/90" data-testid="tracking-waiting">
            {t.waiting}
          </p>
        )}
        {cancelled && cancelledByCustomer && (
          <p className="mt-4 rounded-2xl bg-white/15 px-5 py-3 text-lg font-semibold" data-testid="tracking-cancelled">
            {fr.orderConfirmation.cancelledByYou}
          </p>
        )}
        {cancelled && !cancelledByCustomer && order.refusal_reason && (
          <p className="mt-4 rounded-2xl bg-white/15 px-5 py-3 text-lg font-semibold" data-testid="tracking-refusal">
            {t.refusal(order.refusal_reason)}
          </p>
        )}
        {actions && <div className="mt-5">{actions}</div>}
        <Progress status={status} deliveryMethod={order.delivery_method} />
        <p className="mt-6 text-xs text-cream-100/70">
          {t.placedAt(formatDateTimeFr(order.created_at))}
          {order.is_preorder && order.preorder_date && order.preorder_time && (
            <> · {t.preorderFor(formatDateFr(order.preorder_date), order.preorder_time.slice(0, 5))}</>
          )}
          {info && !info.isFinal && <> · {t.autoRefresh}</>}
        </p>
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <section className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-cream-200">
          <h3 className="mb-3 text-xl font-semibold uppercase">{t.itemsTitle}</h3>
          {amounts ? <OrderSummary order={amounts} /> : hidden}
          {payment && (
            <p className="mt-4 border-t border-cream-200 pt-3 text-sm" data-testid="order-payment">
              <span className="font-semibold">{fr.orderConfirmation.payment} :</span> {payment}
            </p>
          )}
        </section>
        <div className="space-y-6">
          <section className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-cream-200">
            {order.delivery_method === 'delivery' ? (
              <>
                <h3 className="mb-2 flex items-center gap-2 text-xl font-semibold uppercase">
                  <MapPinIcon className="size-5 text-flame-600" />
                  {t.deliveryTitle}
                </h3>
                {address ? (
                  <>
                    <p className="mb-4">{address}</p>
                    <DeliveryMap address={address} />
                  </>
                ) : (
                  <p className="text-sm text-charcoal-600">{t.deliveryHidden}</p>
                )}
              </>
            ) : (
              <>
                <h3 className="mb-2 flex items-center gap-2 text-xl font-semibold uppercase">
                  <StoreIcon className="size-5 text-flame-600" />
                  {t.pickupTitle}
                </h3>
                <p className="mb-4">{t.pickupText(restaurant.address)}</p>
                <DeliveryMap address={restaurant.fullAddress} />
              </>
            )}
          </section>
          {order.notes && (
            <section className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-cream-200">
              <h3 className="mb-2 text-xl font-semibold uppercase">{t.notesTitle}</h3>
              <p className="whitespace-pre-line text-charcoal-800">{order.notes}</p>
            </section>
          )}
          <section className="rounded-2xl bg-cream-100 p-6">
            <p className="font-semibold">{t.help}</p>
            <a
              href={restaurant.phoneHref}
              className="mt-2 inline-flex items-center gap-2 font-semibold text-flame-700 hover:underline"
            >
              <PhoneIcon className="size-5" />
              {t.call(restaurant.phoneDisplay)}
            </a>
          </section>
        </div>
      </div>
    </article>
  );
}
