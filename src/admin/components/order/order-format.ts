import { luxembourgClock, multiplyEuros, type Order } from '../../../shared/domain/index.js';

import { RESTAURANT } from '../../../shared/domain/restaurant.js';

export const RESTAURANT_PICKUP_ADDRESS = RESTAURANT.address;

export function lineTotal(item: Order['order_items'][number]): number {
  return multiplyEuros(item.price, item.quantity);
}

export function clockOf(iso: string): string {
  return luxembourgClock(new Date(iso)).time;
}

/** French date and time, Luxembourg clock: "21/11/2026 12:05". */
export function dateTimeOf(iso: string): string {
  const c = luxembourgClock(new Date(iso));
  const [y, m, d] = c.date.split('-');
  return `${d}/${m}/${y} ${c.time}`;
}

export function frenchDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

export function gpsUrl(order: Pick<Order, 'customer_address' | 'customer_postal_code' | 'customer_city'>): string {
  const destination = [order.customer_address, order.customer_postal_code, order.customer_city]
    .filter(Boolean)
    .join(', ');
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}
