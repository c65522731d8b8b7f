import { useState } from 'react';
import { formatDateFr, formatEuro, formatTimeFr, orderNumber, type Order } from '../../../shared/domain/index.js';
import { Button } from '../../components/ui/button.js';
import { Icon } from '../../components/ui/icon.js';
import { useStoreSettingsQuery } from '../../lib/data.js';
import { DEFAULT_ORDER_ACCEPTANCE } from '../../../shared/domain/store-settings.js';
import { useAcceptanceT } from '../../i18n/acceptance.js';
import { clockOf, QUICK_MINUTES, useAcceptOrder, useRefuseOrder, useWaitingOrders } from './waiting-orders.js';

/** Reasons the customer reads (in French, the shop's language); staff may also type their own. */
const QUICK_REASONS = [
  'Cuisine complète ce soir',
  'Article épuisé',
  'Adresse hors de notre zone de livraison',
  'Restaurant fermé exceptionnellement',
];

/** Full width, on every admin screen: every order waiting for acceptance, with its accept and refuse buttons. */
export function AcceptancePanel() {
  const t = useAcceptanceT();
  const waiting = useWaitingOrders();
  const settings = useStoreSettingsQuery();
  const defaultMinutes = (settings.data?.order_acceptance ?? DEFAULT_ORDER_ACCEPTANCE).default_ready_minutes;
  const orders = waiting.data ?? [];
  if (orders.length === 0) return null;
  return (
    <section
      role="alert"
      aria-label={t('panelTitle', { n: orders.length })}
      data-testid="acceptance-panel"
      className="no-print border-b-4 border-red-800 bg-red-700 px-3 py-3 text-white shadow-lg sm:px-5"
    >
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <Icon name="bell" className="h-7 w-7 animate-bounce" />
        <h2 className="flex-1 text-xl font-extrabold sm:text-2xl">{t('panelTitle', { n: orders.length })}</h2>
        <p className="hidden text-base font-semibold text-red-50 md:block">{t('panelHelp')}</p>
      </div>
      <ul className="grid gap-3 xl:grid-cols-2">
        {orders.map((o) => (
          <WaitingOrder key={o.id} order={o} defaultMinutes={defaultMinutes} />
        ))}
      </ul>
    </section>
  );
}

function WaitingOrder({ order, defaultMinutes }: { order: Order; defaultMinutes: number }) {
  const t = useAcceptanceT();
  const accept = useAcceptOrder();
  const refuse = useRefuseOrder();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const busy = accept.isPending || refuse.isPending;
  const choices = [...new Set([...QUICK_MINUTES, defaultMinutes])].sort((a, b) => a - b);
  const number = orderNumber(order.id);

  return (
    <li data-testid="waiting-order" data-order-id={order.id} className="rounded-xl bg-white p-3 text-ink shadow sm:p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-lg font-extrabold">
          #{number} · {order.customer_name}
        </p>
        <p className="text-xl font-extrabold tabular-nums">{formatEuro(order.grand_total)}</p>
      </div>
      <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 font-semibold">
        <span
          className={`rounded px-2 ${order.delivery_method === 'delivery' ? 'bg-blue-100 text-blue-900' : 'bg-amber-100 text-amber-900'}`}
        >
          {order.delivery_method === 'delivery' ? t('delivery') : t('pickup')}
        </span>
        {order.is_preorder && order.preorder_date && order.preorder_time ? (
          <span className="rounded bg-purple-100 px-2 text-purple-900" data-testid="waiting-preorder">
            {t('preorderFor', { date: formatDateFr(order.preorder_date), time: formatTimeFr(order.preorder_time) })}
          </span>
        ) : (
          <span className="text-slate-700">{t('receivedAt', { time: clockOf(order.created_at) })}</span>
        )}
        {order.delivery_method === 'delivery' && order.customer_city && (
          <span className="text-slate-700">{order.customer_city}</span>
        )}
      </p>
      <ul className="mt-2 text-base" data-testid="waiting-items">
        {order.order_items.map((item, i) => (
          <li key={`${item.id}-${i}`}>
            <strong>{item.quantity} x</strong> {item.name}
            {item.options.length > 0 && (
              <span className="text-slate-700"> ({item.options.map((op) => op.name).join(', ')})</span>
            )}
          </li>
        ))}
      </ul>
      {order.notes && <p className="mt-1 rounded bg-yellow-50 px-2 py-1 text-slate-800">“{order.notes}”</p>}

      {!refusing ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {order.is_preorder && order.preorder_time ? (
            <Button variant="success" disabled={busy} onClick={() => accept.mutate({ order })} className="text-lg">
              {t('acceptPreorder', { time: formatTimeFr(order.preorder_time) })}
            </Button>
          ) : (
            <>
              <span className="w-full font-bold sm:w-auto">{t('acceptIn')}</span>
              {choices.map((m) => (
                <Button
                  key={m}
                  variant={m === defaultMinutes ? 'success' : 'secondary'}
                  disabled={busy}
                  aria-label={`${t('acceptIn')} ${t('minutes', { n: m })}`}
                  data-default={m === defaultMinutes ? 'true' : undefined}
                  onClick={() => accept.mutate({ order, minutes: m })}
                  className="min-w-16 text-lg"
                >
                  {t('minutes', { n: m })}
                </Button>
              ))}
            </>
          )}
          <Button variant="danger" disabled={busy} onClick={() => setRefusing(true)} className="ml-auto">
            {t('refuse')}
          </Button>
        </div>
      ) : (
        <form
          className="mt-3 space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            // The database checks it too; asking here first spares a round trip.
            if (reason.trim().length < 3) return setReasonError(t('reasonRequired'));
            setReasonError(null);
            refuse.mutate({ order, reason });
          }}
        >
          <p className="font-bold">{t('refuseTitle', { id: number })}</p>
          <label className="block">
            <span className="font-semibold">{t('reasonLabel')}</span>
            <input
              className="mt-1 block min-h-12 w-full rounded-lg border-2 border-slate-400 px-3 text-lg"
              value={reason}
              maxLength={300}
              placeholder={t('reasonPlaceholder')}
              onChange={(e) => {
                setReason(e.target.value);
                setReasonError(null);
              }}
              autoFocus
            />
          </label>
          {reasonError && (
            <p role="alert" className="font-semibold text-red-800">
              {reasonError}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {QUICK_REASONS.map((r) => (
              <button
                key={r}
                type="button"
                onClick={() => {
                  setReason(r);
                  setReasonError(null);
                }}
                className="rounded-full border border-slate-400 bg-slate-100 px-3 py-1 text-sm font-semibold"
              >
                {r}
              </button>
            ))}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" disabled={busy}>
              {t('confirmRefuse')}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setRefusing(false)}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}
