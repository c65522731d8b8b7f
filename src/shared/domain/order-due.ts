import { restaurantDate, restaurantInstant } from './restaurant-time.js';
import type { Order } from './order.js';

type Dated = Pick<Order, 'created_at' | 'is_preorder' | 'preorder_date' | 'preorder_time' | 'ready_at'>;

/**
 * When the kitchen must have an order ready: a pre-order at its slot (the restaurant's clock), an immediate order at
 * its ready time once accepted, else as soon as possible (when it was placed). The same rule as day_orders().
 */
export function dueAt(order: Dated): Date {
  if (order.is_preorder && order.preorder_date && order.preorder_time)
    return restaurantInstant(order.preorder_date, order.preorder_time.slice(0, 5));
  return new Date(order.ready_at ?? order.created_at);
}

/** The restaurant's day an order is made on: a pre-order's date, else the day it was placed. */
export function dueDay(order: Dated): string {
  if (order.is_preorder && order.preorder_date) return order.preorder_date.slice(0, 10);
  return restaurantDate(new Date(order.created_at));
}

/** Orders by due time, then by when they were placed. */
export function byDueTime<T extends Dated>(orders: readonly T[]): T[] {
  return [...orders].sort(
    (a, b) => dueAt(a).getTime() - dueAt(b).getTime() || Date.parse(a.created_at) - Date.parse(b.created_at),
  );
}

/** The counter's list for `day`: orders due that day by due time, then those placed that day for a later day. */
export function counterDayOrder<T extends Dated>(orders: readonly T[], day: string): T[] {
  const sorted = byDueTime(orders);
  return [...sorted.filter((o) => dueDay(o) === day), ...sorted.filter((o) => dueDay(o) !== day)];
}
