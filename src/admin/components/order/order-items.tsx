import { DEFAULT_DISCOUNT_PERCENTAGE, formatEuro, type Order } from '../../../shared/domain/index.js';
import { useT } from '../../i18n/index.js';
import { lineTotal } from './order-format.js';

export function OrderItems({ order }: { order: Order }) {
  const t = useT();
  return (
    <div>
      <h3 className="mb-2 text-lg font-bold">{t('order.items')}</h3>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-300">
        {order.order_items.map((item, i) => (
          <li
            key={`${item.id}-${i}`}
            className="flex items-start justify-between gap-3 px-4 py-3"
            data-testid="order-line"
          >
            <div>
              <p className="text-lg font-semibold">
                {item.quantity} x {item.name}
              </p>
              {item.options.length > 0 && (
                <p className="text-slate-700">{item.options.map((o) => o.name).join(', ')}</p>
              )}
            </div>
            <p className="whitespace-nowrap text-lg font-semibold tabular-nums">{formatEuro(lineTotal(item))}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function OrderTotals({ order }: { order: Order }) {
  const t = useT();
  const row = 'flex justify-between gap-3 py-1 text-lg tabular-nums';
  return (
    <dl className="rounded-xl bg-slate-100 px-4 py-3" data-testid="order-totals">
      <div className={row}>
        <dt>{t('order.subtotal')}</dt>
        <dd>{formatEuro(order.total_price)}</dd>
      </div>
      <div className={row}>
        <dt>{t('order.deliveryFee')}</dt>
        <dd>{formatEuro(order.delivery_fee)}</dd>
      </div>
      {order.discount_amount > 0 && (
        <div className={`${row} text-green-800`}>
          <dt>{t('order.discount', { p: order.discount_percentage || DEFAULT_DISCOUNT_PERCENTAGE })}</dt>
          <dd>-{formatEuro(order.discount_amount)}</dd>
        </div>
      )}
      <div className={`${row} mt-1 border-t-2 border-slate-400 pt-2 text-2xl font-extrabold`}>
        <dt>{t('order.total')}</dt>
        <dd>{formatEuro(order.grand_total)}</dd>
      </div>
    </dl>
  );
}
