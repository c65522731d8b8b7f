import type { KioskApi } from '../shared/ipc';

declare global {
  interface Window {
    /** Present only inside the counter kiosk (Electron). */
    kiosk?: KioskApi;
  }
}

export {};
