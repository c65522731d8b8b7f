import type { Order } from '../../shared/domain/order';
import type { PrinterSettings } from '../../shared/ipc';
import { renderOrderTickets, renderTestTicket } from './escpos';
import { sendToPrinter } from './transport';

export async function printOrderTickets(order: Order, settings: PrinterSettings): Promise<void> {
  await sendToPrinter(settings.interface, renderOrderTickets(order, settings));
}

export async function printTestTicket(settings: PrinterSettings): Promise<void> {
  await sendToPrinter(settings.interface, renderTestTicket(settings));
}
