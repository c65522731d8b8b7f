import { formatEuro, orderNumber, type Order } from '../../../shared/domain/index.js';
import { useT } from '../../i18n/index.js';
import { StatusBadge } from './status-badge.js';
import { PrintedBadge } from './printed-badge.js';
import { clockOf, dateTimeOf } from './order-format.js';

export function OrderList({
  orders,
  selectedId,
  highlighted = {},
  showDate = false,
  onSelect,
}: {
  orders: Order[];
  selectedId?: string | null;
  highlighted?: Record<string, true>;
  showDate?: boolean;
  onSelect(order: Order): void;
}) {
  const t = useT();
  return (
    <ul className="space-y-2" data-testid="order-list">
      {orders.map((o) => (
        <li key={o.id}>
          <button
            type="button"
            onClick={() => onSelect(o)}
            data-testid="order-row"
            data-order-id={o.id}
            data-new={highlighted[o.id] ? 'true' : undefined}
            aria-current={selectedId === o.id ? 'true' : undefined}
            className={`flex min-h-16 w-full items-center gap-3 rounded-xl border-2 px-4 py-3 text-left ${
              selectedId === o.id ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white hover:border-slate-500'
            } ${highlighted[o.id] ? 'new-order-highlight' : ''}`}
          >
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 text-lg font-bold">
                <span className="font-mono">#{orderNumber(o.id)}</span>
                <span className="truncate">{o.customer_name}</span>
              </p>
              <p className="text-slate-700">
                {showDate ? dateTimeOf(o.created_at) : clockOf(o.created_at)} ·{' '}
                {o.delivery_method === 'pickup' ? t('dashboard.pickup') : t('dashboard.delivery')}
                {o.is_preorder ? ` · ${t('dashboard.preorder')}` : ''}
              </p>
            </div>
            <div className="flex flex-col items-end gap-1">
              <span className="text-lg font-extrabold tabular-nums">{formatEuro(o.grand_total)}</span>
              <StatusBadge status={o.status} />
              <PrintedBadge orderId={o.id} />
            </div>
          </button>
        </li>
      ))}
    </ul>
  );
}
