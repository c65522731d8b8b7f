import { z } from 'zod';
import { orderSchema } from './domain/order.js';
import type { PrinterSettings } from './ipc.js';

/** The validation main applies to every payload coming from the kiosk window. */
/** `tcp://host:port`, a device path (/dev/usb/lp0, COM3) or a Windows share (\\PC\Printer). */
export const printerInterfaceSchema = z
  .string()
  .trim()
  .min(1, 'Indiquez l’adresse de l’imprimante.')
  .max(300)
  .refine(
    (v) =>
      /^tcp:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/.test(v) ||
      /^\/dev\/[A-Za-z0-9/_.-]+$/.test(v) ||
      /^(COM\d{1,3}|LPT\d)$/i.test(v) ||
      /^\\\\[^\\/:*?"<>|]+\\[^\\/:*?"<>|]+$/.test(v),
    { message: 'Adresse inconnue : tcp://IP:9100, /dev/usb/lp0, COM3 ou \\\\PC\\Imprimante.' },
  );

export const printerSettingsSchema = z.object({
  type: z.enum(['epson', 'star']),
  interface: printerInterfaceSchema,
  width: z.union([z.literal(48), z.literal(42), z.literal(32)]),
  copies: z.number().int().min(1).max(5),
  kitchenTicket: z.boolean(),
  cashDrawer: z.boolean(),
  autoPrint: z.boolean(),
});


export const printRequestSchema = z.object({
  order: orderSchema,
  reason: z.enum(['auto', 'manual']),
});

export const setAutoLaunchSchema = z.boolean();

// Keeps the schema and the contract's interface in step.
export const _settingsMatch: z.ZodType<PrinterSettings> = printerSettingsSchema;
