import { formatDateTimeFr, formatLongDateFr } from './french-dates.js';
import type { IsoDate } from './restaurant-time.js';
import { servicesOn, type OpeningSchedule, type Service } from './opening-hours.js';
import type { Order } from './order.js';
import type { TicketWords } from './ticket-words.js';
import {
  DEFAULT_TICKET_COLUMNS,
  TICKET_COLUMNS,
  TicketWriter,
  type TicketColumns,
  type TicketLine,
  type TicketRestaurant,
} from './ticket.js';

/*
 * The coming days at the counter (upcoming_orders): the pre-orders of each day, in the services of the opening
 * hours they fall in, and the kitchen's summary, what to prepare per dish (the chicken to marinate the day before).
 */

type Planned = Pick<Order, 'id' | 'preorder_date' | 'preorder_time' | 'order_items'>;

/** A dish or an extra, and how many the kitchen makes of it. */
export interface DishCount {
  name: string;
  quantity: number;
}

export interface PlanService<T> {
  /** The opening-hours service the pre-orders fall in; null for times outside every service of that day. */
  service: Service | null;
  orders: T[];
}

export interface PlanDay<T> {
  date: IsoDate;
  orders: T[];
  services: PlanService<T>[];
  /** Dishes and extras of the day, most first, then by name. */
  dishes: DishCount[];
}

const hhmm = (time: string | null) => (time ?? '').slice(0, 5);

/** Sums the lines (and their extras, as many as their line) per name, most first, then by name. */
export function dishCounts(orders: readonly Pick<Order, 'order_items'>[]): DishCount[] {
  const counts = new Map<string, number>();
  const add = (name: string, quantity: number) => counts.set(name, (counts.get(name) ?? 0) + quantity);
  for (const order of orders)
    for (const line of order.order_items) {
      add(line.name, line.quantity);
      for (const option of line.options ?? []) add(option.name, line.quantity);
    }
  return [...counts]
    .map(([name, quantity]) => ({ name, quantity }))
    .sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name, 'fr'));
}

/**
 * The days of `orders` (pre-orders, in the read's order: by due time), each with its services of the opening hours
 * (a dated closure's or special opening's, else the week's) and its dish counts. Days without pre-orders are left out.
 */
export function kitchenPlan<T extends Planned>(orders: readonly T[], schedule: OpeningSchedule): PlanDay<T>[] {
  const days = new Map<IsoDate, T[]>();
  for (const order of orders) {
    if (!order.preorder_date) continue;
    const date = order.preorder_date.slice(0, 10);
    days.set(date, [...(days.get(date) ?? []), order]);
  }
  return [...days].map(([date, dayOrders]) => {
    const services = servicesOn(date, schedule);
    const byService: PlanService<T>[] = services.map((service) => ({ service, orders: [] }));
    const outside: T[] = [];
    for (const order of dayOrders) {
      const time = hhmm(order.preorder_time);
      const i = services.findIndex(([opens, closes]) => time >= opens && time <= closes);
      (i >= 0 ? byService[i]!.orders : outside).push(order);
    }
    const kept = byService.filter((s) => s.orders.length > 0);
    if (outside.length > 0) kept.push({ service: null, orders: outside });
    return { date, orders: dayOrders, services: kept, dishes: dishCounts(dayOrders) };
  });
}

/** What the kiosk prints: counts only, no customer's name or phone. */
export interface KitchenSummary {
  days: {
    date: IsoDate;
    orders: number;
    services: { opens: string | null; closes: string | null; orders: number }[];
    dishes: DishCount[];
  }[];
}

export function kitchenSummaryOf(plan: readonly PlanDay<Planned>[]): KitchenSummary {
  return {
    days: plan.map((day) => ({
      date: day.date,
      orders: day.orders.length,
      services: day.services.map((s) => ({
        opens: s.service?.[0] ?? null,
        closes: s.service?.[1] ?? null,
        orders: s.orders.length,
      })),
      dishes: day.dishes,
    })),
  };
}

/**
 * The kitchen summary on the 80 mm paper, as plain data like the other tickets: per day, the pre-orders per
 * service and the quantities per dish, with the tickets' words (`TICKET_FR`, src/shared/i18n/ticket-fr.ts).
 */
export function layoutKitchenSummary(
  summary: KitchenSummary,
  options: { columns?: TicketColumns; restaurant: TicketRestaurant; printedAt: Date; words: TicketWords },
): TicketLine[] {
  const columns = options.columns ?? DEFAULT_TICKET_COLUMNS;
  if (!TICKET_COLUMNS.includes(columns)) throw new RangeError(`Unsupported ticket width: ${columns}`);
  const words = options.words.kitchenSummary;
  const w = new TicketWriter(columns);
  w.text(options.restaurant.name, { align: 'center', bold: true, size: 'double' });
  w.rule();
  w.text(words.title, { align: 'center', bold: true, size: 'double' });
  w.text(words.printedAt(formatDateTimeFr(options.printedAt)), { align: 'center' });
  w.rule();
  if (summary.days.length === 0) w.text(words.none);
  for (const day of summary.days) {
    w.text(formatLongDateFr(day.date).toUpperCase(), { bold: true });
    w.leader(words.preorders, String(day.orders));
    for (const s of day.services)
      w.leader(s.opens ? words.service(s.opens, s.closes ?? '') : words.outsideServices, words.orders(s.orders));
    w.blank();
    for (const dish of day.dishes) w.leader(dish.name, words.dishQuantity(dish.quantity), { bold: true });
    w.rule();
  }
  return w.lines;
}
