import '../zod-setup.js';
import { z } from 'zod';
import {
  cartItemSchema,
  cartItemUniqueId,
  kidsMenuLineId,
  kidsMenuLineName,
  type CartItem,
  type CartOption,
} from './cart-item.js';
import { MAX_LINE_QUANTITY } from './cart-limits.js';
import type { KidsMenuOptionId, MenuItem } from './menu.js';
import { isOrderable } from './menu.js';
import { fromCents, toCents } from './money.js';
import type { OrderItem } from './order.js';
import { unitPrice, type PriceContext, type SpecialPrice } from './pricing.js';

export { CART_STORAGE_KEY, cartItemCount } from './cart-storage.js';

export type CartToastKey =
  | 'item_added'
  | 'quantity_updated'
  | 'quantity_max'
  | 'item_removed'
  | 'added_to_cart'
  | 'item_deleted'
  | 'item_unavailable'
  | 'option_required';

/** What happened to the cart, as a code; the shop's catalogue words it (`fr.cartToasts`). */
export interface CartToast {
  key: CartToastKey;
  /** The line concerned, for the toasts that name it (a kids menu added). */
  lineName?: string;
}

const toastOf = (key: CartToastKey, lineName?: string): CartToast => (lineName ? { key, lineName } : { key });

export interface CartChange {
  /** False when the cart was left as it was (unavailable item, missing kids-menu choice, unknown line). */
  ok: boolean;
  items: CartItem[];
  toast?: CartToast;
}

export interface AddChoice {
  quantity?: number;
  options?: CartOption[];
  kidsOption?: KidsMenuOptionId;
}

/**
 * Adds a menu item. The same item with the same options increments the existing line. A kids menu
 * needs its dish chosen and becomes its own line "<item>_<dish>" named "<item> (<dish>)".
 */
export function addToCart(cart: readonly CartItem[], item: MenuItem, choice: AddChoice = {}): CartChange {
  const quantity = choice.quantity ?? 1;
  if (!Number.isInteger(quantity) || quantity < 1) return { ok: false, items: [...cart] };
  if (!isOrderable(item)) return { ok: false, items: [...cart], toast: toastOf('item_unavailable') };

  let line: CartItem;
  let toast: CartToast;
  if (item.isKidsMenuWithOptions) {
    const dish = item.options.find((o) => o.id === choice.kidsOption);
    if (!dish) return { ok: false, items: [...cart], toast: toastOf('option_required') };
    const id = kidsMenuLineId(item.id, dish.id);
    const name = kidsMenuLineName(item, dish);
    line = {
      id,
      menuItemId: item.id,
      name,
      price: item.price,
      quantity,
      options: [],
      kidsOption: dish.id,
      imageSrc: item.imageSrc,
      uniqueId: id,
    };
    toast = toastOf('added_to_cart', name);
  } else {
    const options = choice.options ?? [];
    line = {
      id: item.id,
      menuItemId: item.id,
      name: item.name,
      price: item.price,
      quantity,
      options,
      imageSrc: item.imageSrc,
      uniqueId: cartItemUniqueId(item.id, options),
    };
    toast = toastOf('item_added');
  }

  const existing = cart.find((l) => l.uniqueId === line.uniqueId);
  if ((existing?.quantity ?? 0) + quantity > MAX_LINE_QUANTITY)
    return { ok: false, items: [...cart], toast: toastOf('quantity_max') };
  if (!existing) return { ok: true, items: [...cart, line], toast };
  return {
    ok: true,
    items: cart.map((l) => (l === existing ? { ...l, quantity: l.quantity + quantity } : l)),
    toast: item.isKidsMenuWithOptions ? toast : toastOf('quantity_updated'),
  };
}

/**
 * Sets a line's quantity; zero or less removes the line. Above MAX_LINE_QUANTITY (what the server takes for one
 * line) the cart stays as it is and says why.
 */
export function setLineQuantity(cart: readonly CartItem[], uniqueId: string, quantity: number): CartChange {
  const line = cart.find((l) => l.uniqueId === uniqueId);
  if (!line || !Number.isFinite(quantity)) return { ok: false, items: [...cart] };
  if (quantity <= 0) return { ok: true, items: cart.filter((l) => l !== line), toast: toastOf('item_removed') };
  const q = Math.floor(quantity);
  if (q > MAX_LINE_QUANTITY) return { ok: false, items: [...cart], toast: toastOf('quantity_max') };
  return {
    ok: true,
    items: cart.map((l) => (l === line ? { ...l, quantity: q } : l)),
    toast: toastOf('quantity_updated'),
  };
}

export function incrementLine(cart: readonly CartItem[], uniqueId: string): CartChange {
  const line = cart.find((l) => l.uniqueId === uniqueId);
  return line ? setLineQuantity(cart, uniqueId, line.quantity + 1) : { ok: false, items: [...cart] };
}

/** At quantity 1 the minus button is a trash button: decrementing removes the line. */
export function decrementLine(cart: readonly CartItem[], uniqueId: string): CartChange {
  const line = cart.find((l) => l.uniqueId === uniqueId);
  return line ? setLineQuantity(cart, uniqueId, line.quantity - 1) : { ok: false, items: [...cart] };
}

export function removeLine(cart: readonly CartItem[], uniqueId: string): CartChange {
  if (!cart.some((l) => l.uniqueId === uniqueId)) return { ok: false, items: [...cart] };
  return { ok: true, items: cart.filter((l) => l.uniqueId !== uniqueId), toast: toastOf('item_deleted') };
}

