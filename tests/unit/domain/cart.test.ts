import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cartAgainstMenu,
  cartItemCount,
  cartSubtotal,
  decrementLine,
  incrementLine,
  lineTotal,
  markCartSeen,
  parsePersistedCart,
  removeLine,
  serialiseCart,
  setLineQuantity,
  toOrderItems,
} from '../../../src/shared/domain/cart.js';
import type { CartItem } from '../../../src/shared/domain/cart-item.js';
import { chicken, fries, item, juice, kids } from './menu-fixtures.js';

const add = (cart: CartItem[], ...args: Parameters<typeof addToCart> extends [unknown, ...infer R] ? R : never) =>
  addToCart(cart, ...args);

describe('adding to the cart', () => {
  it('adds a new line, then merges the same item into it', () => {
    const first = add([], chicken);
    expect(first.ok).toBe(true);
    expect(first.toast).toEqual({ key: 'item_added' });
    expect(first.items).toEqual([
      {
        id: '32',
        menuItemId: '32',
        name: 'Poulet grillé entier',
        price: 15,
        quantity: 1,
        options: [],
        imageSrc: null,
        uniqueId: '32',
      },
    ]);
    const second = add(first.items, chicken, { quantity: 2 });
    expect(second.items).toHaveLength(1);
    expect(second.items[0]!.quantity).toBe(3);
    expect(second.toast).toEqual({ key: 'quantity_updated' });
  });

  it('keeps the same item with different options on separate lines', () => {
    const sauce = { id: 'piri', name: 'Sauce piri-piri', price: 1 };
    const a = add([], fries).items;
    const b = add(a, fries, { options: [sauce] }).items;
    expect(b.map((l) => l.uniqueId)).toEqual(['cnf-1', 'cnf-1_piri']);
    const c = add(b, fries, { options: [sauce] }).items;
    expect(c.map((l) => [l.uniqueId, l.quantity])).toEqual([
      ['cnf-1', 1],
      ['cnf-1_piri', 2],
    ]);
    expect(lineTotal(c[1]!)).toBe(9);
  });

  it('refuses an unavailable item with the spec toast and leaves the cart alone', () => {
    const start = add([], fries).items;
    const r = add(start, juice);
    expect(r).toEqual({
      ok: false,
      items: start,
      toast: { key: 'item_unavailable' },
    });
    expect(add([], item({ id: 'x', categoryId: 'desserts', name: 'Bientôt', price: 5, type: 'comingSoon' })).ok).toBe(
      false,
    );
  });

  it('puts each kids-menu dish on its own line', () => {
    const r1 = add([], kids, { kidsOption: 'quarter_chicken' });
    expect(r1.items[0]).toMatchObject({
      id: 'k1_quarter_chicken',
      uniqueId: 'k1_quarter_chicken',
      menuItemId: 'k1',
      name: 'Menu Enfant (1/4 de poulet)',
      kidsOption: 'quarter_chicken',
      price: 9.8,
    });
    expect(r1.toast).toEqual({ key: 'added_to_cart', lineName: 'Menu Enfant (1/4 de poulet)' });
    const r2 = add(r1.items, kids, { kidsOption: 'nuggets' });
    const r3 = add(r2.items, kids, { kidsOption: 'nuggets' });
    expect(r3.items.map((l) => [l.id, l.quantity])).toEqual([
      ['k1_quarter_chicken', 1],
      ['k1_nuggets', 2],
    ]);
    expect(add([], kids).toast?.key).toBe('option_required');
    expect(add([], kids, { kidsOption: 'wings' }).ok).toBe(true);
  });

  it('refuses a quantity that is not a positive whole number', () => {
    expect(add([], chicken, { quantity: 0 }).ok).toBe(false);
    expect(add([], chicken, { quantity: 1.5 }).ok).toBe(false);
  });
});

