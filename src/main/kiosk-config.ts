import { z } from 'zod';
import { DEFAULT_PRINTER_SETTINGS, type PrinterSettings } from '../shared/ipc.js';
import { printerSettingsSchema } from '../shared/ipc-schemas.js';
import { JsonFile } from './json-store.js';

export const kioskConnectionSchema = z.object({
  supabaseUrl: z
    .string()
    .trim()
    .max(2000, 'Adresse du serveur invalide.')
    .url('Adresse du serveur invalide.')
    .refine((u) => /^https?:\/\//.test(u), 'Adresse du serveur invalide.'),
  supabaseAnonKey: z
    .string()
    .trim()
    .max(4000, 'Clé publique (anon key) invalide.')
    .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'Clé publique (anon key) invalide.'),
});
export type KioskConnection = z.infer<typeof kioskConnectionSchema>;

const fileSchema = z.object({
  connection: kioskConnectionSchema.nullable().catch(null),
  printer: printerSettingsSchema.catch(DEFAULT_PRINTER_SETTINGS),
  windowMode: z.enum(['kiosk', 'fullscreen', 'window']).catch('kiosk'),
  autoLaunchInitialised: z.boolean().catch(false),
  heartbeatSeen: z.boolean().catch(false),
});
export type KioskConfigData = z.infer<typeof fileSchema>;

const defaults = (): KioskConfigData => ({
  connection: null,
  printer: DEFAULT_PRINTER_SETTINGS,
  windowMode: 'kiosk',
  autoLaunchInitialised: false,
  heartbeatSeen: false,
});

/** The kiosk's own settings, kept in its user-data folder (kiosk.json). */
export class KioskConfig {
  private readonly store: JsonFile<unknown>;
  private data: KioskConfigData;

  constructor(file: string, env: NodeJS.ProcessEnv = process.env) {
    this.store = new JsonFile<unknown>(file, () => ({}));
    const parsed = fileSchema.safeParse({ ...defaults(), ...(this.store.read() as object) });
    this.data = parsed.success ? parsed.data : defaults();
    // Environment variables win, so an installer or a technician can preconfigure a kiosk.
    if (env.KIOSK_SUPABASE_URL && env.KIOSK_SUPABASE_ANON_KEY) {
      const conn = kioskConnectionSchema.safeParse({
        supabaseUrl: env.KIOSK_SUPABASE_URL,
        supabaseAnonKey: env.KIOSK_SUPABASE_ANON_KEY,
      });
      if (conn.success) this.data.connection = conn.data;
    }
    if (
      env.KIOSK_WINDOW_MODE === 'kiosk' ||
      env.KIOSK_WINDOW_MODE === 'fullscreen' ||
      env.KIOSK_WINDOW_MODE === 'window'
    )
      this.data.windowMode = env.KIOSK_WINDOW_MODE;
  }

  get connection(): KioskConnection | null {
    return this.data.connection;
  }

  setConnection(value: unknown): KioskConnection {
    const conn = kioskConnectionSchema.parse(value);
    this.data.connection = conn;
    this.save();
    return conn;
  }

  get printer(): PrinterSettings {
    return this.data.printer;
  }

  setPrinter(value: unknown): PrinterSettings {
    this.data.printer = printerSettingsSchema.parse(value);
    this.save();
    return this.data.printer;
  }

  get windowMode(): KioskConfigData['windowMode'] {
    return this.data.windowMode;
  }

  get autoLaunchInitialised(): boolean {
    return this.data.autoLaunchInitialised;
  }

  markAutoLaunchInitialised(): void {
    this.data.autoLaunchInitialised = true;
    this.save();
  }

  /** The admin app has sent a heartbeat once: from then on, a missing one is an alarm. */
  get heartbeatSeen(): boolean {
    return this.data.heartbeatSeen;
  }

  markHeartbeatSeen(): void {
    if (this.data.heartbeatSeen) return;
    this.data.heartbeatSeen = true;
    this.save();
  }

  private save(): void {
    this.store.write(this.data);
  }
}
