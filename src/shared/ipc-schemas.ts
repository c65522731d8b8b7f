import './zod-setup.js';
import { z } from 'zod';
import { orderSchema } from './domain/order.js';
import { takingsReportSchema } from './domain/takings.js';
import type { TicketRestaurant } from './domain/ticket.js';
import type { KioskHeartbeat, PrinterSettings } from './ipc.js';

/** An IPv4 literal in a private, link-local or loopback range (RFC 1918, RFC 3927, 127/8). */
export function isLanIPv4(host: string): boolean {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return false;
  const [a, b, c, d] = m.slice(1).map(Number);
  if ([a, b, c, d].some((n) => n > 255)) return false;
  return (
    a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)
  );
}

const looksLikeIPv4 = (host: string) => /^[\d.]+$/.test(host);

const TCP = /^tcp:\/\/([A-Za-z0-9](?:[A-Za-z0-9.-]{0,252}))(?::(\d{1,5}))?$/;
/** Printer device nodes only (Linux USB and serial, macOS serial): never a path that climbs out of /dev. */
const DEVICE =
  /^\/dev\/(?:usb\/lp\d{1,3}|lp\d{1,3}|tty(?:USB|ACM|S)\d{1,3}|rfcomm\d{1,3}|(?:cu|tty)\.[A-Za-z0-9_-]{1,64}|serial\/by-id\/[A-Za-z0-9_:-][A-Za-z0-9_.:-]{0,127})$/;
const PORT = /^(COM\d{1,3}|LPT\d)$/i;
/** \\PC\Printer: a computer of the local network by its short name or private IPv4 address. */
const SHARE = /^\\\\([A-Za-z0-9.-]{1,64})\\([A-Za-z0-9_$-][A-Za-z0-9 _.$-]{0,79})$/;
// A short name that is all digits or 0x… would be read as an IPv4 address (8.8.8.8 is 134744072).
const shareHostOk = (host: string) =>
  looksLikeIPv4(host) ? isLanIPv4(host) : /^[A-Za-z0-9][A-Za-z0-9-]{0,14}$/.test(host) && !/^\d+$|^0x/i.test(host);

const LAN_MESSAGE =
  'L’imprimante doit être sur le réseau local : 192.168.x.x, 10.x.x.x, 172.16–31.x.x, 169.254.x.x ou 127.x.x.x.';

/** The validation main applies to every payload coming from the kiosk window. */
/** `tcp://host:port`, a device path (/dev/usb/lp0, COM3) or a Windows share (\\PC\Printer). */
export const printerInterfaceSchema = z
  .string()
  .trim()
  .min(1, 'Indiquez l’adresse de l’imprimante.')
  .max(300)
  .refine((v) => TCP.test(v) || DEVICE.test(v) || PORT.test(v) || SHARE.test(v), {
    message: 'Adresse inconnue : tcp://IP:9100, /dev/usb/lp0, COM3 ou \\\\PC\\Imprimante.',
    abort: true,
  })
  .refine(
    (v) => {
      const m = TCP.exec(v);
      return !m?.[2] || (Number(m[2]) >= 1 && Number(m[2]) <= 65535);
    },
    { message: 'Port de l’imprimante invalide (1 à 65535, souvent 9100).', abort: true },
  )
  .refine(
    (v) => {
      const tcp = TCP.exec(v);
      if (tcp) return !looksLikeIPv4(tcp[1]) || isLanIPv4(tcp[1]);
      const share = SHARE.exec(v);
      return !share || (shareHostOk(share[1]) && !/^\.+$/.test(share[2]));
    },
    { message: LAN_MESSAGE },
  );

export const printerSettingsSchema = z.object({
  type: z.enum(['epson', 'star']),
  interface: printerInterfaceSchema,
  width: z.union([z.literal(48), z.literal(42), z.literal(32)]),
  copies: z.number().int().min(1).max(5),
  kitchenTicket: z.boolean(),
  cashDrawer: z.boolean(),
  autoPrint: z.boolean(),
  // Settings saved by older versions have neither: the defaults of DEFAULT_PRINTER_SETTINGS.
  preorderLeadMinutes: z.number().int().min(0).max(240).default(45),
  preorderAcknowledgement: z.boolean().default(false),
});

const text = (max: number) => z.string().max(max, `Texte trop long (${max} caractères au plus).`);
const amount = z.coerce
  .number()
  .finite('Montant invalide.')
  .min(-1_000_000, 'Montant invalide.')
  .max(1_000_000, 'Montant invalide.');

/**
 * An order as the kiosk accepts it for printing: the orders row with every text, list and number
 * bounded well above what place_order lets in, so one call can neither stall main nor print metres of paper.
 */
