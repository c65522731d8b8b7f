import { useEffect } from 'react';
import { create } from 'zustand';
import { orderNumber, type Order } from '../../../shared/domain/index.js';
import { ticketRestaurant } from '../../../shared/domain/restaurant.js';
import { useStoreSettingsQuery } from '../data.js';
import type { PrinterStatus } from '../../../shared/ipc.js';
import { toast, TOAST_DURATION_MS } from '../../components/ui/toast-store.js';
import { t } from '../../i18n/index.js';
import {
  autoPrintTicket,
  isKiosk,
  kioskErrorMessage,
  kioskPrintedOrderIds,
  kioskPrinterStatus,
  onKioskPrinterStatus,
  setTicketRestaurant,
} from './kiosk.js';

/** An automatic print the kiosk refused: it never entered the kiosk's queue, so only the admin knows of it. */
export interface RefusedPrint {
  order: Order;
  message: string;
}

interface PrinterState {
  status: PrinterStatus | null;
  /** Orders this kiosk has printed: the auto-print ledger plus jobs seen printing since start. */
  printed: Record<string, true>;
  /** By order id, until a new attempt is accepted. */
  refused: Record<string, RefusedPrint>;
  apply(status: PrinterStatus): void;
  addPrinted(ids: string[]): void;
}

export const usePrinterState = create<PrinterState>((set) => ({
  status: null,
  printed: {},
  refused: {},
  apply: (status) =>
    set((s) => {
      const done = status.jobs.filter((j) => j.state === 'printed' && !s.printed[j.orderId]);
      if (done.length === 0) return { status };
      const printed = { ...s.printed };
      for (const j of done) printed[j.orderId] = true;
      return { status, printed };
    }),
  addPrinted: (ids) =>
    set((s) => {
      const printed = { ...s.printed };
      for (const id of ids) printed[id] = true;
      return { printed };
    }),
}));

/**
 * Keeps the store fed while mounted (the top bar, so for the whole session); nothing outside the kiosk.
 * Also hands the kiosk the restaurant's identity of the settings for the tickets' header.
 */
export function usePrinterFeed(): void {
  // Until the settings are read the kiosk prints its own installed header, never the code's defaults in their place.
  const identity = useStoreSettingsQuery().data?.restaurant;
  useEffect(() => {
    if (identity) setTicketRestaurant(ticketRestaurant(identity));
  }, [identity]);
  useEffect(() => {
    if (!isKiosk()) return;
    const { apply, addPrinted } = usePrinterState.getState();
    // A pushed status is newer than the answer to the first request, which may arrive after it.
    let pushed = false;
    const off = onKioskPrinterStatus((s) => {
      pushed = true;
      apply(s);
    });
    // The kiosk pushes its status on each change too; a first read that fails is only a later first picture.
    kioskPrinterStatus()
      .then((s) => !pushed && apply(s))
      .catch((e: unknown) => console.warn('Printer status not read from the kiosk:', e));
    kioskPrintedOrderIds()
      .then(addPrinted)
      .catch((e: unknown) => console.warn('Printed tickets not read from the kiosk:', e));
    return off;
  }, []);
}

export function useIsPrinted(orderId: string): boolean {
  return usePrinterState((s) => s.printed[orderId] === true);
}

/**
 * Hands a new order to the kiosk's printer. A refusal (the kiosk rejected the call, so no job exists
 * in its queue) is shown at once in a toast and kept in the printer status until a retry is accepted.
 */
export async function autoPrint(order: Order): Promise<void> {
  try {
    await autoPrintTicket(order);
    if (usePrinterState.getState().refused[order.id]) {
      usePrinterState.setState((s) => {
        const { [order.id]: _done, ...rest } = s.refused;
        return { refused: rest };
      });
    }
  } catch (e) {
    const message = kioskErrorMessage(e);
    usePrinterState.setState((s) => ({ refused: { ...s.refused, [order.id]: { order, message } } }));
    toastRefusal(order.id, message);
  }
}

/** The tickets refused lately and when the last was, so that refusals arriving together share one toast. */
let lately: { at: number; ids: string[] } | null = null;

/**
 * One toast names every ticket refused within a toast's time of each other (the kiosk starting with several
 * waiting orders refuses them in one go, and each new order's own toast comes between): a refusal never hides
 * an earlier one nobody had time to read.
 */
function toastRefusal(orderId: string, message: string): void {
  const now = Date.now();
  const { refused } = usePrinterState.getState();
  const earlier = lately && now - lately.at < TOAST_DURATION_MS ? lately.ids.filter((id) => refused[id]) : [];
  const ids = [...earlier.filter((id) => id !== orderId), orderId];
  lately = { at: now, ids };
  if (ids.length === 1) return toast.error(t('printer.autoPrintRefused', { id: orderNumber(orderId) }), message);
  // The latest first; past five the rest is counted (the printer screen lists them all).
  const shown = ids
    .slice(-5)
    .reverse()
    .map((id) => `#${orderNumber(id)}`);
  const numbers = ids.length > 5 ? `${shown.join(', ')} +${ids.length - 5}` : shown.join(', ');
  toast.error(t('printer.autoPrintRefusedMany', { n: String(ids.length), ids: numbers }), message);
}

/** Submits every refused ticket again (the kiosk skips one it printed meanwhile). */
export async function retryRefusedPrints(): Promise<void> {
  await Promise.all(Object.values(usePrinterState.getState().refused).map((r) => autoPrint(r.order)));
}

export function useRefusedPrints(): RefusedPrint[] {
  const refused = usePrinterState((s) => s.refused);
  return Object.values(refused);
}
