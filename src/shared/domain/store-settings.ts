import '../zod-setup.js';
// zod's functional build, as in menu.ts: the shop reads the settings on every public page.
import * as z from 'zod/mini';
import { restaurantIdentitySchema } from './restaurant.js';

/** A zone: the town it is named after, its fee, and optionally the Luxembourg postal codes it covers ("4501"). */
export const deliveryZoneSchema = z.object({
  name: z.string(),
  fee: z.coerce.number().check(z.nonnegative()),
  postal_codes: z.optional(z.array(z.string())),
});
export type DeliveryZone = z.output<typeof deliveryZoneSchema>;

export const orderingSettingSchema = z.object({
  is_enabled: z._default(z.boolean(), true),
  message: z._default(z.string(), ''),
});
/** store_settings key order_limits: the largest order without an account, in euros (place_order). */
export const orderLimitsSettingSchema = z.object({
  max_anonymous_total: z._default(z.number().check(z.gte(20), z.lte(10_000)), 500),
});
/** The installed limit, and place_order's when the row is missing. */
export const MAX_ANONYMOUS_TOTAL = 500;
export const deliveryOptionsSettingSchema = z.object({
  is_enabled: z._default(z.boolean(), true),
});

const slotCapacity = z._default(z.nullable(z.int().check(z.gte(1), z.lte(500))), null);
/** Staff only (not public): acceptance of new orders, see docs/STATUSES.md. */
export const orderAcceptanceSettingSchema = z.object({
  default_ready_minutes: z._default(z.int().check(z.gte(5), z.lte(240)), 30),
  auto_accept: z._default(z.boolean(), false),
  capacity: z._default(z.object({ delivery: slotCapacity, pickup: slotCapacity }), { delivery: null, pickup: null }),
});
export type OrderAcceptanceSetting = z.output<typeof orderAcceptanceSettingSchema>;
export const DEFAULT_ORDER_ACCEPTANCE: OrderAcceptanceSetting = {
  default_ready_minutes: 30,
  auto_accept: false,
  capacity: { delivery: null, pickup: null },
};

/**
 * store_settings key busy_mode (public; set by the counter through set_busy_mode): minutes added to the preparation
 * time until extra_until, immediate orders paused until paused_until. End times, so each mode ends by itself.
 */
export const busyModeSettingSchema = z.object({
  extra_minutes: z._default(z.int().check(z.gte(0), z.lte(120)), 0),
  extra_until: z._default(z.nullable(z.string()), null),
  paused_until: z._default(z.nullable(z.string()), null),
});
export type BusyModeSetting = z.output<typeof busyModeSettingSchema>;
export const BUSY_MODE_IDLE: BusyModeSetting = { extra_minutes: 0, extra_until: null, paused_until: null };

/** What of the busy mode is on at `now`: the pause's end, the extra minutes and their end (null when over). */
export function activeBusyMode(
  busy: BusyModeSetting | undefined,
  now: Date,
): { pausedUntil: Date | null; extraMinutes: number; extraUntil: Date | null } {
  const live = (iso: string | null | undefined) => {
    const t = iso ? Date.parse(iso) : NaN;
    return Number.isFinite(t) && t > now.getTime() ? new Date(t) : null;
  };
  const extraUntil = busy && busy.extra_minutes > 0 ? live(busy.extra_until) : null;
  return { pausedUntil: live(busy?.paused_until), extraMinutes: extraUntil ? busy!.extra_minutes : 0, extraUntil };
}

/** Staff only: the guests one service takes in reservations (null: no limit), 1–500 (check_reservation_room). */
export const reservationCapacitySettingSchema = z.object({
  guests_per_service: z._default(z.nullable(z.int().check(z.gte(1), z.lte(500))), null),
});
export const MAX_GUESTS_PER_SERVICE = 500;

export const storeSettingsSchema = z.object({
  ordering: orderingSettingSchema,
  delivery_options: deliveryOptionsSettingSchema,
  delivery_zones: z.array(deliveryZoneSchema),
  /** Read by staff only; the shop never sees it (absent there). */
  order_acceptance: z.optional(orderAcceptanceSettingSchema),
  /** The restaurant's identity (public); absent means the defaults (DEFAULT_RESTAURANT_IDENTITY). */
  restaurant: z.optional(restaurantIdentitySchema),
  /** Read by staff only: reservations a service takes (the shop reads the room left through reservation_room). */
  reservation_capacity: z.optional(reservationCapacitySettingSchema),
  /** The counter's busy mode (public); absent means none. */
  busy_mode: z.optional(busyModeSettingSchema),
});
export type StoreSettings = z.output<typeof storeSettingsSchema>;
export type StoreSettingKey = keyof StoreSettings;

/** Shop open, delivery on, no zones: what the shop assumes when the settings cannot be read. */
export const DEFAULT_STORE_SETTINGS: StoreSettings = {
  ordering: { is_enabled: true, message: '' },
  delivery_options: { is_enabled: true },
  delivery_zones: [],
};

/**
 * Stored with is_enabled false (the spec's row shape); turning ordering back on stores an empty
 * message. Data kept for the record, not shown: each app words the closed shop from its catalogue.
 */
export const ORDERING_CLOSED_MESSAGE = 'As encomendas online estão temporariamente fechadas.';

export function orderingSetting(isEnabled: boolean): StoreSettings['ordering'] {
  return { is_enabled: isEnabled, message: isEnabled ? '' : ORDERING_CLOSED_MESSAGE };
}

/**
 * Builds the settings from store_settings rows ({key, value}). Unknown keys are ignored and a
 * malformed value falls back to its default, key by key, so one bad row never closes the shop.
 */
export function storeSettingsFromRows(rows: ReadonlyArray<{ key: string; value: unknown }>): StoreSettings {
  const settings: StoreSettings = structuredClone(DEFAULT_STORE_SETTINGS);
  for (const { key, value } of rows) {
    if (key === 'ordering') {
      const parsed = orderingSettingSchema.safeParse(value);
      if (parsed.success) settings.ordering = parsed.data;
    } else if (key === 'delivery_options') {
      const parsed = deliveryOptionsSettingSchema.safeParse(value);
      if (parsed.success) settings.delivery_options = parsed.data;
    } else if (key === 'delivery_zones') {
      const parsed = z.array(deliveryZoneSchema).safeParse(value);
      if (parsed.success) settings.delivery_zones = parsed.data;
    } else if (key === 'order_acceptance') {
      const parsed = orderAcceptanceSettingSchema.safeParse(value);
      if (parsed.success) settings.order_acceptance = parsed.data;
    } else if (key === 'restaurant') {
      const parsed = restaurantIdentitySchema.safeParse(value);
      if (parsed.success) settings.restaurant = parsed.data;
    } else if (key === 'reservation_capacity') {
      const parsed = reservationCapacitySettingSchema.safeParse(value);
      if (parsed.success) settings.reservation_capacity = parsed.data;
    } else if (key === 'busy_mode') {
      const parsed = busyModeSettingSchema.safeParse(value);
      if (parsed.success) settings.busy_mode = parsed.data;
    }
  }
  return settings;
}
