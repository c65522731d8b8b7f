import { formatEuro } from '../../../shared/domain/money.js';
import { fr } from '../../i18n/fr.js';

interface SummaryLine {
  name: string;
  quantity: number;
  price: number;
  options?: { name: string; price: number }[];
}

/** Items and totals of a placed order, as tracking and the order history show them. */
export function OrderSummary({
  order: {
    order_items: items,
    total_price: subtotal,
    delivery_fee: deliveryFee,
    discount_amount: discount,
    grand_total: total,
    delivery_method: method,
  },
}: {
  order: {
    order_items: readonly SummaryLine[];
    total_price: number;
    delivery_fee: number;
    discount_amount: number;
    grand_total: number;
    delivery_method?: string;
  };
}) {
  return (
    <div>
      <ul className="divide-y divide-cream-200">
        {items.map((i, n) => (
          <li key={`${i.name}-${n}`} className="flex justify-between gap-3 py-2 text-sm">
            <span>
              <span className="font-semibold">{i.quantity} ×</span> {i.name}
              {i.options?.map((o) => (
                <span key={o.name} className="block text-xs text-charcoal-600">
                  + {o.name}
                </span>
              ))}
            </span>
            <span className="shrink-0">
              {formatEuro(i.price * i.quantity + (i.options ?? []).reduce((s, o) => s + o.price, 0) * i.quantity)}
            </span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-cream-200 pt-3 text-sm">
        <div className="flex justify-between">
          <dt>{fr.cart.subtotal}</dt>
          <dd>{formatEuro(subtotal)}</dd>
        </div>
        {/* A pickup has no delivery: no fee line, as on its e-mail and its ticket. */}
        {method !== 'pickup' && (
          <div className="flex justify-between">
            <dt>{fr.cart.deliveryFee}</dt>
            <dd>{formatEuro(deliveryFee)}</dd>
          </div>
        )}
        {discount > 0 && (
          <div className="flex justify-between text-herb-700">
            <dt>{fr.tracking.discount}</dt>
            <dd>-{formatEuro(discount)}</dd>
          </div>
        )}
        <div className="flex justify-between text-base font-bold">
          <dt>{fr.cart.total}</dt>
          <dd data-testid="order-total">{formatEuro(total)}</dd>
        </div>
      </dl>
    </div>
  );
}
