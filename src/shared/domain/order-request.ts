import '../zod-setup.js';
import { z } from 'zod';
import type { CartItem } from './cart-item.js';
import { customerInfoSchema } from './customer.js';
import { deliveryMethodSchema, paymentMethodSchema } from './delivery-method.js';
import { KIDS_MENU_OPTION_IDS } from './menu.js';
import { missingForMinimum } from './minimum-order.js';

/** One ordered line: menu id, quantity and the kids-menu dish; prices are never sent. */
export const orderLineRequestSchema = z.object({
  menuItemId: z.string().min(1),
  quantity: z.number(),
  kidsOption: z.enum(KIDS_MENU_OPTION_IDS).optional(),
});
export type OrderLineRequest = z.infer<typeof orderLineRequestSchema>;

/** What the shop sends to place an order (the place_order RPC's payload). */
export const orderRequestSchema = z.object({
  customer: customerInfoSchema,
  deliveryMethod: deliveryMethodSchema,
  paymentMethod: paymentMethodSchema,
  isPreorder: z.boolean(),
  preorderDate: z.string().nullable(),
  preorderTime: z.string().nullable(),
  items: z.array(orderLineRequestSchema),
  /** Drawn once per order and sent again with every retry of it: the database places it once. */
  requestId: z.string().uuid().optional(),
  /** An immediate order when the kitchen is full: the next free time ("HH:MM") the customer was shown and accepted. */
  asapSlot: z.string().optional(),
  /** The total (dishes and delivery fee, euros) the cart showed: place_order refuses another one (total_changed). */
  expectedTotal: z.number().optional(),
});
export type OrderRequest = z.output<typeof orderRequestSchema>;

/**
 * A random request id (UUID v4). `crypto.randomUUID` only exists on secure pages (https or
 * localhost); a shop opened over plain http on the restaurant's network still gets one.
 */
export function newOrderRequestId(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface CheckoutChoices {
  customer: OrderRequest['customer'];
  deliveryMethod: OrderRequest['deliveryMethod'];
  paymentMethod: OrderRequest['paymentMethod'];
  isPreorder: boolean;
  preorderDate?: string | null;
  preorderTime?: string | null;
}

/** The request for the cart as it stands; the pre-order slot is only sent for a pre-order. */
export function orderRequestFromCart(cart: readonly CartItem[], choices: CheckoutChoices): OrderRequest {
  return {
    customer: choices.customer,
    deliveryMethod: choices.deliveryMethod,
    paymentMethod: choices.paymentMethod,
    isPreorder: choices.isPreorder,
    preorderDate: choices.isPreorder ? (choices.preorderDate ?? null) : null,
    preorderTime: choices.isPreorder ? (choices.preorderTime ?? null) : null,
    items: cart.map((l) => ({
      menuItemId: l.menuItemId,
      quantity: l.quantity,
      ...(l.kidsOption ? { kidsOption: l.kidsOption } : {}),
    })),
  };
}

/**
 * The cart's order button is disabled while the order is being sent, when the delivery minimum
 * is not met, and when ordering is closed and this is not a pre-order.
 */
export function isOrderButtonDisabled(s: {
  submitting: boolean;
  subtotal: number;
  deliveryMethod: OrderRequest['deliveryMethod'];
  orderingEnabled: boolean;
  isPreorder: boolean;
}): boolean {
  return s.submitting || missingForMinimum(s.subtotal, s.deliveryMethod) > 0 || (!s.orderingEnabled && !s.isPreorder);
}