/** The price of one unit of the line, options included, with any special price of its menu item. */
export function lineUnitPriceCents(line: CartItem, ctx?: PriceContext): number {
  const base = ctx ? unitPrice({ id: line.menuItemId, price: line.price }, ctx) : line.price;
  return line.options.reduce((sum, o) => sum + toCents(o.price), toCents(base));
}

export function lineTotal(line: CartItem, ctx?: PriceContext): number {
  return fromCents(lineUnitPriceCents(line, ctx) * line.quantity);
}

export function cartSubtotal(cart: readonly CartItem[], ctx?: PriceContext): number {
  return fromCents(cart.reduce((sum, l) => sum + lineUnitPriceCents(l, ctx) * l.quantity, 0));
}

/** The order's order_items: the cart lines without uniqueId, at the prices that apply. */
export function toOrderItems(cart: readonly CartItem[], ctx?: PriceContext): OrderItem[] {
  return cart.map((l) => ({
    id: l.id,
    name: l.name,
    quantity: l.quantity,
    price: ctx ? unitPrice({ id: l.menuItemId, price: l.price }, ctx) : l.price,
    options: l.options.map((o) => ({ id: o.id, name: o.name, price: o.price })),
  }));
}

/** Older carts were stored without menuItemId; their line id was the menu id. */
const persistedLineSchema = z.preprocess(
  (v) =>
    v && typeof v === 'object' && !('menuItemId' in v) && 'id' in v
      ? { ...v, menuItemId: (v as { id: unknown }).id }
      : v,
  cartItemSchema,
);

/**
 * Reads localStorage "cartItems". Bad JSON or a value that is not a list gives an empty cart;
 * a line that no longer reads as a cart line is dropped, the others are kept.
 */
export function parsePersistedCart(raw: string | null | undefined): CartItem[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const lines: CartItem[] = [];
  for (const entry of data) {
    const parsed = persistedLineSchema.safeParse(entry);
    if (parsed.success && !lines.some((l) => l.uniqueId === parsed.data.uniqueId)) lines.push(parsed.data);
  }
  return lines;
}

export function serialiseCart(cart: readonly CartItem[]): string {
  return JSON.stringify(cart);
}

/** What changed on a cart line since the customer last saw the cart: a price (offers included) or availability. */
export type CartLineChange =
  | { kind: 'price'; uniqueId: string; name: string; from: number; to: number }
  | { kind: 'unavailable'; uniqueId: string; name: string };

/**
 * The cart as the live menu prices it: each line at its dish's and extras' current prices (the line keeps what
 * the customer last saw: `price`, the options' prices and `seenOffers`), the lines that can no longer be ordered,
 * and what changed since the customer last saw the cart, for the day and method of the order (`ctx`).
 */
export function cartAgainstMenu(
  cart: readonly CartItem[],
  menu: readonly MenuItem[],
  ctx: PriceContext,
): { lines: CartItem[]; unavailable: Set<string>; changes: CartLineChange[] } {
  const byId = new Map(menu.map((m) => [m.id, m]));
  const unavailable = new Set<string>();
  const changes: CartLineChange[] = [];
  const lines = cart.map((line) => {
    const item = byId.get(line.menuItemId);
    if (!item || !isOrderable(item) || line.options.some((o) => !byId.has(o.id) || !isOrderable(byId.get(o.id)!))) {
      unavailable.add(line.uniqueId);
      if (!line.seenUnavailable) changes.push({ kind: 'unavailable', uniqueId: line.uniqueId, name: line.name });
      return line;
    }
    const live: CartItem = {
      ...line,
      price: item.price,
      options: line.options.map((o) => ({ ...o, price: byId.get(o.id)!.price })),
    };
    const seenCtx = line.seenOffers ? { ...ctx, specialPrices: line.seenOffers } : ctx;
    const from = lineUnitPriceCents(line, seenCtx);
    const to = lineUnitPriceCents(live, ctx);
    if (from !== to)
      changes.push({
        kind: 'price',
        uniqueId: line.uniqueId,
        name: line.name,
        from: fromCents(from),
        to: fromCents(to),
      });
    return live;
  });
  return { lines, unavailable, changes };
}

/**
 * The cart once the customer has seen the live prices: each line keeps the current prices and offers as the ones
 * seen, and an unavailable line is marked as seen (it stays, marked, until removed).
 */
export function markCartSeen(
  cart: readonly CartItem[],
  menu: readonly MenuItem[],
  specialPrices: readonly SpecialPrice[],
): CartItem[] {
  const byId = new Map(menu.map((m) => [m.id, m]));
  return cart.map((line) => {
    const item = byId.get(line.menuItemId);
    if (!item || !isOrderable(item) || line.options.some((o) => !byId.has(o.id) || !isOrderable(byId.get(o.id)!)))
      return { ...line, seenUnavailable: true };
    const ids = new Set([line.menuItemId, ...line.options.map((o) => o.id)]);
    const { seenUnavailable: _gone, ...rest } = line;
    return {
      ...rest,
      price: item.price,
      options: line.options.map((o) => ({ ...o, price: byId.get(o.id)!.price })),
      seenOffers: specialPrices.filter((s) => ids.has(s.itemId)),
    };
  });
}
