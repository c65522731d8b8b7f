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
import {
  METHOD_LABELS_FR,
  PAYMENT_LABELS_FR,
  formatCents,
  reportPeriodLabelFr,
  vatTotals,
  type TakingsReport,
} from './takings.js';

export interface DaySummaryOptions {
  columns?: TicketColumns;
  restaurant: TicketRestaurant;
  printedAt: Date;
}

/**
 * The day (or period) summary for the 80 mm printer, as plain data like the order ticket: the
 * kiosk renders it to ESC/POS, the browser print page to HTML. French, like every ticket.
 */
export function layoutDaySummary(report: TakingsReport, options: DaySummaryOptions): TicketLine[] {
  const columns = options.columns ?? DEFAULT_TICKET_COLUMNS;
  if (!TICKET_COLUMNS.includes(columns)) throw new RangeError(`Unsupported ticket width: ${columns}`);
  const w = new TicketWriter(columns);
  const t = report.takings;

  w.text(options.restaurant.name, { align: 'center', bold: true, size: 'double' });
  w.text(options.restaurant.address, { align: 'center' });
  w.rule();
  w.text(report.from === report.to ? 'RÉSUMÉ DU JOUR' : 'RÉSUMÉ DE LA PÉRIODE', {
    align: 'center',
    bold: true,
    size: 'double',
  });
  w.text(reportPeriodLabelFr(report.from, report.to), { align: 'center', bold: true });
  w.text(`Imprimé le ${formatDateTimeFr(options.printedAt)}`, { align: 'center' });
  w.rule();

  w.leader('Commandes livrées', String(t.orders));
  w.leader('Recettes TTC', formatCents(t.total_cents), { bold: true });
  w.leader('Ticket moyen', formatCents(t.average_cents));
  w.rule();
  w.text('Paiement', { bold: true });
  for (const key of ['cash', 'card'] as const) {
    w.leader(
      `${PAYMENT_LABELS_FR[key]} (${report.by_payment[key].orders})`,
      formatCents(report.by_payment[key].total_cents),
    );
  }
  w.text('Mode', { bold: true });
  for (const key of ['delivery', 'pickup'] as const) {
    w.leader(
      `${METHOD_LABELS_FR[key]} (${report.by_method[key].orders})`,
      formatCents(report.by_method[key].total_cents),
    );
  }
  w.leader('Frais de livraison', formatCents(t.delivery_fee_cents));
  w.leader('Remises', t.discount_cents > 0 ? `-${formatCents(t.discount_cents)}` : formatCents(0));
  w.rule();

  w.text('TVA', { bold: true });
  for (const v of report.vat) {
    w.text(`Taux ${v.rate} %`);
    const indented = (left: string, right: string) =>
      leaderLines(left, right, w.columns - 2).forEach((l) => w.raw(`  ${l}`));
    indented('Base HT', formatCents(v.base_cents));
    indented('TVA', formatCents(v.vat_cents));
    indented('Total TTC', formatCents(v.total_cents));
  }
  const totals = vatTotals(report);
  w.leader('Total HT', formatCents(totals.base_cents), { bold: true });
  w.leader('Total TVA', formatCents(totals.vat_cents), { bold: true });
  w.rule();

  w.leader(`Annulées (${report.cancelled.orders})`, formatCents(report.cancelled.total_cents));
  w.leader(`En cours (${report.open.orders})`, formatCents(report.open.total_cents));
  if (report.open.orders > 0) w.text('Commandes non clôturées : hors recettes.');
  w.rule();

  if (report.top_dishes.length > 0) {
    w.text('Plats les plus vendus', { bold: true });
    for (const d of report.top_dishes.slice(0, 5))
      w.leader(`${d.quantity}x ${d.name ?? d.item_id ?? ''}`, formatCents(d.total_cents));
    w.rule();
  }
  const busy = report.hours.filter((h) => h.orders > 0);
  if (busy.length > 0) {
    w.text('Par heure', { bold: true });
    for (const h of busy) w.leader(`${String(h.hour).padStart(2, '0')}h ${h.orders} cmd`, formatCents(h.total_cents));
    w.rule();
  }
  return w.lines;
}
