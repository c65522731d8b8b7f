import type { Order } from './domain/order.js';
import type { KitchenSummary } from './domain/kitchen-plan.js';
import type { TakingsReport } from './domain/takings.js';
import type { TicketRestaurant } from './domain/ticket.js';

/**
 * The contract between the kiosk's preload (window.kiosk) and its main process: the preload exposes
 * exactly these calls; main validates every payload with the schemas of ipc-schemas.ts.
 */

export const PRINTER_WIDTHS = [48, 42, 32] as const;

export interface PrinterSettings {
  type: 'epson' | 'star';
  /** `tcp://host:port`, a device path (/dev/usb/lp0, COM3) or a Windows share (\\PC\Printer). */
  interface: string;
  width: (typeof PRINTER_WIDTHS)[number];
  copies: number;
  kitchenTicket: boolean;
  cashDrawer: boolean;
  autoPrint: boolean;
  /** A pre-order's tickets print automatically on its day, this many minutes before it is due (0–240). */
  preorderLeadMinutes: number;
  /** A pre-order also prints a short slip at once, saying it was received and when its tickets will print. */
  preorderAcknowledgement: boolean;
}

export const DEFAULT_PRINTER_SETTINGS: PrinterSettings = {
  type: 'epson',
  interface: 'tcp://192.168.1.100:9100',
  width: 42,
  copies: 1,
  kitchenTicket: false,
  cashDrawer: false,
  autoPrint: true,
  preorderLeadMinutes: 45,
  preorderAcknowledgement: false,
};

export type PrintReason = 'auto' | 'manual';

/**
 * An order to print, with the restaurant as the admin's settings name it (the ticket's header); the
 * kiosk prints the installed defaults when it is absent (an older admin app).
 */
export type PrintRequest = { order: Order; reason: PrintReason; restaurant?: TicketRestaurant };

export type DaySummaryRequest = { report: TakingsReport; restaurant?: TicketRestaurant };

/** The coming days' kitchen summary (counts per day, service and dish; no customer's details). */
export type KitchenSummaryRequest = { summary: KitchenSummary; restaurant?: TicketRestaurant };

export type PrintJobState = 'queued' | 'printing' | 'printed' | 'failed';

export interface PrintJobStatus {
  orderId: string;
  state: PrintJobState;
  attempts: number;
  lastError: string | null;
  updatedAt: string;
}

export interface PrinterStatus {
  /** The last attempt to reach the printer succeeded. */
  online: boolean;
  lastError: string | null;
  /** Jobs waiting or being retried. */
  pending: number;
  jobs: PrintJobStatus[];
}

export interface PrintResult {
  /** false when an automatic print was skipped because this kiosk already printed the order. */
  queued: boolean;
  status: PrintJobStatus | null;
}

/**
 * What the admin app tells the kiosk every few seconds (and at once when it changes), so the kiosk
 * can ring by itself when the page cannot: see docs of the watchdog in src/main/watchdog.ts.
 */
export interface KioskHeartbeat {
  /** A staff member is signed in (false on the login page). */
  signedIn: boolean;
  /** The orders realtime channel is joined (SUBSCRIBED). */
  realtimeJoined: boolean;
  /** The server answered lately (navigator.onLine and the last request did not fail for lack of network). */
  online: boolean;
  /** Orders waiting for staff to accept them. */
  unacceptedOrders: number;
}

export interface KioskApi {
  readonly isKiosk: true;
  getVersion(): Promise<string>;
  getPrinterStatus(): Promise<PrinterStatus>;
  getPrinterSettings(): Promise<PrinterSettings>;
  setPrinterSettings(settings: PrinterSettings): Promise<PrinterSettings>;
  printOrder(request: PrintRequest): Promise<PrintResult>;
  /** A short ticket to check the printer, headed by the restaurant when given. */
  testPrint(request?: { restaurant?: TicketRestaurant }): Promise<void>;
  /** Prints the takings summary of a day or period on the thermal printer (rejects when it fails). */
  printDaySummary(request: DaySummaryRequest): Promise<void>;
  /** Prints the kitchen summary of the coming days' pre-orders (rejects when it fails); absent on older kiosks. */
  printKitchenSummary?(request: KitchenSummaryRequest): Promise<void>;
  getAutoLaunch(): Promise<boolean>;
  setAutoLaunch(enabled: boolean): Promise<boolean>;
  /** Orders this kiosk has already printed automatically (so the admin can show it). */
  getPrintedOrderIds(): Promise<string[]>;
  /** Tries the waiting tickets again now (the printer is back), without adding any ticket. */
  retryPrinting(): Promise<void>;
  /** Tells the kiosk the app is alive and what it sees; call every 5 s and on every change. */
  heartbeat(state: KioskHeartbeat): Promise<void>;
  /** Called whenever the printer or a job changes; returns an unsubscribe function. */
  onPrinterStatus(listener: (status: PrinterStatus) => void): () => void;
}

/** Channel names, one per call; the status push uses its own event channel. */
export const IPC = {
  getVersion: 'kiosk:get-version',
  getPrinterStatus: 'kiosk:get-printer-status',
  getPrinterSettings: 'kiosk:get-printer-settings',
  setPrinterSettings: 'kiosk:set-printer-settings',
  printOrder: 'kiosk:print-order',
  testPrint: 'kiosk:test-print',
  printDaySummary: 'kiosk:print-day-summary',
  printKitchenSummary: 'kiosk:print-kitchen-summary',
  getAutoLaunch: 'kiosk:get-auto-launch',
  setAutoLaunch: 'kiosk:set-auto-launch',
  getPrintedOrderIds: 'kiosk:get-printed-order-ids',
  retryPrinting: 'kiosk:retry-printing',
  printerStatusEvent: 'kiosk:printer-status',
  saveConnection: 'kiosk:save-connection',
  heartbeat: 'kiosk:heartbeat',
} as const;
