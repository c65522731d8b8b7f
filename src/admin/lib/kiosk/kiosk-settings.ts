import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrinterSettings } from '../../../shared/ipc.js';
import { kioskAutoLaunch, kioskPrinterSettings, kioskVersion } from './kiosk.js';

/** What the kiosk answers over IPC about its printer (not a server call: it never goes stale by itself). */
export interface KioskSettings {
  printer: PrinterSettings;
  autoLaunch: boolean;
  version: string;
}

const KIOSK_SETTINGS_KEY = ['kiosk', 'printer-settings'] as const;

export function useKioskSettingsQuery() {
  return useQuery({
    queryKey: KIOSK_SETTINGS_KEY,
    queryFn: async (): Promise<KioskSettings> => ({
      printer: await kioskPrinterSettings(),
      autoLaunch: await kioskAutoLaunch(),
      version: await kioskVersion(),
    }),
    retry: false,
    staleTime: Infinity,
  });
}

/** After a save, the form shows what the kiosk now holds without asking it again. */
export function useSetKioskSettings(): (settings: KioskSettings) => void {
  const qc = useQueryClient();
  return (settings) => qc.setQueryData(KIOSK_SETTINGS_KEY, settings);
}
