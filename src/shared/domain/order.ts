import '../zod-setup.js';
import { z } from 'zod';
import { deliveryMethodSchema, paymentMethodSchema } from './delivery-method.js';

/** One line of orders.order_items: the cart line without its uniqueId. */
export const orderItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  quantity: z.number().int().positive(),
  price: z.number().nonnegative(),
  options: z
    .array(z.object({ id: z.string().optional(), name: z.string(), price: z.number().nonnegative() }))
    .default([]),
});
export type OrderItem = z.output<typeof orderItemSchema>;

/**
 * A row of the orders table. status is text, not the enum: old rows may hold the spec's variant
 * spellings; read it through normaliseStatus().
 */
export const orderSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  status: z.string(),
  customer_name: z.string(),
  customer_phone: z.string(),
  customer_email: z.string().nullable(),
  customer_address: z.string().nullable(),
  customer_postal_code: z.string().nullable(),
  customer_city: z.string().nullable(),
  delivery_method: deliveryMethodSchema,
  payment_method: paymentMethodSchema,
  is_preorder: z.boolean(),
  preorder_date: z.string().nullable(),
  preorder_time: z.string().nullable(),
  order_items: z.array(orderItemSchema),
  total_price: z.coerce.number(),
  delivery_fee: z.coerce.number(),
  discount_amount: z.coerce.number().default(0),
  discount_percentage: z.coerce.number().default(0),
  grand_total: z.coerce.number(),
  notes: z.string().nullable(),
  user_id: z.string().nullable(),
  /** Acceptance (docs/STATUSES.md): null while the order waits. */
  accepted_at: z.string().nullish(),
  ready_at: z.string().nullish(),
  refusal_reason: z.string().nullish(),
  /** The customer cancelled it before acceptance (cancel_my_order); the status is then Annulée. */
  cancelled_by_customer_at: z.string().nullish(),
  auto_accepted: z.boolean().optional(),
});
export type Order = z.output<typeof orderSchema>;

/** The order number customers and staff read: the first 8 characters of the id. */
export function orderNumber(orderId: string): string {
  return orderId.slice(0, 8);
}

/** The admin shows 10 % when a discount exists but no percentage was stored. */
export const DEFAULT_DISCOUNT_PERCENTAGE = 10;
