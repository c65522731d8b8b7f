import {
  addressLine,
  directionsUrl,
  formatDateFr,
  formatDateTimeFr,
  restaurantClock,
  multiplyEuros,
  type Order,
} from '../../../shared/domain/index.js';

export function lineTotal(item: Order['order_items'][number]): number {
  return multiplyEuros(item.price, item.quantity);
}

export function clockOf(iso: string): string {
  return restaurantClock(new Date(iso)).time;
}

/** French date and time, Luxembourg clock: "21/11/2026 12:05" (the domain's formatter). */
export const dateTimeOf = (iso: string) => formatDateTimeFr(iso);

/** "2026-11-21" → "21/11/2026" (the domain's formatter). */
export const frenchDate = (isoDate: string) => formatDateFr(isoDate.slice(0, 10));

export function gpsUrl(order: Pick<Order, 'customer_address' | 'customer_postal_code' | 'customer_city'>): string {
  return directionsUrl(
    addressLine({ address: order.customer_address, postalCode: order.customer_postal_code, city: order.customer_city }),
  );
}
