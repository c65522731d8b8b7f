import { useEffect } from 'react';
import { create } from 'zustand';
import type { PrinterStatus } from '../../../shared/ipc.js';
import { isKiosk, kioskPrintedOrderIds, kioskPrinterStatus, onKioskPrinterStatus } from './kiosk.js';

interface PrinterState {
  status: PrinterStatus | null;
  /** Orders this kiosk has printed: the auto-print ledger plus jobs seen printing since start. */
  printed: Record<string, true>;
  apply(status: PrinterStatus): void;
  addPrinted(ids: string[]): void;
}

export const usePrinterState = create<PrinterState>((set) => ({
  status: null,
  printed: {},
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

/** Keeps the store fed while mounted (the top bar, so for the whole session); nothing outside the kiosk. */
export function usePrinterFeed(): void {
  useEffect(() => {
    if (!isKiosk()) return;
    const { apply, addPrinted } = usePrinterState.getState();
    // A pushed status is newer than the answer to the first request, which may arrive after it.
    let pushed = false;
    const off = onKioskPrinterStatus((s) => {
      pushed = true;
      apply(s);
    });
    kioskPrinterStatus()
      .then((s) => !pushed && apply(s))
      .catch(() => {});
    kioskPrintedOrderIds()
      .then(addPrinted)
      .catch(() => {});
    return off;
  }, []);
}

export function useIsPrinted(orderId: string): boolean {
  return usePrinterState((s) => s.printed[orderId] === true);
}
