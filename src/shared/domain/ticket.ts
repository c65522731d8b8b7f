import type { OrderTicketWords, TicketWords } from './ticket-words.js';
import { formatDateFr, formatDateTimeFr, formatLongDateFr, formatTimeFr } from './french-dates.js';
import { formatEuro, fromCents, toCents } from './money.js';
import { DEFAULT_DISCOUNT_PERCENTAGE, orderNumber, type Order } from './order.js';
import { leaderLines, spellOutLigatures, textWidth, wrapText } from './ticket-text.js';
import { restaurantClock } from './restaurant-time.js';

/**
 * The one layout of an order ticket for an 80 mm printer, as plain data. The kiosk renders it to
 * ESC/POS and the print pages to HTML, so the preview matches the paper. 42 columns by default
 * (the spec shows 42 on one ticket and 32 on another); 48 and 32 suit other printers and fonts.
 * A 'double' line uses two columns per character, so it holds half as many characters.
 */
export type TicketColumns = 48 | 42 | 32;
export const DEFAULT_TICKET_COLUMNS: TicketColumns = 42;
export const TICKET_COLUMNS: readonly TicketColumns[] = [48, 42, 32];

export type TicketAlign = 'left' | 'center' | 'right';
export type TicketSize = 'normal' | 'double';

export type TicketLine =
  { kind: 'text'; text: string; align: TicketAlign; bold: boolean; size: TicketSize } | { kind: 'rule' };

export interface TicketRestaurant {
  name: string;
  address: string;
  phone: string;
  /** The restaurant's time zone (its opening hours' setting); the kiosk's current one when absent (older apps). */
  time_zone?: string;
}

export interface TicketOptions {
  columns?: TicketColumns;
  kind: 'customer' | 'kitchen';
  restaurant: TicketRestaurant;
  /** The words it prints: the tickets' catalogue (`TICKET_FR`, src/shared/i18n/ticket-fr.ts). */
  words: TicketWords;
}

export type TicketOrder = Pick<
  Order,
  | 'id'
  | 'created_at'
  | 'customer_name'
  | 'customer_phone'
  | 'customer_address'
  | 'customer_postal_code'
  | 'customer_city'
  | 'delivery_method'
  | 'payment_method'
  | 'is_preorder'
  | 'preorder_date'
  | 'preorder_time'
  | 'ready_at'
  | 'order_items'
  | 'total_price'
  | 'delivery_fee'
  | 'discount_amount'
  | 'discount_percentage'
  | 'grand_total'
  | 'notes'
>;

interface Style {
  align?: TicketAlign;
  bold?: boolean;
  size?: TicketSize;
}

/** Collects lines, wrapping each text to the width its size allows. */
export class TicketWriter {
  readonly lines: TicketLine[] = [];
  constructor(readonly columns: number) {}

  widthFor(size: TicketSize): number {
    return size === 'double' ? Math.floor(this.columns / 2) : this.columns;
  }

  text(text: string, style: Style = {}): void {
    const size = style.size ?? 'normal';
    for (const line of wrapText(spellOutLigatures(text), this.widthFor(size))) this.raw(line, style);
  }

  /** Lines already fitted to the width (leaders, indents). */
  raw(text: string, style: Style = {}): void {
    this.lines.push({
      kind: 'text',
      text,
      align: style.align ?? 'left',
      bold: style.bold ?? false,
      size: style.size ?? 'normal',
    });
  }

  leader(left: string, right: string, style: Style = {}): void {
    for (const line of leaderLines(spellOutLigatures(left), right, this.widthFor(style.size ?? 'normal')))
      this.raw(line, style);
  }

  /** An option line: "+ name" at indent, its continuation lines aligned under the name. */
  option(name: string, indent: number, style: Style = {}): void {
    const width = this.widthFor(style.size ?? 'normal') - indent - 2;
    wrapText(spellOutLigatures(name), width).forEach((line, i) =>
      this.raw(' '.repeat(indent) + (i === 0 ? '+ ' : '  ') + line, style),
    );
  }

  rule(): void {
    this.lines.push({ kind: 'rule' });
  }