describe('changing quantities', () => {
  const cart = add(add([], chicken).items, fries, { quantity: 2 }).items;

  it('increments and decrements, and removes at zero', () => {
    expect(incrementLine(cart, '32').items[0]!.quantity).toBe(2);
    expect(decrementLine(cart, 'cnf-1').items[1]!.quantity).toBe(1);
    const removed = decrementLine(cart, '32');
    expect(removed.items.map((l) => l.uniqueId)).toEqual(['cnf-1']);
    expect(removed.toast).toEqual({ key: 'item_removed' });
    expect(setLineQuantity(cart, 'cnf-1', -3).items.map((l) => l.uniqueId)).toEqual(['32']);
    expect(setLineQuantity(cart, 'cnf-1', 5).items[1]!.quantity).toBe(5);
  });

  it('stops a line at the 99 the server takes, and says so', () => {
    const full = setLineQuantity(cart, '32', 99).items;
    expect(full[0]!.quantity).toBe(99);
    expect(incrementLine(full, '32')).toEqual({ ok: false, items: full, toast: { key: 'quantity_max' } });
    expect(setLineQuantity(cart, '32', 100)).toMatchObject({ ok: false, toast: { key: 'quantity_max' } });
    expect(add(full, chicken)).toMatchObject({ ok: false, items: full, toast: { key: 'quantity_max' } });
    expect(add(cart, fries, { quantity: 98 })).toMatchObject({ ok: false, toast: { key: 'quantity_max' } });
  });

  it('removes a line with the spec toast; unknown lines change nothing', () => {
    expect(removeLine(cart, '32')).toMatchObject({
      ok: true,
      toast: { key: 'item_deleted' },
    });
    expect(removeLine(cart, 'nope')).toEqual({ ok: false, items: cart });
    expect(incrementLine(cart, 'nope').ok).toBe(false);
    expect(setLineQuantity(cart, '32', Number.NaN).ok).toBe(false);
  });

  it('does not mutate the cart it was given', () => {
    const copy = structuredClone(cart);
    incrementLine(cart, '32');
    removeLine(cart, '32');
    add(cart, chicken);
    expect(cart).toEqual(copy);
  });
});

describe('totals', () => {
  it('sums line totals in cents and counts units', () => {
    let cart = add([], item({ id: 'a', categoryId: 'boissons', name: 'A', price: 0.1 })).items;
    cart = add(cart, item({ id: 'b', categoryId: 'boissons', name: 'B', price: 0.2 })).items;
    expect(cartSubtotal(cart)).toBe(0.3);
    cart = add(cart, fries, { quantity: 3 }).items;
    expect(cartSubtotal(cart)).toBe(10.8);
    expect(cartItemCount(cart)).toBe(5);
    expect(cartSubtotal([])).toBe(0);
  });

  it('applies the special price of the menu item for pickup on the offer days', () => {
    const cart = add([], chicken, { quantity: 2 }).items;
    const specialPrices = [
      { itemId: '32', price: 12.5, method: 'pickup' as const, from: '2025-10-10', until: '2025-10-13' },
    ];
    expect(cartSubtotal(cart, { method: 'pickup', date: '2025-10-12', specialPrices })).toBe(25);
    expect(cartSubtotal(cart, { method: 'delivery', date: '2025-10-12', specialPrices })).toBe(30);
    expect(cartSubtotal(cart, { method: 'pickup', date: '2025-10-12' })).toBe(30);
    expect(toOrderItems(cart, { method: 'pickup', date: '2025-10-12', specialPrices })).toEqual([
      { id: '32', name: 'Poulet grillé entier', quantity: 2, price: 12.5, options: [] },
    ]);
  });
});

