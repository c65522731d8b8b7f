import '../zod-setup.js';
import { z } from 'zod';
import { formatDateFr, formatDateTimeFr, formatLongDateFr } from './french-dates.js';
import { parseIsoDate, type IsoDate } from './restaurant-time.js';

/**
 * The takings report as `takings_report(from, to)` answers it (docs/REPORTS.md). Every amount is
 * whole cents; the helpers below format cents without ever dividing into a float.
 */

/** Luxembourg VAT rates a menu item may carry (percent). 3: food and soft drinks; 17: alcohol. */
export const VAT_RATES = [3, 8, 14, 17] as const;
export type VatRate = (typeof VAT_RATES)[number];
export const DEFAULT_VAT_RATE: VatRate = 3;
/** A report covers at most this many days (the database refuses more). */
export const MAX_REPORT_DAYS = 366;

const cents = z.number().int();
const count = z.number().int().nonnegative();
const bucket = z.object({ orders: count, total_cents: cents });

export const takingsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  orders: count,
  takings: z.object({
    orders: count,
    goods_cents: cents,
    delivery_fee_cents: cents,
    discount_cents: cents,
    total_cents: cents,
    average_cents: cents,
  }),
  cancelled: bucket,
  open: bucket,
  by_payment: z.object({ cash: bucket, card: bucket }),
  by_method: z.object({ delivery: bucket, pickup: bucket }),
  vat: z.array(z.object({ rate: z.number().int(), base_cents: cents, vat_cents: cents, total_cents: cents })),
  top_dishes: z.array(
    z.object({ item_id: z.string().nullable(), name: z.string().nullable(), quantity: count, total_cents: cents }),
  ),
  hours: z.array(z.object({ hour: z.number().int().min(0).max(23), orders: count, total_cents: cents })),
  days: z.array(z.object({ date: z.string(), orders: count, total_cents: cents })),
});
export type TakingsReport = z.infer<typeof takingsReportSchema>;

/** "1234,56": decimal comma, no grouping, from integer cents. */
export function centsToDecimal(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
  const abs = Math.abs(value);
  const text = `${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
  return value < 0 ? `-${text}` : text;
}

/** "1234,56 €". */
export function formatCents(value: number): string {
  return `${centsToDecimal(value)} €`;
}

/** Whether from..to is a period the report accepts: two dates, in order, at most 366 days. */
export function checkReportPeriod(from: IsoDate, to: IsoDate): 'ok' | 'invalid' | 'reversed' | 'too_long' {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  if (!a || !b) return 'invalid';
  const days = Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000) + 1;
  if (days < 1) return 'reversed';
  return days > MAX_REPORT_DAYS ? 'too_long' : 'ok';
}

/** 'Dimanche 25 octobre 2026' for a day, 'Du 24/10/2026 au 26/10/2026' for a period. */
export function reportPeriodLabelFr(from: IsoDate, to: IsoDate): string {
  if (from === to) {
    const long = formatLongDateFr(from);
    return long.charAt(0).toUpperCase() + long.slice(1);
  }
  return `Du ${formatDateFr(from)} au ${formatDateFr(to)}`;
}

export const PAYMENT_LABELS_FR = { cash: 'Espèces', card: 'Carte' } as const;
export const METHOD_LABELS_FR = { delivery: 'Livraison', pickup: 'À emporter' } as const;

/** Totals of the VAT table (Σ base, Σ VAT, Σ incl. VAT). */
export function vatTotals(report: TakingsReport): { base_cents: number; vat_cents: number; total_cents: number } {
  return report.vat.reduce(
    (s, v) => ({
      base_cents: s.base_cents + v.base_cents,
      vat_cents: s.vat_cents + v.vat_cents,
      total_cents: s.total_cents + v.total_cents,
    }),
    { base_cents: 0, vat_cents: 0, total_cents: 0 },
  );
}

// ---------------------------------------------------------------------------------------------
// CSV for the accountant: UTF-8 with BOM, semicolons, decimal comma, CRLF (Excel FR/LU opens it as is).

export const CSV_BOM = '\uFEFF';

/** One CSV field: quoted when needed; a text starting like a formula is neutralised. */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

type Cell = string | number | { cents: number };
const cell = (c: Cell) => (typeof c === 'object' ? centsToDecimal(c.cents) : csvField(c));
const row = (...cells: Cell[]) => cells.map(cell).join(';');

export function takingsCsvFileName(report: Pick<TakingsReport, 'from' | 'to'>): string {
  return report.from === report.to ? `recettes-${report.from}.csv` : `recettes-${report.from}_${report.to}.csv`;
}

/** The report as the accountant's CSV (French headings, amounts in euros with a decimal comma). */
export function takingsCsv(report: TakingsReport, generatedAt: Date = new Date()): string {
  const t = report.takings;
  const totals = vatTotals(report);
  const lines: string[] = [
    row('Rapport de recettes', 'Du', formatDateFr(report.from), 'Au', formatDateFr(report.to)),
    row('Fuseau horaire', report.time_zone, 'Généré le', formatDateTimeFr(generatedAt)),
    row('Recettes = commandes livrées (statut Livrée); montants TTC en euros'),
    '',
    row('Résumé', 'Commandes', 'Montant (EUR)'),
    row('Commandes de la période (tous statuts)', report.orders, ''),
    row('Recettes TTC', t.orders, { cents: t.total_cents }),
    row('Articles', '', { cents: t.goods_cents }),
    row('Frais de livraison', '', { cents: t.delivery_fee_cents }),
    row('Remises', '', { cents: t.discount_cents }),
    row('Ticket moyen', '', { cents: t.average_cents }),
    row('Annulées (hors recettes)', report.cancelled.orders, { cents: report.cancelled.total_cents }),
    row('En cours (hors recettes)', report.open.orders, { cents: report.open.total_cents }),
    '',
    row('Paiement', 'Commandes', 'Montant TTC (EUR)'),
    row(PAYMENT_LABELS_FR.cash, report.by_payment.cash.orders, { cents: report.by_payment.cash.total_cents }),
    row(PAYMENT_LABELS_FR.card, report.by_payment.card.orders, { cents: report.by_payment.card.total_cents }),
    '',
    row('Mode', 'Commandes', 'Montant TTC (EUR)'),
    row(METHOD_LABELS_FR.delivery, report.by_method.delivery.orders, { cents: report.by_method.delivery.total_cents }),
    row(METHOD_LABELS_FR.pickup, report.by_method.pickup.orders, { cents: report.by_method.pickup.total_cents }),
    '',
    row('Taux TVA (%)', 'Base HT (EUR)', 'TVA (EUR)', 'Total TTC (EUR)'),
    ...report.vat.map((v) => row(v.rate, { cents: v.base_cents }, { cents: v.vat_cents }, { cents: v.total_cents })),
    row('Total', { cents: totals.base_cents }, { cents: totals.vat_cents }, { cents: totals.total_cents }),
    '',
    row('Jour', 'Commandes', 'Montant TTC (EUR)'),
    ...report.days.map((d) => row(formatDateFr(d.date), d.orders, { cents: d.total_cents })),
    '',
    row('Plat', 'Quantité', 'Montant TTC (EUR)'),
    ...report.top_dishes.map((d) => row(d.name ?? d.item_id ?? '', d.quantity, { cents: d.total_cents })),
    '',
    row('Heure', 'Commandes', 'Montant TTC (EUR)'),
    ...report.hours.map((h) => row(`${String(h.hour).padStart(2, '0')}h`, h.orders, { cents: h.total_cents })),
  ];
  return CSV_BOM + lines.join('\r\n') + '\r\n';
}