  blank(): void {
    this.raw('');
  }
}

function header(
  w: TicketWriter,
  order: TicketOrder,
  restaurant: TicketRestaurant,
  kind: TicketOptions['kind'],
  words: OrderTicketWords,
): void {
  if (kind === 'customer') {
    w.text(restaurant.name, { align: 'center', bold: true, size: 'double' });
    w.text(restaurant.address, { align: 'center' });
    w.text(words.restaurantPhone(restaurant.phone), { align: 'center' });
    w.rule();
  } else {
    w.text(words.kitchen, { align: 'center', bold: true });
  }
  w.text(words.orderNumber(orderNumber(order.id)), { align: 'center', bold: true, size: 'double' });
  w.text(formatDateTimeFr(order.created_at, restaurant.time_zone), { align: 'center' });
  w.blank();
  w.text(words.deliveryMethods[order.delivery_method].toLocaleUpperCase('fr'), {
    align: 'center',
    bold: true,
    size: 'double',
  });
  if (order.is_preorder && order.preorder_date && order.preorder_time) {
    w.text(words.preorder, { align: 'center', bold: true, size: 'double' });
    w.text(words.preorderDay(formatLongDateFr(order.preorder_date)), { align: 'center', bold: true });
    w.text(words.preorderTime(formatTimeFr(order.preorder_time), formatDateFr(order.preorder_date)), {
      align: 'center',
      bold: true,
      size: 'double',
    });
  }
  const ready = readyLine(order, words, restaurant.time_zone);
  if (ready) w.text(ready, { align: 'center', bold: true, size: 'double' });
  w.rule();
}

/**
 * The time the kitchen works to, set at acceptance: "Prête à 12:45" (pickup) or "Livrée vers 12:45"
 * (delivery), on the restaurant's clock. A pre-order ready at its slot already says it above; ready at another
 * time, or on another day, the line says so.
 */
export function readyLine(
  order: Pick<TicketOrder, 'ready_at' | 'delivery_method' | 'is_preorder' | 'preorder_date' | 'preorder_time'>,
  words: Pick<OrderTicketWords, 'readyAt'>,
  zone?: string,
): string | null {
  if (!order.ready_at) return null;
  const ready = restaurantClock(new Date(order.ready_at), zone);
  if (
    order.is_preorder &&
    ready.date === order.preorder_date?.slice(0, 10) &&
    ready.time === formatTimeFr(order.preorder_time ?? '')
  )
    return null;
  const day = order.is_preorder && ready.date !== order.preorder_date?.slice(0, 10) ? formatDateFr(ready.date) : null;
  return words.readyAt(order.delivery_method, ready.time, day);
}

function customerBlock(w: TicketWriter, order: TicketOrder, words: OrderTicketWords): void {
  w.text(words.customer(order.customer_name), { bold: true });
  w.text(words.customerPhone(order.customer_phone));
  if (order.delivery_method === 'delivery') {
    if (order.customer_address) w.text(order.customer_address);
    const city = [order.customer_postal_code, order.customer_city].filter(Boolean).join(' ');
    if (city) w.text(city);
  }
  w.rule();
}

function notesBlock(w: TicketWriter, order: TicketOrder, bold: boolean, words: OrderTicketWords): void {
  if (!order.notes?.trim()) return;
  w.text(words.notes, { bold: true });
  w.text(order.notes.trim(), { bold });
  w.rule();
}

function customerItems(w: TicketWriter, order: TicketOrder): void {
  for (const item of order.order_items) {
    w.leader(`${item.quantity}x ${item.name}`, formatEuro(fromCents(toCents(item.price) * item.quantity)));
    for (const option of item.options) {
      const price = toCents(option.price) * item.quantity;
      if (price > 0) {
        for (const line of leaderLines(
          `+ ${spellOutLigatures(option.name)}`,
          formatEuro(fromCents(price)),
          w.columns - 3,
        ))
          w.raw(`   ${line}`);
      } else {
        w.option(option.name, 3);
      }
    }
  }
  w.rule();
}