export const kioskOrderSchema = orderSchema.extend({
  id: text(100).min(1, 'Numéro de commande manquant.'),
  created_at: text(40).refine((v) => !Number.isNaN(Date.parse(v)), 'Date de commande invalide.'),
  status: text(40),
  customer_name: text(400),
  customer_phone: text(80),
  customer_email: text(320).nullable(),
  customer_address: text(600).nullable(),
  customer_postal_code: text(40).nullable(),
  customer_city: text(200).nullable(),
  preorder_date: text(20).nullable(),
  preorder_time: text(20).nullable(),
  order_items: z
    .array(
      z.object({
        id: text(100),
        name: text(300),
        quantity: z.number().int('Quantité invalide.').positive('Quantité invalide.').max(1000, 'Quantité invalide.'),
        price: z.number().nonnegative('Prix invalide.').max(100_000, 'Prix invalide.'),
        options: z
          .array(
            z.object({
              id: text(100).optional(),
              name: text(300),
              price: z.number().nonnegative('Prix invalide.').max(100_000, 'Prix invalide.'),
            }),
          )
          .max(30, 'Trop d’accompagnements sur un article (30 au plus).')
          .default([]),
      }),
    )
    .max(100, 'Trop d’articles dans la commande (100 au plus).'),
  total_price: amount,
  delivery_fee: amount,
  discount_amount: amount.default(0),
  discount_percentage: amount.default(0),
  grand_total: amount,
  notes: text(4000).nullable(),
  user_id: text(100).nullable(),
});

/**
 * The restaurant a ticket's header prints (name, address, phone as people read it), from the admin's
 * settings: the bounds of store_settings 'restaurant' (the address is street, postal code and city).
 */
export const ticketRestaurantSchema = z.strictObject({
  name: text(120).trim().min(1, 'Nom du restaurant manquant.'),
  address: text(270).trim().min(1, 'Adresse du restaurant manquante.'),
  phone: text(40).trim().min(1, 'Téléphone du restaurant manquant.'),
  time_zone: text(64).optional(),
});
export const _ticketRestaurantMatch: z.ZodType<TicketRestaurant> = ticketRestaurantSchema;

export const printRequestSchema = z.object({
  order: kioskOrderSchema,
  reason: z.enum(['auto', 'manual']),
  restaurant: ticketRestaurantSchema.optional(),
});

export const setAutoLaunchSchema = z.boolean();

/** The test print's optional request (older admin apps send none). */
export const testPrintRequestSchema = z.object({ restaurant: ticketRestaurantSchema.optional() }).optional();

/** A takings report to print: the RPC's shape, with every list and text bounded (a ticket of sane length). */
export const daySummaryRequestSchema = z.object({
  restaurant: ticketRestaurantSchema.optional(),
  report: takingsReportSchema.extend({
    from: text(10),
    to: text(10),
    time_zone: text(64),
    vat: takingsReportSchema.shape.vat.max(10, 'Trop de taux de TVA.'),
    top_dishes: z
      .array(
        z.object({
          item_id: text(100).nullable(),
          name: text(300).nullable(),
          quantity: z.number().int().nonnegative(),
          total_cents: z.number().int(),
        }),
      )
      .max(10, 'Trop de plats (10 au plus).'),
    hours: takingsReportSchema.shape.hours.max(24, 'Trop d’heures.'),
    days: takingsReportSchema.shape.days.max(366, 'Trop de jours (366 au plus).'),
  }),
});

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Heure invalide.');
/** The kitchen summary to print: at most 14 days, 4 services a day (and one outside them), 200 dishes a day. */
export const kitchenSummaryRequestSchema = z.object({
  restaurant: ticketRestaurantSchema.optional(),
  summary: z.strictObject({
    days: z
      .array(
        z.strictObject({
          date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date invalide.'),
          orders: z.number().int().nonnegative().max(10_000),
          services: z
            .array(
              z.strictObject({
                opens: clock.nullable(),
                closes: clock.nullable(),
                orders: z.number().int().nonnegative().max(10_000),
              }),
            )
            .max(5, 'Trop de services.'),
          dishes: z
            .array(z.strictObject({ name: text(300), quantity: z.number().int().positive().max(1_000_000) }))
            .max(200, 'Trop de plats (200 au plus).'),
        }),
      )
      .max(14, 'Trop de jours (14 au plus).'),
  }),
});

export const heartbeatSchema = z.strictObject({
  signedIn: z.boolean(),
  realtimeJoined: z.boolean(),
  online: z.boolean(),
  unacceptedOrders: z
    .number()
    .int('Nombre de commandes invalide.')
    .min(0, 'Nombre de commandes invalide.')
    .max(10_000, 'Nombre de commandes invalide.'),
});
export const _heartbeatMatch: z.ZodType<KioskHeartbeat> = heartbeatSchema;

// Keeps the schema and the contract's interface in step.
export const _settingsMatch: z.ZodType<PrinterSettings> = printerSettingsSchema;
