import iconv from 'iconv-lite';
import { CharacterSet, PrinterTypes, ThermalPrinter } from 'node-thermal-printer';
import type { Order } from '../../shared/domain/order';
import { layoutPreorderSlip, layoutTicket, type TicketLine, type TicketRestaurant } from '../../shared/domain/ticket';
import { dueAt } from '../../shared/domain/order-due';
import { layoutDaySummary } from '../../shared/domain/takings-ticket';
import { layoutKitchenSummary, type KitchenSummary } from '../../shared/domain/kitchen-plan';
import type { TakingsReport } from '../../shared/domain/takings';
import { wrapText } from '../../shared/domain/ticket-text';
import { toPrintableText } from '../../shared/domain/printable-text';
import type { PrinterSettings } from '../../shared/ipc';
import { TICKET_RESTAURANT } from '../../shared/domain/restaurant';
import { TICKET_FR } from '../../shared/i18n/ticket-fr';

/** PC858 is PC850 with the euro sign: € and every French and Portuguese accent in one code page. */
export const CODE_PAGE = CharacterSet.PC858_EURO;

/** C0 controls (ESC, GS, FS, DLE, …), DEL and C1 controls: a printer reads them as commands. */
const isControl = (ch: string) => {
  const c = ch.charCodeAt(0);
  return c < 0x20 || (c >= 0x7f && c <= 0x9f);
};
const withoutControls = (text: string) => Array.from(text, (ch) => (isControl(ch) ? '?' : ch)).join('');

/**
 * The bytes of one line of ticket text in PC858. Text never reaches the printer library as a string
 * (its append passes every ASCII byte through and may switch code pages by itself): each control
 * character becomes '?', anything PC858 lacks becomes '?', so no byte of a customer's text can be a command.
 */
export function ticketTextBytes(text: string): Buffer {
  const clean = withoutControls(toPrintableText(withoutControls(text)));
  const bytes = iconv.encode(clean, 'cp858');
  if (bytes.some((b) => b < 0x20 || b === 0x7f)) throw new Error('Texte de ticket non imprimable.');
  return bytes;
}

function newPrinter(settings: PrinterSettings): ThermalPrinter {
  return new ThermalPrinter({
    type: settings.type === 'star' ? PrinterTypes.STAR : PrinterTypes.EPSON,
    // Bytes are produced here and sent by our own transport (timeouts, paper status, clear errors).
    interface: {} as unknown as string,
    width: settings.width,
    characterSet: CODE_PAGE,
    removeSpecialCharacters: false,
    lineCharacter: '-',
  });
}

function writeLines(p: ThermalPrinter, lines: TicketLine[]): void {
  for (const line of lines) {
    if (line.kind === 'rule') {
      p.alignLeft();
      p.drawLine();
      continue;
    }
    if (line.align === 'center') p.alignCenter();
    else if (line.align === 'right') p.alignRight();
    else p.alignLeft();
    p.bold(Boolean(line.bold));
    // A 'double' line is laid out at half the columns: double width and double height.
    if (line.size === 'double') p.setTextQuadArea();
    // The layout already fits every line to the width. Only characters of the code page are sent:
    // the library would otherwise switch code pages mid-ticket for a ’ or a – and never switch back.
    p.add(ticketTextBytes(line.text));
    p.newLine();
    if (line.size === 'double') p.setTextNormal();
    if (line.bold) p.bold(false);
  }
}

/**
 * Cuts the paper. node-thermal-printer re-initialises the printer (ESC @) after a cut, which drops the
 * code page: it is selected again at once so the next ticket keeps its € and accents.
 */
function cut(p: ThermalPrinter): void {
  p.cut();
  p.setCharacterSet(CODE_PAGE);
}

/**
 * Opens the cash drawer. For Epson the library sends ESC p without its two timing bytes, which makes
 * the printer swallow the next two bytes; the complete command is sent instead (pin 2, 50 ms on, 500 ms off).
 */
