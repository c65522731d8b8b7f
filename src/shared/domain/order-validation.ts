import { MAX_LINE_QUANTITY } from './cart-limits.js';
import { CONTACT_REFUSALS, isLuxPostalCode, isPersonName, normalizePhone } from './contact-fields.js';
import { deliveryFeeFor } from './delivery-zones.js';
import { orderBoundsRefusal, type BoundRefusalCode } from './input-bounds.js';
import { looksLikeEmail } from './email-address.js';
import { restaurantDate } from './restaurant-time.js';
import { isOrderable, type MenuItem } from './menu.js';
import { minimumOrderWarning } from './minimum-order.js';
import { fromCents, toCents } from './money.js';
import {
  OPENING_HOURS_REFUSALS,
  outsideHoursRefusal,
  preorderTooSoon,
  validatePreorderSlot,
  type OpeningSchedule,
} from './opening-hours.js';
import type { OrderItem } from './order.js';
import type { OrderRequest } from './order-request.js';
import { unitPrice, type SpecialPrice } from './pricing.js';
import type { Refusal } from './refusal.js';
import { MINIMUM_NOT_MET_TITLE, REFUSALS } from './refusals.js';
import type { StoreSettings } from './store-settings.js';

/** Everything the rules look at; the database has the same facts in its tables and clock. */
export interface OrderRuleInput {
  now: Date;
  settings: StoreSettings;
  menu: readonly MenuItem[];
  specialPrices: readonly SpecialPrice[];
  order: OrderRequest;
  /** The live opening hours and closures; the seeded ones when left out. */
  schedule?: OpeningSchedule;
}

export interface OrderTotals {
  subtotal: number;
  deliveryFee: number;
  discount: number;
  grandTotal: number;
}

export type OrderRefusalCode =
  | BoundRefusalCode
  | 'ordering_closed'
  | 'preorder_missing_datetime'
  | 'missing_fields'
  | 'invalid_name'
  | 'invalid_phone'
  | 'invalid_postal_code'
  | 'invalid_email'
  | 'empty_cart'
  | 'item_unavailable'
  | 'invalid_item'
  | 'minimum_not_met'
  | 'invalid_zone'
  | 'delivery_disabled'
  | 'preorder_invalid_date'
  | 'preorder_too_early'
  | 'preorder_closed_day'
  | 'preorder_invalid_time'
  | 'preorder_too_soon'
  | 'total_changed'
  | 'outside_hours';

export type OrderValidation =
  { ok: true; totals: OrderTotals; items: OrderItem[] } | ({ ok: false } & Refusal<OrderRefusalCode>);

export { MAX_LINE_QUANTITY };

export const ORDER_REFUSALS = {
  ordering_closed: REFUSALS.ordering_closed,
  preorder_missing_datetime: REFUSALS.preorder_missing_datetime,
  missing_fields: REFUSALS.missing_fields,
  ...CONTACT_REFUSALS,
  invalid_email: REFUSALS.invalid_email,
  empty_cart: REFUSALS.empty_cart,
  item_unavailable: REFUSALS.item_unavailable,
  invalid_item: REFUSALS.invalid_item,
  invalid_zone: REFUSALS.invalid_zone,
  delivery_disabled: REFUSALS.delivery_disabled,
  total_changed: REFUSALS.total_changed,
  preorder_too_soon: REFUSALS.preorder_too_soon,
  ...OPENING_HOURS_REFUSALS,
} as const satisfies Record<Exclude<OrderRefusalCode, 'minimum_not_met' | BoundRefusalCode>, Refusal<OrderRefusalCode>>;

export { MINIMUM_NOT_MET_TITLE };

const blank = (v: string | null | undefined) => !v || v.trim() === '';

const refuse = (r: Refusal<OrderRefusalCode>): OrderValidation => ({ ok: false, ...r });

/**
 * The spec's six checks in the spec's order (closed, pre-order slot missing, required fields,
 * empty cart, minimum, zone), then what the spec left to the server. Two checks sit between
 * them because they decide what the later ones measure: the name, phone, postal code and e-mail
 * shapes right after the required fields, and the items right after the empty cart (an item that cannot be sold does
 * not count toward the minimum). Then delivery switched off, the pre-order date and time, and
 * for an immediate order the opening hours. The first failing check is the answer.
 */
