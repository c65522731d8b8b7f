import '../zod-setup.js';
import { z } from 'zod';

export const DELIVERY_METHODS = ['delivery', 'pickup'] as const;
export const deliveryMethodSchema = z.enum(DELIVERY_METHODS);
export type DeliveryMethod = z.infer<typeof deliveryMethodSchema>;
export const DEFAULT_DELIVERY_METHOD: DeliveryMethod = 'delivery';

export const PAYMENT_METHODS = ['cash', 'card'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'cash';

/** When the shop turns delivery off the cart is forced to pickup; otherwise it starts on delivery. */
export function effectiveDeliveryMethod(chosen: DeliveryMethod | undefined, deliveryEnabled: boolean): DeliveryMethod {
  if (!deliveryEnabled) return 'pickup';
  return chosen ?? DEFAULT_DELIVERY_METHOD;
}