function openDrawer(p: ThermalPrinter, settings: PrinterSettings): void {
  if (settings.type === 'star') p.openCashDrawer();
  else p.add(Buffer.from([0x1b, 0x70, 0x00, 0x19, 0xfa]));
}

/**
 * ESC/POS bytes of everything printed for one order: customer copies, kitchen ticket, cash drawer. The
 * header names the restaurant the admin sent with the job (the installed defaults without one).
 */
export function renderOrderTickets(
  order: Order,
  settings: PrinterSettings,
  restaurant: TicketRestaurant = TICKET_RESTAURANT,
): Buffer {
  const p = newPrinter(settings);
  const customer = layoutTicket(order, { columns: settings.width, kind: 'customer', restaurant, words: TICKET_FR });
  for (let i = 0; i < settings.copies; i++) {
    writeLines(p, customer);
    cut(p);
  }
  if (settings.kitchenTicket) {
    writeLines(p, layoutTicket(order, { columns: settings.width, kind: 'kitchen', restaurant, words: TICKET_FR }));
    cut(p);
  }
  if (settings.cashDrawer && order.payment_method === 'cash') openDrawer(p, settings);
  return Buffer.from(p.getBuffer());
}

/** ESC/POS bytes of a pre-order's receipt slip: one, cut; its tickets print on its day. */
export function renderPreorderSlip(
  order: Order,
  settings: PrinterSettings,
  restaurant: TicketRestaurant = TICKET_RESTAURANT,
): Buffer {
  const p = newPrinter(settings);
  const ticketsAt = new Date(dueAt(order).getTime() - settings.preorderLeadMinutes * 60_000);
  writeLines(p, layoutPreorderSlip(order, { columns: settings.width, restaurant, ticketsAt, words: TICKET_FR }));
  cut(p);
  return Buffer.from(p.getBuffer());
}

/** A short ticket to check the printer: width ruler, euro sign, accents, cut. */
export function renderTestTicket(settings: PrinterSettings, restaurant: TicketRestaurant = TICKET_RESTAURANT): Buffer {
  const p = newPrinter(settings);
  const ruler = '1234567890'.repeat(5).slice(0, settings.width);
  const text = (t: string, size: 'normal' | 'double' = 'normal', align: 'left' | 'center' = 'left'): TicketLine[] =>
    wrapText(t, size === 'double' ? Math.floor(settings.width / 2) : settings.width).map((line) => ({
      kind: 'text',
      text: line,
      align,
      bold: size === 'double',
      size,
    }));
  writeLines(p, [
    ...text(restaurant.name, 'double', 'center'),
    ...text('Test d’impression', 'normal', 'center'),
    { kind: 'rule' },
    ...text(ruler),
    ...text(`Largeur : ${settings.width} colonnes`),
    ...text('Prix : 12,50 € – Crème brûlée maison'),
    ...text('Açores, Pão, Coração, Leitão'),
    { kind: 'rule' },
  ]);
  cut(p);
  return Buffer.from(p.getBuffer());
}

/** ESC/POS bytes of the day (or period) summary of the takings report, one ticket, cut. */
export function renderDaySummary(
  report: TakingsReport,
  settings: PrinterSettings,
  printedAt: Date = new Date(),
  restaurant: TicketRestaurant = TICKET_RESTAURANT,
): Buffer {
  const p = newPrinter(settings);
  writeLines(p, layoutDaySummary(report, { columns: settings.width, restaurant, printedAt, words: TICKET_FR }));
  cut(p);
  return Buffer.from(p.getBuffer());
}

/** ESC/POS bytes of the kitchen summary of the coming days' pre-orders, one ticket, cut. */
export function renderKitchenSummary(
  summary: KitchenSummary,
  settings: PrinterSettings,
  printedAt: Date = new Date(),
  restaurant: TicketRestaurant = TICKET_RESTAURANT,
): Buffer {
  const p = newPrinter(settings);
  writeLines(p, layoutKitchenSummary(summary, { columns: settings.width, restaurant, printedAt, words: TICKET_FR }));
  cut(p);
  return Buffer.from(p.getBuffer());
}
