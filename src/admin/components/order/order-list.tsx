import { formatEuro, restaurantClock, orderNumber, type Order } from '../../../shared/domain/index.js';
import { dueAt, dueDay } from '../../../shared/domain/order-due.js';
import { useT, type Translate } from '../../i18n/index.js';
import { StatusBadge } from './status-badge.js';
import { PrintedBadge } from './printed-badge.js';
import { clockOf, dateTimeOf, frenchDate } from './order-format.js';

/** The counter's words for when an order is due: its slot or ready time, or as soon as possible. */
function dueText(t: Translate, o: Order): string {
  const due = restaurantClock(dueAt(o));
  if (o.is_preorder && dueDay(o) !== restaurantClock(new Date()).date)
    return t('dashboard.dueOn', { date: frenchDate(dueDay(o)).slice(0, 5), time: due.time });
  if (o.is_preorder || o.ready_at) return t('dashboard.dueAt', { time: due.time });
  return t('dashboard.asap', { time: clockOf(o.created_at) });
}

export function OrderList({
  orders,
  selectedId,
  highlighted = {},
  showDate = false,
  showDue = false,
  testId = 'order-list',
  onSelect,
}: {
  orders: Order[];
  selectedId?: string | null;
  highlighted?: Record<string, true>;
  showDate?: boolean;
  /** Each row says when the order is due (the counter's day) instead of when it was placed. */
  showDue?: boolean;
  testId?: string;
  onSelect(order: Order): void;
}) {
  const t = useT();
  return (
    <ul className="space-y-2" data-testid={testId}>
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
                <span data-testid="order-time" className={showDue ? 'font-bold text-slate-900' : undefined}>
                  {showDue ? dueText(t, o) : showDate ? dateTimeOf(o.created_at) : clockOf(o.created_at)}
                </span>{' '}
                · {o.delivery_method === 'pickup' ? t('dashboard.pickup') : t('dashboard.delivery')}
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
