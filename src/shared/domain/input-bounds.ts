import { addDays, restaurantDate, parseIsoDate } from './restaurant-time.js';
import type { OrderRequest } from './order-request.js';
import type { Refusal } from './refusal.js';
import { FIELD_LABELS, fieldTooLong, REFUSALS } from './refusals.js';

export { fieldTooLong };

/**
 * The size limits every public entry point enforces first, before any other check
 * (the helpers in supabase/migrations/20251121100000_helpers.sql and the functions and tables that use them, same codes and texts).
 */
export const INPUT_BOUNDS = {
  orderLines: 50,
  optionsPerLine: 10,
  name: 200,
  phone: 40,
  email: 254,
  address: 300,
  postalCode: 20,
  city: 100,
  notes: 2000,
  reservationMessage: 2000,
  preorderDaysAhead: 60,
  reservationDaysAhead: 365,
} as const;

export type BoundRefusalCode =
  'too_many_lines' | 'too_many_options' | 'field_too_long' | 'preorder_too_far' | 'date_too_far';

export const BOUND_REFUSALS = {
  too_many_lines: REFUSALS.too_many_lines,
  too_many_options: REFUSALS.too_many_options,
  preorder_too_far: REFUSALS.preorder_too_far,
  date_too_far: REFUSALS.date_too_far,
} as const satisfies Record<Exclude<BoundRefusalCode, 'field_too_long'>, Refusal<BoundRefusalCode>>;

/** The refusal of a product rate limit (HTTP 429, SQLSTATE PT429): its detail code. */
export const RATE_LIMITED_CODE = 'rate_limited';

// C0 (but tab and line breaks, handled below), DEL, C1 and the bidirectional overrides.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Customer text as the database stores it: no control characters; one line unless `multiline`. */
export function stripControlCharacters(text: string, multiline = false): string {
  if (multiline) return text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').replace(CONTROL, '');
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\t\n\r\u000b\u000c]/g, ' ').replace(CONTROL, '');
}

const tooLong = (v: string | null | undefined, max: number) => (v ?? '').trim().length > max;

/** The first bound the order breaks, in the database's order (the shop sends no options); null when it keeps them all. */
export function orderBoundsRefusal(order: OrderRequest, now: Date): Refusal<BoundRefusalCode> | null {
  if (order.items.length > INPUT_BOUNDS.orderLines) return BOUND_REFUSALS.too_many_lines;
  const c = order.customer;
  const fields: [string | undefined, number, string][] = [
    [c.name, INPUT_BOUNDS.name, FIELD_LABELS.name],
    [c.phone, INPUT_BOUNDS.phone, FIELD_LABELS.phone],
    [c.email, INPUT_BOUNDS.email, FIELD_LABELS.email],
    [c.address, INPUT_BOUNDS.address, FIELD_LABELS.address],
    [c.postalCode, INPUT_BOUNDS.postalCode, FIELD_LABELS.postalCode],
    [c.city, INPUT_BOUNDS.city, FIELD_LABELS.city],
    [c.notes, INPUT_BOUNDS.notes, FIELD_LABELS.notes],
  ];
  for (const [value, max, label] of fields) if (tooLong(value, max)) return fieldTooLong(label, max);
  const day = order.isPreorder ? parseIsoDate((order.preorderDate ?? '').trim()) : null;
  if (day && order.preorderDate!.trim() > addDays(restaurantDate(now), INPUT_BOUNDS.preorderDaysAhead))
    return BOUND_REFUSALS.preorder_too_far;
  return null;
}
