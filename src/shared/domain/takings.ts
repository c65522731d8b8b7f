import '../zod-setup.js';
import { z } from 'zod';
import type { DeliveryMethod, PaymentMethod } from './delivery-method.js';
import { formatDateFr, formatDateTimeFr } from './french-dates.js';
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

/**
 * The CSV's words, French for the accountant whatever the admin's language: the admin's catalogue
 * (`TAKINGS_CSV_FR`, src/admin/i18n/takings-csv.ts) hands them in.
 */
export interface TakingsCsvWords {
  /** The file name's stem: `<stem>-2026-10-25.csv`. */
  fileStem: string;
  title: string;
  from: string;
  to: string;
  timeZone: string;
  generatedAt: string;
  note: string;
  summary: string;
  orders: string;
  amount: string;
  amountInclVat: string;
  periodOrders: string;
  takings: string;
  goods: string;
  deliveryFees: string;
  discounts: string;
  averageTicket: string;
  cancelled: string;
  open: string;
  payment: string;
  paymentMethods: Record<PaymentMethod, string>;
  method: string;
  deliveryMethods: Record<DeliveryMethod, string>;
  vatRate: string;
  vatBase: string;
  vat: string;
  vatTotal: string;
  total: string;
  day: string;
  dish: string;
  quantity: string;
  hour: string;
  /** An hour of the day as the CSV writes it: `hourLabel('09')` is '09h'. */
  hourLabel(hour: string): string;
}

export function takingsCsvFileName(report: Pick<TakingsReport, 'from' | 'to'>, words: TakingsCsvWords): string {
  return report.from === report.to
    ? `${words.fileStem}-${report.from}.csv`
    : `${words.fileStem}-${report.from}_${report.to}.csv`;
}

/** The report as the accountant's CSV (its catalogue's headings, amounts in euros with a decimal comma). */
export function takingsCsv(report: TakingsReport, words: TakingsCsvWords, generatedAt: Date = new Date()): string {
  const t = report.takings;
  const totals = vatTotals(report);
  const w = words;
  const lines: string[] = [
    row(w.title, w.from, formatDateFr(report.from), w.to, formatDateFr(report.to)),
    row(w.timeZone, report.time_zone, w.generatedAt, formatDateTimeFr(generatedAt)),
    row(w.note),
    '',
    row(w.summary, w.orders, w.amount),
    row(w.periodOrders, report.orders, ''),
    row(w.takings, t.orders, { cents: t.total_cents }),
    row(w.goods, '', { cents: t.goods_cents }),
    row(w.deliveryFees, '', { cents: t.delivery_fee_cents }),
    row(w.discounts, '', { cents: t.discount_cents }),
    row(w.averageTicket, '', { cents: t.average_cents }),
    row(w.cancelled, report.cancelled.orders, { cents: report.cancelled.total_cents }),
    row(w.open, report.open.orders, { cents: report.open.total_cents }),
    '',
    row(w.payment, w.orders, w.amountInclVat),
    row(w.paymentMethods.cash, report.by_payment.cash.orders, { cents: report.by_payment.cash.total_cents }),
    row(w.paymentMethods.card, report.by_payment.card.orders, { cents: report.by_payment.card.total_cents }),
    '',
    row(w.method, w.orders, w.amountInclVat),
    row(w.deliveryMethods.delivery, report.by_method.delivery.orders, {
      cents: report.by_method.delivery.total_cents,
    }),
    row(w.deliveryMethods.pickup, report.by_method.pickup.orders, { cents: report.by_method.pickup.total_cents }),
    '',
    row(w.vatRate, w.vatBase, w.vat, w.vatTotal),
    ...report.vat.map((v) => row(v.rate, { cents: v.base_cents }, { cents: v.vat_cents }, { cents: v.total_cents })),
    row(w.total, { cents: totals.base_cents }, { cents: totals.vat_cents }, { cents: totals.total_cents }),
    '',
    row(w.day, w.orders, w.amountInclVat),
    ...report.days.map((d) => row(formatDateFr(d.date), d.orders, { cents: d.total_cents })),
    '',
    row(w.dish, w.quantity, w.amountInclVat),
    ...report.top_dishes.map((d) => row(d.name ?? d.item_id ?? '', d.quantity, { cents: d.total_cents })),
    '',
    row(w.hour, w.orders, w.amountInclVat),
    ...report.hours.map((h) => row(w.hourLabel(String(h.hour).padStart(2, '0')), h.orders, { cents: h.total_cents })),
  ];
  return CSV_BOM + lines.join('\r\n') + '\r\n';
}
