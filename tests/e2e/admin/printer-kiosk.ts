import type { Page } from '@playwright/test';

/** What the fake kiosk recorded, read back from the page. */
export interface KioskLog {
  saved: unknown[];
  autoLaunch: boolean[];
  printed: { id: string; reason: string }[];
  /** Print calls the kiosk refused (window.printOrderRefuses set), as its IPC handler refuses a bad request. */
  refused: { id: string; reason: string }[];
  testPrints: number;
  retries: number;
}

/**
 * A stand-in for the kiosk preload's window.kiosk: same calls, rejections worded as Electron words
 * them, status pushed by the test through window.pushPrinterStatus.
 */
export async function installFakeKiosk(page: Page, opts: { printedIds?: string[] } = {}): Promise<void> {
  await page.addInitScript((printedIds: string[]) => {
    type Status = {
      online: boolean;
      lastError: string | null;
      pending: number;
      jobs: { orderId: string; state: string; attempts: number; lastError: string | null; updatedAt: string }[];
    };
    type Settings = {
      type: string;
      interface: string;
      width: number;
      copies: number;
      kitchenTicket: boolean;
      cashDrawer: boolean;
      autoPrint: boolean;
      preorderLeadMinutes: number;
      preorderAcknowledgement: boolean;
    };
    const w = window as unknown as Record<string, unknown>;
    const log = {
      saved: [] as unknown[],
      autoLaunch: [] as boolean[],
      printed: [] as { id: string; reason: string }[],
      refused: [] as { id: string; reason: string }[],
      testPrints: 0,
      retries: 0,
    };
    const listeners = new Set<(s: Status) => void>();
    let status: Status = { online: true, lastError: null, pending: 0, jobs: [] };
    // What the kiosk keeps on disk survives a reload of the page.
    const kept = JSON.parse(sessionStorage.getItem('fake-kiosk') ?? 'null') as {
      settings: Settings;
      autoLaunch: boolean;
    } | null;
    let settings: Settings = kept?.settings ?? {
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
    let autoLaunch = kept?.autoLaunch ?? true;
    const keep = () => sessionStorage.setItem('fake-kiosk', JSON.stringify({ settings, autoLaunch }));
    const refuse = (channel: string, message: string) =>
      Promise.reject(new Error(`Error invoking remote method '${channel}': Error: ${message}`));
    const push = (next: Status) => {
      status = next;
      for (const l of listeners) l(structuredClone(next));
    };
    w.kioskLog = log;
    w.pushPrinterStatus = push;
    w.testPrintFails = null;
    w.printOrderRefuses = null;
    w.kiosk = {
      isKiosk: true,
      getVersion: async () => '1.4.2',
      getPrinterStatus: async () => structuredClone(status),
      getPrinterSettings: async () => structuredClone(settings),
      async setPrinterSettings(next: Settings) {
        log.saved.push(structuredClone(next));
        const okInterface =
          /^tcp:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$|^\/dev\/[A-Za-z0-9/_.-]+$|^(COM\d{1,3}|LPT\d)$|^\\\\[^\\]+\\[^\\]+$/i.test(
            next.interface.trim(),
          );
        if (!okInterface)
          return refuse(
            'kiosk:set-printer-settings',
            'Données refusées : interface – Adresse inconnue : tcp://IP:9100, /dev/usb/lp0, COM3 ou \\\\PC\\Imprimante.',
          );
        if (!Number.isInteger(next.copies) || next.copies < 1 || next.copies > 5)
          return refuse('kiosk:set-printer-settings', 'Données refusées : copies – Too big: expected number to be <=5');
        settings = { ...next, interface: next.interface.trim() };
        keep();
        return structuredClone(settings);
      },
      async printOrder(req: { order: { id: string }; reason: string }) {
        if (w.printOrderRefuses) {
          log.refused.push({ id: req.order.id, reason: req.reason });
          return refuse('kiosk:print-order', String(w.printOrderRefuses));
        }
        log.printed.push({ id: req.order.id, reason: req.reason });
        const at = new Date().toISOString();
        const job = { orderId: req.order.id, state: 'queued', attempts: 0, lastError: null, updatedAt: at };
        // Like the real queue: a printer that is offline keeps the ticket waiting and stays offline
        // (orders placed by other tests print themselves here and must not clear a pushed error).
        if (!status.online) {
          push({ ...status, pending: status.pending + 1, jobs: [...status.jobs, job] });
          return { queued: true, status: null };
        }
        push({ ...status, pending: status.pending + 1, jobs: [...status.jobs, job] });
        // Printed 300 ms later: only this ticket leaves the queue; whatever else waits stays.
        setTimeout(() => {
          if (!status.online) return;
          const jobs = status.jobs.map((j) =>
            j === job || j.orderId === job.orderId ? { ...j, state: 'printed', attempts: 1 } : j,
          );
          push({ ...status, pending: Math.max(0, status.pending - 1), jobs });
        }, 300);
        return { queued: true, status: null };
      },
      async testPrint() {
        log.testPrints++;
        if (w.testPrintFails) return refuse('kiosk:test-print', String(w.testPrintFails));
      },
      getAutoLaunch: async () => autoLaunch,
      async setAutoLaunch(on: boolean) {
        log.autoLaunch.push(on);
        autoLaunch = on;
        keep();
        return on;
      },
      getPrintedOrderIds: async () => [...printedIds],
      async retryPrinting() {
        log.retries++;
      },
      onPrinterStatus(listener: (s: Status) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
  }, opts.printedIds ?? []);
}

export const kioskLog = (page: Page) => page.evaluate(() => (window as unknown as { kioskLog: KioskLog }).kioskLog);
