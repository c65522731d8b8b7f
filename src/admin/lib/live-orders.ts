import { create } from 'zustand';
import { formatEuro, restaurantDate, normaliseStatus, orderNumber, type Order } from '../../shared/domain/index.js';
import { useLiveOrderCache, useTodayOrdersQuery } from './data.js';
import { toast } from '../components/ui/toast-store.js';
import { t } from '../i18n/index.js';
import { playNewOrderSound } from './sound/notification-sound.js';
import { autoPrint, usePrinterState } from './kiosk/printer-store.js';
import { isKiosk } from './kiosk/kiosk.js';
import { at } from '../i18n/acceptance.js';
import { clockOf } from '../components/order/order-format.js';

export const DASHBOARD_POLL_MS = 10_000;
export const HIGHLIGHT_MS = 5_000;

type Connection = 'connecting' | 'live' | 'lost';

interface LiveOrdersState {
  connection: Connection;
  highlighted: Record<string, true>;
}

export const useLiveOrders = create<LiveOrdersState>(() => ({ connection: 'connecting', highlighted: {} }));

// The page says whether new orders reach it live (`<html data-live-orders="live">`), as it says how many wait
// (data-waiting-orders), for what watches the page from outside (the browser tests).
useLiveOrders.subscribe(({ connection }) => {
  if (typeof document !== 'undefined') document.documentElement.dataset.liveOrders = connection;
});

/**
 * Ids already on screen or already announced: each new order is toasted and highlighted once per
 * session. Ringing is not decided here: every order still waiting for acceptance rings, whenever it
 * came in (src/admin/features/acceptance/waiting-orders.ts).
 */
const known = new Set<string>();
let primed = false;

function announce(order: Order): void {
  if (known.has(order.id)) return;
  known.add(order.id);
  useLiveOrders.setState((s) => ({ highlighted: { ...s.highlighted, [order.id]: true } }));
  setTimeout(() => {
    useLiveOrders.setState((s) => {
      const { [order.id]: _gone, ...rest } = s.highlighted;
      return { highlighted: rest };
    });
  }, HIGHLIGHT_MS);
  const waiting = normaliseStatus(order.status) === 'En attente';
  if (order.auto_accepted && !waiting) {
    // Accepted by the auto-accept setting: nothing waits, so it rings once here and prints.
    toast.success(
      at('autoAccepted', { id: orderNumber(order.id), ready: order.ready_at ? clockOf(order.ready_at) : '' }),
    );
    playNewOrderSound();
  } else {
    toast.success(
      t('dashboard.newOrderTitle'),
      t('dashboard.newOrderBody', {
        id: orderNumber(order.id),
        name: order.customer_name,
        total: formatEuro(order.grand_total),
      }),
    );
  }
  void autoPrint(order);
}

/**
 * The day's pre-orders (due today, or taken today for later) go to the kiosk with every read: it holds each
 * ticket until its print time (src/main/print-queue.ts), prints it once, and drops one refused meanwhile.
 */
function handPreorders(orders: Order[]): void {
  if (!isKiosk()) return;
  // A ticket the kiosk refused waits for « Tentar de novo » in the printer status: handing it again with every
  // 10-s poll would only repeat the refusal and its toast.
  const { printed, refused } = usePrinterState.getState();
  orders.filter((o) => o.is_preorder && !printed[o.id] && !refused[o.id]).forEach((o) => void autoPrint(o));
}

/** Every fetch (first load, 10 s poll, catch-up) passes here; the first only learns what exists. */
function noticeOrders(orders: Order[]): void {
  handPreorders(orders);
  if (!primed) {
    orders.forEach((o) => known.add(o.id));
    primed = true;
    // Catch-up after the kiosk was off: orders still waiting are handed to its printer, which skips any it already printed.
    orders
      .filter(
        (o) =>
          normaliseStatus(o.status) === 'En attente' || (o.auto_accepted && normaliseStatus(o.status) === 'Bien reçu'),
      )
      .forEach((o) => void autoPrint(o));
    return;
  }
  // A pre-order placed on an earlier day joins the list when its day comes (at midnight with the page open): it
  // is not new, so it is only noted.
  const today = restaurantDate(new Date());
  for (const o of [...orders].reverse()) {
    if (restaurantDate(new Date(o.created_at)) === today) announce(o);
    else known.add(o.id);
  }
}

/** Today's orders: realtime first, a silent poll every 10 s as the safety net. */
export function useTodayOrders() {
  return useTodayOrdersQuery({
    queryConfig: { refetchInterval: DASHBOARD_POLL_MS, refetchIntervalInBackground: true },
    onFetched: noticeOrders,
  });
}

/**
 * Mounted once for every admin screen: an order must ring wherever staff are. After a lost
 * connection the list is fetched again, so orders missed meanwhile are announced too.
 */
export function useOrderFeed(): void {
  useTodayOrders();
  useLiveOrderCache({
    onInsert: (order) => {
      if (primed) announce(order);
    },
    onStatus: (status) => useLiveOrders.setState({ connection: status === 'SUBSCRIBED' ? 'live' : 'lost' }),
  });
}
