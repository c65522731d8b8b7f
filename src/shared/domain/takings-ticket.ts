import { formatDateTimeFr } from './french-dates.js';
import { leaderLines } from './ticket-text.js';
import {
  DEFAULT_TICKET_COLUMNS,
  TICKET_COLUMNS,
  TicketWriter,
  type TicketColumns,
  type TicketLine,
  type TicketRestaurant,
} from './ticket.js';
import type { TicketWords } from './ticket-words.js';
import { formatCents, vatTotals, type TakingsReport } from './takings.js';

export interface DaySummaryOptions {
  columns?: TicketColumns;
  restaurant: TicketRestaurant;
  printedAt: Date;
  /** The words it prints: the tickets' catalogue (`TICKET_FR`, src/shared/i18n/ticket-fr.ts). */
  words: TicketWords;
}

/**
 * The day (or period) summary for the 80 mm printer, as plain data like the order ticket: the
 * kiosk renders it to ESC/POS, the browser print page to HTML, both with the tickets' words.
 */
export function layoutDaySummary(report: TakingsReport, options: DaySummaryOptions): TicketLine[] {
  const columns = options.columns ?? DEFAULT_TICKET_COLUMNS;
  if (!TICKET_COLUMNS.includes(columns)) throw new RangeError(`Unsupported ticket width: ${columns}`);
  const words = options.words.daySummary;
  const w = new TicketWriter(columns);
  const t = report.takings;

  w.text(options.restaurant.name, { align: 'center', bold: true, size: 'double' });
  w.text(options.restaurant.address, { align: 'center' });
  w.rule();
  w.text(words.title(report.from === report.to), {
    align: 'center',
    bold: true,
    size: 'double',
  });
  w.text(words.period(report.from, report.to), { align: 'center', bold: true });
  w.text(words.printedAt(formatDateTimeFr(options.printedAt)), { align: 'center' });
  w.rule();

  w.leader(words.deliveredOrders, String(t.orders));
  w.leader(words.takings, formatCents(t.total_cents), { bold: true });
  w.leader(words.averageTicket, formatCents(t.average_cents));
  w.rule();
  w.text(words.payment, { bold: true });
  for (const key of ['cash', 'card'] as const) {
    w.leader(
      `${words.paymentMethods[key]} (${report.by_payment[key].orders})`,
      formatCents(report.by_payment[key].total_cents),
    );
  }
  w.text(words.method, { bold: true });
  for (const key of ['delivery', 'pickup'] as const) {
    w.leader(
      `${words.deliveryMethods[key]} (${report.by_method[key].orders})`,
      formatCents(report.by_method[key].total_cents),
    );
  }
  w.leader(words.deliveryFees, formatCents(t.delivery_fee_cents));
  w.leader(words.discounts, t.discount_cents > 0 ? `-${formatCents(t.discount_cents)}` : formatCents(0));
  w.rule();

  w.text(words.vat, { bold: true });
  for (const v of report.vat) {
    w.text(words.vatRate(v.rate));
    const indented = (left: string, right: string) =>
      leaderLines(left, right, w.columns - 2).forEach((l) => w.raw(`  ${l}`));
    indented(words.vatBase, formatCents(v.base_cents));
    indented(words.vatAmount, formatCents(v.vat_cents));
    indented(words.vatTotal, formatCents(v.total_cents));
  }
  const totals = vatTotals(report);
  w.leader(words.totalBase, formatCents(totals.base_cents), { bold: true });
  w.leader(words.totalVat, formatCents(totals.vat_cents), { bold: true });
  w.rule();

  w.leader(words.cancelled(report.cancelled.orders), formatCents(report.cancelled.total_cents));
  w.leader(words.open(report.open.orders), formatCents(report.open.total_cents));
  if (report.open.orders > 0) w.text(words.openNotCounted);
  w.rule();

  if (report.top_dishes.length > 0) {
    w.text(words.topDishes, { bold: true });
    for (const d of report.top_dishes.slice(0, 5))
      w.leader(`${d.quantity}x ${d.name ?? d.item_id ?? ''}`, formatCents(d.total_cents));
    w.rule();
  }
  const busy = report.hours.filter((h) => h.orders > 0);
  if (busy.length > 0) {
    w.text(words.byHour, { bold: true });
    for (const h of busy)
      w.leader(words.hourLine(String(h.hour).padStart(2, '0'), h.orders), formatCents(h.total_cents));
    w.rule();
  }
  return w.lines;
}
