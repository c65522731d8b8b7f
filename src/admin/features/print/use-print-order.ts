import { useOrderQuery } from '../../lib/data.js';
import { usePrintWhenShown } from '../../lib/use-print-when-shown.js';

/** Loads the order and prints once it is on screen, 500 ms later (spec §9). */
export function usePrintOrder(orderId: string | undefined) {
  const order = useOrderQuery(orderId, { queryConfig: { retry: false } });
  usePrintWhenShown(order.data);
  return order;
}
