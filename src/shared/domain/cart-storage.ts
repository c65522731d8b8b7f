import type { CartItem } from './cart-item.js';

// Free of zod on purpose: the shop's header counts the cart and saves it on the first page, before
// the parser (cart.ts, with zod) is loaded.

/** The localStorage key the spec's shop keeps the cart under. */
export const CART_STORAGE_KEY = 'cartItems';

/** How many articles the cart holds (quantities added up), as the header's badge shows. */
export function cartItemCount(cart: readonly Pick<CartItem, 'quantity'>[]): number {
  return cart.reduce((n, l) => n + l.quantity, 0);
}
