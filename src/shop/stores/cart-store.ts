import { create } from 'zustand';
import type { CartItem } from '../../shared/domain/cart-item.js';
import { CART_STORAGE_KEY, cartItemCount } from '../../shared/domain/cart-storage.js';

interface CartState {
  items: CartItem[];
  /** False until the saved cart has been read back and checked. */
  hydrated: boolean;
  setItems(items: CartItem[]): void;
}

export const useCartStore = create<CartState>((set) => ({
  items: [],
  hydrated: false,
  setItems: (items) => set({ items }),
}));

/** Reads the saved cart once, with the domain's parser (which drops what cannot be read back). */
export function hydrateWith(parse: (raw: string | null) => CartItem[]): void {
  if (useCartStore.getState().hydrated) return;
  let saved: CartItem[] = [];
  try {
    saved = parse(localStorage.getItem(CART_STORAGE_KEY));
  } catch (e) {
    // Storage blocked (private browsing, a policy) or the saved cart unreadable: the visit starts empty.
    console.warn('Saved cart not read:', e);
  }
  useCartStore.setState({ hydrated: true, items: saved });
}

/**
 * The parser needs zod (the cart's rules), so the first page loads it when the browser is idle, and only if
 * there is a saved cart: a first visit has none, and reads no more code for it.
 */
export async function hydrateCart(): Promise<void> {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(CART_STORAGE_KEY);
  } catch (e) {
    console.warn('Saved cart not read:', e);
  }
  if (saved === null) return hydrateWith(() => []);
  const { parsePersistedCart } = await import('../../shared/domain/cart.js');
  hydrateWith(parsePersistedCart);
}

useCartStore.subscribe((s, prev) => {
  if (!s.hydrated || s.items === prev.items) return;
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(s.items));
  } catch (e) {
    // Storage full or blocked: the cart still works in this page, it is only not kept for the next visit.
    console.warn('Cart not saved:', e);
  }
});

export { cartItemCount };
