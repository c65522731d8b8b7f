import { z } from 'zod';
import { IPC, type KioskHeartbeat, type PrinterSettings } from '../shared/ipc.js';
import {
  daySummaryRequestSchema,
  heartbeatSchema,
  kitchenSummaryRequestSchema,
  printRequestSchema,
  printerSettingsSchema,
  setAutoLaunchSchema,
  testPrintRequestSchema,
} from '../shared/ipc-schemas.js';
import type { KitchenSummary } from '../shared/domain/kitchen-plan.js';
import type { TakingsReport } from '../shared/domain/takings.js';
import type { TicketRestaurant } from '../shared/domain/ticket.js';
import { setRestaurantTimeZone } from '../shared/domain/restaurant-time.js';
import type { AutoLaunch } from './auto-launch.js';
import type { KioskConfig } from './kiosk-config.js';
import type { PrintQueue } from './print-queue.js';

/** What ipcMain.handle gives a handler, reduced to what is checked here. */
export interface InvokeEvent {
  senderFrame: { url: string } | null;
  /** The calling webContents (Electron's event.sender). */
  sender?: object;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEvent, ...args: unknown[]) => unknown): void;
}

export interface KioskServices {
  version: string;
  queue: PrintQueue;
  config: KioskConfig;
  autoLaunch: AutoLaunch;
  testPrint(settings: PrinterSettings, restaurant?: TicketRestaurant): Promise<void>;
  /** Prints the takings summary on the configured printer. */
  printDaySummary?(report: TakingsReport, settings: PrinterSettings, restaurant?: TicketRestaurant): Promise<void>;
  /** Prints the kitchen summary of the coming days on the configured printer. */
  printKitchenSummary?(
    summary: KitchenSummary,
    settings: PrinterSettings,
    restaurant?: TicketRestaurant,
  ): Promise<void>;
  /** Printer settings changed: the queue retries with the new printer at once. */
  onPrinterSettingsChanged?(settings: PrinterSettings): void;
  /** The admin app's heartbeat, already validated. */
  onHeartbeat?(state: KioskHeartbeat): void;
}

export class IpcRefused extends Error {}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (!r.success)
    throw new IpcRefused(
      `Données refusées : ${r.error.issues.map((i) => `${i.path.join('.') || 'valeur'} – ${i.message}`).join('; ')}`,
    );
  return r.data;
}

/**
 * Registers every kiosk call. Each handler first checks that the caller is the kiosk's own page
 * (never a navigated-away or injected frame), then validates its payload.
 */
export function registerIpcHandlers(
  ipcMain: IpcMainLike,
  services: KioskServices,
  isTrustedSender: (url: string) => boolean,
): void {
  const handle = (channel: string, fn: (...args: unknown[]) => unknown) => {
    ipcMain.handle(channel, (event, ...args) => {
      const url = event.senderFrame?.url ?? '';
      if (!isTrustedSender(url))
        throw new IpcRefused(`Appel refusé : ${url || 'expéditeur inconnu'} n’est pas l’application.`);
      return fn(...args);
    });
  };

  handle(IPC.getVersion, () => services.version);
  handle(IPC.getPrinterStatus, () => services.queue.status());
  handle(IPC.getPrinterSettings, () => services.config.printer);
  handle(IPC.setPrinterSettings, (value) => {
    const saved = services.config.setPrinter(parse(printerSettingsSchema, value));
    services.onPrinterSettingsChanged?.(saved);
    return saved;
  });
  handle(IPC.printOrder, (value) => {
    const { order, reason, restaurant } = parse(printRequestSchema, value);
    // The kiosk schedules a pre-order's tickets on the restaurant's clock, the zone the back office read.
    setRestaurantTimeZone(restaurant?.time_zone);
    if (reason === 'auto' && !services.config.printer.autoPrint) return { queued: false, status: null };
    return services.queue.enqueue(order, reason, restaurant);
  });
  let testPrinting: Promise<void> | null = null;
  handle(IPC.testPrint, (value) => {
    const restaurant = parse(testPrintRequestSchema, value)?.restaurant;
    if (testPrinting) throw new IpcRefused('Un test d’impression est déjà en cours.');
    testPrinting = services.testPrint(services.config.printer, restaurant).finally(() => (testPrinting = null));
    return testPrinting;
  });
  // One summary at a time, as the test print: a repeated click or a looping page prints one ticket, not metres.
  let summaryPrinting: Promise<void> | null = null;
  handle(IPC.printDaySummary, (value) => {
    const { report, restaurant } = parse(daySummaryRequestSchema, value);
    if (!services.printDaySummary) throw new IpcRefused('Impression du résumé indisponible sur ce poste.');
    if (summaryPrinting) throw new IpcRefused('Un résumé est déjà en cours d’impression.');
    summaryPrinting = services
      .printDaySummary(report, services.config.printer, restaurant)
      .finally(() => (summaryPrinting = null));
    return summaryPrinting;
  });
  // The kitchen summary shares that guard: one summary ticket at a time, whichever it is.
  handle(IPC.printKitchenSummary, (value) => {
    const { summary, restaurant } = parse(kitchenSummaryRequestSchema, value);
    if (!services.printKitchenSummary) throw new IpcRefused('Impression du résumé cuisine indisponible sur ce poste.');
    if (summaryPrinting) throw new IpcRefused('Un résumé est déjà en cours d’impression.');
    summaryPrinting = services
      .printKitchenSummary(summary, services.config.printer, restaurant)
      .finally(() => (summaryPrinting = null));
    return summaryPrinting;
  });
  handle(IPC.getAutoLaunch, () => services.autoLaunch.isEnabled());
  handle(IPC.setAutoLaunch, (value) => services.autoLaunch.setEnabled(parse(setAutoLaunchSchema, value)));
  handle(IPC.getPrintedOrderIds, () => services.queue.printedOrderIds());
  handle(IPC.retryPrinting, () => services.queue.retryNow());
  handle(IPC.heartbeat, (value) => {
    services.onHeartbeat?.(parse(heartbeatSchema, value));
  });
}

/**
 * The first-start page's call: only a document really loaded from the setup page may change which
 * server the kiosk talks to. The frame's URL alone is not enough: any page of the app can take the
 * setup address with history.pushState without loading it.
 */
export function registerSetupHandler(
  ipcMain: IpcMainLike,
  setupUrl: string,
  documentUrlOf: (sender: object | undefined) => string | undefined,
  save: (value: unknown) => void,
): void {
  ipcMain.handle(IPC.saveConnection, (event, value) => {
    if ((event.senderFrame?.url ?? '') !== setupUrl || documentUrlOf(event.sender) !== setupUrl)
      throw new IpcRefused('Appel refusé.');
    save(value);
    return true;
  });
}
