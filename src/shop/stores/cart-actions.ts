import {
  addToCart,
  decrementLine,
  incrementLine,
  parsePersistedCart,
  removeLine,
  type AddChoice,
  type CartChange,
} from '../../shared/domain/cart.js';
import type { MenuItem } from '../../shared/domain/menu.js';
import { toast } from '../components/ui/toast-store.js';
import { fr } from '../i18n/fr.js';
import { hydrateWith, useCartStore } from './cart-store.js';

// Any screen that can change the cart reads the saved one first, so nothing is overwritten.
hydrateWith(parsePersistedCart);

function apply(change: CartChange): boolean {
  if (change.ok) useCartStore.getState().setItems(change.items);
  if (change.toast) {
    const text = fr.cartToasts[change.toast.key](change.toast.lineName ?? '');
    toast({ ...text, variant: change.ok ? 'success' : 'destructive' });
  }
  return change.ok;
}

const items = () => useCartStore.getState().items;

/** The cart's rules live in the shared domain; this only stores the result and shows its toast. */
export const cartActions = {
  add: (item: MenuItem, choice?: AddChoice) => apply(addToCart(items(), item, choice)),
  increment: (uniqueId: string) => apply(incrementLine(items(), uniqueId)),
  decrement: (uniqueId: string) => apply(decrementLine(items(), uniqueId)),
  remove: (uniqueId: string) => apply(removeLine(items(), uniqueId)),
  clear: () => useCartStore.getState().setItems([]),
};