describe('persisted cart', () => {
  it('round-trips through JSON', () => {
    const cart = add(add([], chicken).items, kids, { kidsOption: 'wings' }).items;
    expect(parsePersistedCart(serialiseCart(cart))).toEqual(cart);
  });

  it('gives an empty cart for missing or bad JSON or a non-list', () => {
    expect(parsePersistedCart(null)).toEqual([]);
    expect(parsePersistedCart('{oops')).toEqual([]);
    expect(parsePersistedCart('{"id":"32"}')).toEqual([]);
    expect(parsePersistedCart('null')).toEqual([]);
  });

  it('drops unreadable lines, keeps the others, reads old lines without menuItemId', () => {
    const raw = JSON.stringify([
      { id: '32', name: 'Poulet', price: 15, quantity: 1, options: [], uniqueId: '32' },
      { id: 'x', name: 'Broken', price: 'free', quantity: 1, uniqueId: 'x' },
      { id: 'y', name: 'Zero', price: 1, quantity: 0, uniqueId: 'y' },
      { id: '32', name: 'Duplicate', price: 15, quantity: 1, options: [], uniqueId: '32' },
    ]);
    expect(parsePersistedCart(raw)).toEqual([
      { id: '32', menuItemId: '32', name: 'Poulet', price: 15, quantity: 1, options: [], uniqueId: '32' },
    ]);
  });
});

describe('the cart against the live menu (what changed since the customer last saw it)', () => {
  const ctx = { method: 'pickup' as const, date: '2026-11-23' };
  const cart = add([], chicken).items;

  it('a repriced dish: the live price and the change from the price seen, until it is marked seen', () => {
    const repriced = [{ ...chicken, price: 17.5 }, fries, juice];
    const priced = cartAgainstMenu(cart, repriced, ctx);
    expect(priced.lines[0]!.price).toBe(17.5);
    expect(priced.changes).toEqual([{ kind: 'price', uniqueId: '32', name: chicken.name, from: 15, to: 17.5 }]);
    const seen = markCartSeen(cart, repriced, []);
    expect(cartAgainstMenu(seen, repriced, ctx).changes).toEqual([]);
    expect(cartSubtotal(cartAgainstMenu(seen, repriced, ctx).lines, ctx)).toBe(17.5);
  });

  it('an offer that starts or ends is a change; the method or day the customer picks is not', () => {
    const menu = [chicken, fries];
    const seen = markCartSeen(cart, menu, []);
    const offer = { itemId: '32', price: 12.5, method: 'pickup' as const, from: '2026-11-23', until: '2026-11-23' };
    const live = { ...ctx, specialPrices: [offer] };
    expect(cartAgainstMenu(seen, menu, live).changes).toEqual([
      { kind: 'price', uniqueId: '32', name: chicken.name, from: 15, to: 12.5 },
    ]);
    const withOffer = markCartSeen(seen, menu, [offer]);
    expect(cartAgainstMenu(withOffer, menu, live).changes).toEqual([]);
    // Delivery: the offer does not apply, on either side.
    expect(cartAgainstMenu(withOffer, menu, { ...live, method: 'delivery' }).changes).toEqual([]);
    // The offer removed: back to 15,00 €.
    expect(cartAgainstMenu(withOffer, menu, { ...ctx, specialPrices: [] }).changes).toEqual([
      { kind: 'price', uniqueId: '32', name: chicken.name, from: 12.5, to: 15 },
    ]);
  });

  it('a dish made unavailable or gone is marked, told once, and stays until removed', () => {
    const menu = [{ ...chicken, unavailable: true }];
    const priced = cartAgainstMenu(cart, menu, ctx);
    expect([...priced.unavailable]).toEqual(['32']);
    expect(priced.changes).toEqual([{ kind: 'unavailable', uniqueId: '32', name: chicken.name }]);
    const seen = markCartSeen(cart, menu, []);
    expect(cartAgainstMenu(seen, menu, ctx).changes).toEqual([]);
    expect([...cartAgainstMenu(seen, [], ctx).unavailable]).toEqual(['32']);
    // Available again: an ordinary line, seen afresh.
    expect(cartAgainstMenu(markCartSeen(seen, [chicken], []), [chicken], ctx).unavailable.size).toBe(0);
  });

  it('the seen prices and offers are kept with the saved cart', () => {
    const seen = markCartSeen(cart, [chicken], []);
    expect(parsePersistedCart(serialiseCart(seen))).toEqual(seen);
  });
});
