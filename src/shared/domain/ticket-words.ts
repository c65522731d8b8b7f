import type { DeliveryMethod, PaymentMethod } from './delivery-method.js';

/*
 * What the 80 mm papers say, as the layouts ask for it: each entry is a text or a function of the values it
 * places. The layouts (ticket.ts, takings-ticket.ts, kitchen-plan.ts) place the lines; the words are the
 * tickets' catalogue, src/shared/i18n/ticket-fr.ts (French, like every ticket the spec shows), handed in by
 * the kiosk and the admin's print pages.
 */

/** The order ticket (customer and kitchen) and the slip a received pre-order prints. */
export interface OrderTicketWords {
  restaurantPhone(phone: string): string;
  kitchen: string;
  orderNumber(number: string): string;
  deliveryMethods: Record<DeliveryMethod, string>;
  paymentMethods: Record<PaymentMethod, string>;
  preorder: string;
  preorderDay(longDate: string): string;
  preorderTime(time: string, date: string): string;
  /** The time the kitchen works to; `day` is the date when another day than the pre-order's, else null. */
  readyAt(method: DeliveryMethod, time: string, day: string | null): string;
  customer(name: string): string;
  customerPhone(phone: string): string;
  notes: string;
  subtotal: string;
  deliveryFee: string;
  discount(percentage: number): string;
  total: string;
  payment(method: string): string;
  thanks: string;
  preorderReceived: string;
  kitchenTicketsAt(dateTime: string): string;
}

/** The day (or period) summary. */
export interface DaySummaryWords {
  title(oneDay: boolean): string;
  /** 'Dimanche 25 octobre 2026' for a day, 'Du 24/10/2026 au 26/10/2026' for a period. */
  period(from: string, to: string): string;
  printedAt(dateTime: string): string;
  deliveredOrders: string;
  takings: string;
  averageTicket: string;
  payment: string;
  paymentMethods: Record<PaymentMethod, string>;
  method: string;
  deliveryMethods: Record<DeliveryMethod, string>;
  deliveryFees: string;
  discounts: string;
  vat: string;
  vatRate(rate: number): string;
  vatBase: string;
  vatAmount: string;
  vatTotal: string;
  totalBase: string;
  totalVat: string;
  cancelled(orders: number): string;
  open(orders: number): string;
  openNotCounted: string;
  topDishes: string;
  byHour: string;
  hourLine(hour: string, orders: number): string;
}

/** The kitchen's summary of the coming days' pre-orders. */
export interface KitchenSummaryWords {
  title: string;
  printedAt(dateTime: string): string;
  none: string;
  preorders: string;
  service(opens: string, closes: string): string;
  outsideServices: string;
  orders(count: number): string;
  dishQuantity(quantity: number): string;
}

export interface TicketWords {
  order: OrderTicketWords;
  daySummary: DaySummaryWords;
  kitchenSummary: KitchenSummaryWords;
}