export function validateOrder(input: OrderRuleInput): OrderValidation {
  const { now, settings, order } = input;
  const c = order.customer;
  const delivery = order.deliveryMethod === 'delivery';

  const outOfBounds = orderBoundsRefusal(order, now);
  if (outOfBounds) return refuse(outOfBounds);
  if (!settings.ordering.is_enabled && !order.isPreorder) return refuse(ORDER_REFUSALS.ordering_closed);
  if (order.isPreorder && (blank(order.preorderDate) || blank(order.preorderTime))) {
    return refuse(ORDER_REFUSALS.preorder_missing_datetime);
  }
  // Ordering switched off closes today: a pre-order for later today is an order for today.
  if (!settings.ordering.is_enabled && order.isPreorder && order.preorderDate?.trim() === restaurantDate(now)) {
    return refuse(ORDER_REFUSALS.ordering_closed);
  }
  if (blank(c.name) || blank(c.phone) || (delivery && (blank(c.address) || blank(c.postalCode) || blank(c.city)))) {
    return refuse(ORDER_REFUSALS.missing_fields);
  }
  if (!isPersonName(c.name)) return refuse(ORDER_REFUSALS.invalid_name);
  if (normalizePhone(c.phone) === null) return refuse(ORDER_REFUSALS.invalid_phone);
  if (delivery && !isLuxPostalCode(c.postalCode)) return refuse(ORDER_REFUSALS.invalid_postal_code);
  if (!blank(c.email) && !looksLikeEmail(c.email)) return refuse(ORDER_REFUSALS.invalid_email);
  if (order.items.length === 0) return refuse(ORDER_REFUSALS.empty_cart);

  const serviceDate = order.isPreorder ? order.preorderDate!.trim() : restaurantDate(now);
  const priceContext = { method: order.deliveryMethod, date: serviceDate, specialPrices: input.specialPrices };
  const items: OrderItem[] = [];
  for (const line of order.items) {
    const item = input.menu.find((m) => m.id === line.menuItemId);
    if (!item || !isOrderable(item)) return refuse(ORDER_REFUSALS.item_unavailable);
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_LINE_QUANTITY) {
      return refuse(ORDER_REFUSALS.invalid_item);
    }
    const dish = item.isKidsMenuWithOptions ? item.options.find((o) => o.id === line.kidsOption) : undefined;
    if (item.isKidsMenuWithOptions ? !dish : line.kidsOption !== undefined) return refuse(ORDER_REFUSALS.invalid_item);
    items.push({
      id: dish ? `${item.id}_${dish.id}` : item.id,
      name: dish ? `${item.name} (${dish.name})` : item.name,
      quantity: line.quantity,
      price: unitPrice(item, priceContext),
      options: [],
    });
  }
  const subtotalCents = items.reduce((sum, i) => sum + toCents(i.price) * i.quantity, 0);

  const shortfall = minimumOrderWarning(fromCents(subtotalCents), order.deliveryMethod);
  if (shortfall) return refuse({ code: 'minimum_not_met', title: MINIMUM_NOT_MET_TITLE, message: shortfall });

  const fee = delivery ? deliveryFeeFor(c.city, settings.delivery_zones, c.postalCode).fee : 0;
  if (fee === null) return refuse(ORDER_REFUSALS.invalid_zone);
  // The total the customer was shown, when sent: any other total is refused (a price changed meanwhile).
  if (order.expectedTotal !== undefined && toCents(order.expectedTotal) !== subtotalCents + toCents(fee)) {
    return refuse(ORDER_REFUSALS.total_changed);
  }
  if (delivery && !settings.delivery_options.is_enabled) return refuse(ORDER_REFUSALS.delivery_disabled);

  if (order.isPreorder) {
    const problem = validatePreorderSlot(order.preorderDate!.trim(), order.preorderTime!.trim(), now, input.schedule);
    if (problem) return refuse(problem);
    const preparation = settings.order_acceptance?.default_ready_minutes;
    if (preorderTooSoon(order.preorderDate!.trim(), order.preorderTime!.trim(), now, preparation)) {
      return refuse(ORDER_REFUSALS.preorder_too_soon);
    }
  } else {
    const closed = outsideHoursRefusal(now, input.schedule);
    if (closed) return refuse({ ...ORDER_REFUSALS.outside_hours, message: closed.message });
  }

  const feeCents = toCents(fee);
  return {
    ok: true,
    items,
    totals: {
      subtotal: fromCents(subtotalCents),
      deliveryFee: fromCents(feeCents),
      discount: 0,
      grandTotal: fromCents(subtotalCents + feeCents),
    },
  };
}
