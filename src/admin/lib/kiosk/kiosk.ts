/**
 * The only module that touches window.kiosk. In the counter kiosk tickets go straight to the
 * thermal printer; in a manager's browser the print pages and window.print() take over.
 */
import type { KitchenSummary, Order, TakingsReport } from '../../../shared/domain/index.js';
import type { TicketRestaurant } from '../../../shared/domain/ticket.js';
import { restaurantTimeZone } from '../../../shared/domain/restaurant-time.js';
import type { KioskHeartbeat, PrintResult, PrinterSettings, PrinterStatus } from '../../../shared/ipc.js';

/** Browser print pages call window.print() this long after the ticket or summary is on screen (spec §9). */
export const AUTO_PRINT_DELAY_MS = 500;

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

/**
 * The restaurant the kiosk's tickets print in their header, from the settings (usePrinterFeed keeps it
 * current); until they are read the kiosk prints its installed defaults.
 */
let ticketRestaurant: TicketRestaurant | undefined;

export function setTicketRestaurant(restaurant: TicketRestaurant): void {
  ticketRestaurant = restaurant;
}

// With the restaurant's time zone as the back office last read it: the ticket's times are on its clock.
const withRestaurant = () =>
  ticketRestaurant ? { restaurant: { ...ticketRestaurant, time_zone: restaurantTimeZone() } } : {};

/** Manual print: the kiosk's printer when there is one, else the print page. */
export async function printTicket(order: Order): Promise<'printer' | 'page'> {
  const kiosk = window.kiosk;
  if (kiosk) {
    await kiosk.printOrder({ order, reason: 'manual', ...withRestaurant() });
    return 'printer';
  }
  openPrintPage(order.id);
  return 'page';
}

/** New orders print themselves on the kiosk; the kiosk skips any it already printed. */
export async function autoPrintTicket(order: Order): Promise<PrintResult | null> {
  const kiosk = window.kiosk;
  if (!kiosk) return null;
  return kiosk.printOrder({ order, reason: 'auto', ...withRestaurant() });
}

function requireKiosk() {
  const kiosk = window.kiosk;
  if (!kiosk) throw new Error('window.kiosk is missing: not running in the counter kiosk');
  return kiosk;
}

/** Electron wraps a rejected handler as "Error invoking remote method '…': Error: <message>"; staff see the message only. */
export function kioskErrorMessage(e: unknown): string {
  const raw = e instanceof Error ? e.message : String(e);
  return raw.replace(/^Error invoking remote method '[^']*':\s*/, '').replace(/^(?:[A-Z]\w*)?Error:\s*/, '');
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    throw new Error(kioskErrorMessage(e));
  }
}

export const kioskVersion = () => call(() => requireKiosk().getVersion());
export const kioskPrinterStatus = () => call(() => requireKiosk().getPrinterStatus());
export const kioskPrinterSettings = () => call(() => requireKiosk().getPrinterSettings());
export const saveKioskPrinterSettings = (settings: PrinterSettings) =>
  call(() => requireKiosk().setPrinterSettings(settings));
export const kioskTestPrint = () => call(() => requireKiosk().testPrint(withRestaurant()));
export const kioskAutoLaunch = () => call(() => requireKiosk().getAutoLaunch());
export const setKioskAutoLaunch = (enabled: boolean) => call(() => requireKiosk().setAutoLaunch(enabled));
export const kioskPrintedOrderIds = () => call(() => requireKiosk().getPrintedOrderIds());

/** Tells the kiosk's watchdog the app is alive and what it sees; a no-op in a browser (or an older kiosk). */
export async function sendKioskHeartbeat(state: KioskHeartbeat): Promise<void> {
  const kiosk = window.kiosk;
  if (typeof kiosk?.heartbeat === 'function') await kiosk.heartbeat(state);
}

/** Live printer status; a no-op outside the kiosk (or in a kiosk whose bridge predates status events). */
export function onKioskPrinterStatus(listener: (status: PrinterStatus) => void): () => void {
  const kiosk = window.kiosk;
  return typeof kiosk?.onPrinterStatus === 'function' ? kiosk.onPrinterStatus(listener) : () => {};
}

/**
 * "Try again" for failed tickets. The failed job is still in the kiosk's queue; submitting the order
 * again would add a second ticket, so the kiosk is asked to retry its queue now. An older kiosk without
 * that call is nudged by saving its unchanged printer settings, which retries the queue too.
 */
export async function retryKioskPrinting(): Promise<void> {
  await call(async () => {
    const kiosk = requireKiosk();
    if (typeof kiosk.retryPrinting === 'function') await kiosk.retryPrinting();
    else await kiosk.setPrinterSettings(await kiosk.getPrinterSettings());
  });
}

/** The takings summary goes to the kiosk's thermal printer when this kiosk can print it. */
export function canPrintSummaryOnKiosk(): boolean {
  return typeof window !== 'undefined' && typeof window.kiosk?.printDaySummary === 'function';
}

export const kioskPrintDaySummary = (report: TakingsReport) =>
  call(() => requireKiosk().printDaySummary({ report, ...withRestaurant() }));

/** The coming days' kitchen summary goes to the kiosk's thermal printer when this kiosk can print it. */
export function canPrintKitchenSummaryOnKiosk(): boolean {
  return typeof window !== 'undefined' && typeof window.kiosk?.printKitchenSummary === 'function';
}

export const kioskPrintKitchenSummary = (summary: KitchenSummary) =>
  call(async () => {
    const kiosk = requireKiosk();
    if (!kiosk.printKitchenSummary) throw new Error('Impression du résumé cuisine indisponible sur ce poste.');
    await kiosk.printKitchenSummary({ summary, ...withRestaurant() });
  });

export function printReportPageUrl(from: string, to: string): string {
  return `${import.meta.env.BASE_URL}print-report?${new URLSearchParams({ from, to }).toString()}`;
}