function totals(w: TicketWriter, order: TicketOrder, words: OrderTicketWords): void {
  w.leader(words.subtotal, formatEuro(order.total_price));
  if (order.delivery_method === 'delivery' || order.delivery_fee > 0)
    w.leader(words.deliveryFee, formatEuro(order.delivery_fee));
  if (order.discount_amount > 0) {
    const pct = order.discount_percentage > 0 ? order.discount_percentage : DEFAULT_DISCOUNT_PERCENTAGE;
    w.leader(words.discount(pct), `-${formatEuro(order.discount_amount)}`);
  }
  w.leader(words.total, formatEuro(order.grand_total), { bold: true, size: 'double' });
  w.rule();
  w.text(words.payment(words.paymentMethods[order.payment_method]), { bold: true });
}

export function layoutTicket(order: TicketOrder, options: TicketOptions): TicketLine[] {
  const columns = options.columns ?? DEFAULT_TICKET_COLUMNS;
  if (!TICKET_COLUMNS.includes(columns)) throw new RangeError(`Unsupported ticket width: ${columns}`);
  const words = options.words.order;
  const w = new TicketWriter(columns);
  header(w, order, options.restaurant, options.kind, words);
  customerBlock(w, order, words);

  if (options.kind === 'kitchen') {
    for (const item of order.order_items) {
      w.text(`${item.quantity}x ${item.name}`, { bold: true, size: 'double' });
      for (const option of item.options) w.option(option.name, 1, { bold: true, size: 'double' });
    }
    w.rule();
    notesBlock(w, order, true, words);
    return w.lines;
  }

  customerItems(w, order);
  notesBlock(w, order, false, words);
  totals(w, order, words);
  w.blank();
  w.text(words.thanks, { align: 'center' });
  return w.lines;
}

/** The columns a line takes on paper; tests and renderers check it never exceeds the width. */
export function ticketLineWidth(line: TicketLine): number {
  if (line.kind === 'rule') return 0;
  return textWidth(line.text) * (line.size === 'double' ? 2 : 1);
}

/** Plain-text view (double lines shown as-is), for logs and quick previews. */
export function ticketToPlainText(lines: readonly TicketLine[], columns: number = DEFAULT_TICKET_COLUMNS): string {
  return lines
    .map((l) => {
      if (l.kind === 'rule') return '-'.repeat(columns);
      const width = l.size === 'double' ? Math.floor(columns / 2) : columns;
      const pad = Math.max(0, width - textWidth(l.text));
      if (l.align === 'center') return ' '.repeat(Math.floor(pad / 2)) + l.text;
      if (l.align === 'right') return ' '.repeat(pad) + l.text;
      return l.text;
    })
    .join('\n');
}

/**
 * The slip a pre-order prints when it is received, if the kiosk's settings ask for one: its number, when it is
 * due, who ordered, and when its tickets will print (its due time less the lead of the settings).
 */
export function layoutPreorderSlip(
  order: TicketOrder,
  options: { columns?: TicketColumns; restaurant: TicketRestaurant; ticketsAt: Date; words: TicketWords },
): TicketLine[] {
  const words = options.words.order;
  const w = new TicketWriter(options.columns ?? DEFAULT_TICKET_COLUMNS);
  w.text(options.restaurant.name, { align: 'center', bold: true });
  w.text(words.preorderReceived, { align: 'center', bold: true, size: 'double' });
  w.text(words.orderNumber(orderNumber(order.id)), { align: 'center', bold: true });
  if (order.preorder_date && order.preorder_time) {
    w.text(words.preorderDay(formatLongDateFr(order.preorder_date)), { align: 'center', bold: true });
    w.text(words.preorderTime(formatTimeFr(order.preorder_time), formatDateFr(order.preorder_date)), {
      align: 'center',
      bold: true,
      size: 'double',
    });
  }
  w.text(words.deliveryMethods[order.delivery_method], { align: 'center' });
  w.rule();
  w.text(words.customer(order.customer_name), { bold: true });
  w.text(words.customerPhone(order.customer_phone));
  w.rule();
  w.text(words.kitchenTicketsAt(formatDateTimeFr(options.ticketsAt, options.restaurant.time_zone)), { bold: true });
  return w.lines;
}
