import { create } from 'zustand';
import type { CartItem } from '../../shared/domain/index.js';

const STORAGE_KEY = 'cartItems';

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

/** Reads the saved cart (the domain drops what cannot be read back). Loaded lazily: it needs zod. */
export async function hydrateCart(): Promise<void> {
  if (useCartStore.getState().hydrated) return;
  const { parsePersistedCart } = await import('../../shared/domain/cart.js');
  let saved: CartItem[] = [];
  try {
    saved = parsePersistedCart(localStorage.getItem(STORAGE_KEY));
  } catch {}
  const { hydrated, items } = useCartStore.getState();
  if (!hydrated) useCartStore.setState({ hydrated: true, items: items.length ? items : saved });
}

useCartStore.subscribe((s, prev) => {
  if (!s.hydrated || s.items === prev.items) return;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(s.items));
  } catch {}
});

export const cartCount = (items: readonly CartItem[]) => items.reduce((n, i) => n + i.quantity, 0);
