/**
 * The only module that touches window.kiosk. In the counter kiosk tickets go straight to the
 * thermal printer; in a manager's browser the print pages and window.print() take over.
 */
import type { Order } from '../../../shared/domain/index.js';
import type { PrintResult } from '../../../shared/ipc.js';

export function isKiosk(): boolean {
  return typeof window !== 'undefined' && window.kiosk?.isKiosk === true;
}

export function printOrderPageUrl(orderId: string): string {
  return `${import.meta.env.BASE_URL}print-order/${encodeURIComponent(orderId)}`;
}

export function thermalPrintUrl(orderId: string): string {
  return `${import.meta.env.BASE_URL}thermal-print/${encodeURIComponent(orderId)}`;
}

export function openPrintPage(orderId: string): void {
  window.open(printOrderPageUrl(orderId), '_blank', 'noopener');
}

export function openThermalPopup(orderId: string): void {
  window.open(thermalPrintUrl(orderId), `thermal-${orderId}`, 'popup,width=302,height=600');
}

/** Manual print: the kiosk's printer when there is one, else the print page. */
export async function printTicket(order: Order): Promise<'printer' | 'page'> {
  const kiosk = window.kiosk;
  if (kiosk) {
    await kiosk.printOrder({ order, reason: 'manual' });
    return 'printer';
  }
  openPrintPage(order.id);
  return 'page';
}

/** New orders print themselves on the kiosk; the kiosk skips any it already printed. */
export async function autoPrintTicket(order: Order): Promise<PrintResult | null> {
  const kiosk = window.kiosk;
  if (!kiosk) return null;
  return kiosk.printOrder({ order, reason: 'auto' });
}
