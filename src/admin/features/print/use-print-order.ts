import { useEffect, useRef } from 'react';
import { useOrderQuery } from '../../lib/data.js';
import { AUTO_PRINT_DELAY_MS } from '../../lib/kiosk/kiosk.js';

/** Loads the order and prints once it is on screen, 500 ms later (spec §9). */
export function usePrintOrder(orderId: string | undefined) {
  const order = useOrderQuery(orderId, { queryConfig: { retry: false } });
  const printed = useRef(false);
  useEffect(() => {
    if (!order.data || printed.current) return;
    printed.current = true;
    const timer = setTimeout(() => window.print(), AUTO_PRINT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [order.data]);
  return order;
}
