import { contextBridge, ipcRenderer } from 'electron';
import {
  IPC,
  type DaySummaryRequest,
  type KioskApi,
  type KioskHeartbeat,
  type KitchenSummaryRequest,
  type PrinterSettings,
  type PrinterStatus,
  type PrintRequest,
} from '../shared/ipc';
import type { TicketRestaurant } from '../shared/domain/ticket';

// Exposes exactly the calls of the contract, never ipcRenderer itself.
const kiosk: KioskApi = {
  isKiosk: true,
  getVersion: () => ipcRenderer.invoke(IPC.getVersion),
  getPrinterStatus: () => ipcRenderer.invoke(IPC.getPrinterStatus),
  getPrinterSettings: () => ipcRenderer.invoke(IPC.getPrinterSettings),
  setPrinterSettings: (settings: PrinterSettings) => ipcRenderer.invoke(IPC.setPrinterSettings, settings),
  printOrder: (request: PrintRequest) => ipcRenderer.invoke(IPC.printOrder, request),
  testPrint: (request?: { restaurant?: TicketRestaurant }) => ipcRenderer.invoke(IPC.testPrint, request),
  printDaySummary: (request: DaySummaryRequest) => ipcRenderer.invoke(IPC.printDaySummary, request),
  printKitchenSummary: (request: KitchenSummaryRequest) => ipcRenderer.invoke(IPC.printKitchenSummary, request),
  getAutoLaunch: () => ipcRenderer.invoke(IPC.getAutoLaunch),
  setAutoLaunch: (enabled: boolean) => ipcRenderer.invoke(IPC.setAutoLaunch, enabled),
  getPrintedOrderIds: () => ipcRenderer.invoke(IPC.getPrintedOrderIds),
  retryPrinting: () => ipcRenderer.invoke(IPC.retryPrinting),
  heartbeat: (state: KioskHeartbeat) => ipcRenderer.invoke(IPC.heartbeat, state),
  onPrinterStatus(listener: (status: PrinterStatus) => void) {
    const wrapped = (_event: unknown, status: PrinterStatus) => listener(status);
    ipcRenderer.on(IPC.printerStatusEvent, wrapped);
    return () => {
      ipcRenderer.removeListener(IPC.printerStatusEvent, wrapped);
    };
  },
};

contextBridge.exposeInMainWorld('kiosk', kiosk);
// Only the first-start page gets the call that stores the server address and key.
if (window.location.href === 'app://kiosk/setup') {
  contextBridge.exposeInMainWorld('kioskSetup', {
    saveConnection: (value: { supabaseUrl: string; supabaseAnonKey: string }) =>
      ipcRenderer.invoke(IPC.saveConnection, value),
  });
}
