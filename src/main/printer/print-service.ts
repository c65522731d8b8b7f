import type { Order } from '../../shared/domain/order';
import type { PrinterSettings } from '../../shared/ipc';
import type { TakingsReport } from '../../shared/domain/takings';
import type { TicketRestaurant } from '../../shared/domain/ticket';
import type { KitchenSummary } from '../../shared/domain/kitchen-plan';
import {
  renderDaySummary,
  renderKitchenSummary,
  renderOrderTickets,
  renderPreorderSlip,
  renderTestTicket,
} from './escpos';
import { sendToPrinter } from './transport';

export async function printOrderTickets(
  order: Order,
  settings: PrinterSettings,
  restaurant?: TicketRestaurant,
): Promise<void> {
  await sendToPrinter(settings.interface, renderOrderTickets(order, settings, restaurant));
}

/** A pre-order's receipt slip (the kiosk's settings say whether one prints). */
export async function printPreorderSlip(
  order: Order,
  settings: PrinterSettings,
  restaurant?: TicketRestaurant,
): Promise<void> {
  await sendToPrinter(settings.interface, renderPreorderSlip(order, settings, restaurant));
}

export async function printTestTicket(settings: PrinterSettings, restaurant?: TicketRestaurant): Promise<void> {
  await sendToPrinter(settings.interface, renderTestTicket(settings, restaurant));
}

/** The takings summary goes straight to the printer (not the order queue): staff see a failure at once. */
export async function printDaySummary(
  report: TakingsReport,
  settings: PrinterSettings,
  restaurant?: TicketRestaurant,
): Promise<void> {
  await sendToPrinter(settings.interface, renderDaySummary(report, settings, undefined, restaurant));
}

/** The coming days' kitchen summary, straight to the printer as the takings summary. */
export async function printKitchenSummary(
  summary: KitchenSummary,
  settings: PrinterSettings,
  restaurant?: TicketRestaurant,
): Promise<void> {
  await sendToPrinter(settings.interface, renderKitchenSummary(summary, settings, undefined, restaurant));
}
