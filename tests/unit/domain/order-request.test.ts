import { describe, expect, it } from 'vitest';
import { addToCart } from '../../../src/shared/domain/cart.js';
import { EMPTY_CUSTOMER_INFO } from '../../../src/shared/domain/customer.js';
import {
  isOrderButtonDisabled,
  newOrderRequestId,
  orderRequestFromCart,
  orderRequestSchema,
} from '../../../src/shared/domain/order-request.js';
import { ORDER_RULE_CASES } from '../../shared/order-rule-cases.js';
import { chicken, kids } from './menu-fixtures.js';

describe('order request', () => {
  const cart = addToCart(addToCart([], chicken, { quantity: 2 }).items, kids, { kidsOption: 'quarter_chicken' }).items;
  const customer = { ...EMPTY_CUSTOMER_INFO, name: 'Ana', phone: '621' };

  it('sends menu ids, quantities and the kids dish, never prices', () => {
    const request = orderRequestFromCart(cart, {
      customer,
      deliveryMethod: 'pickup',
      paymentMethod: 'cash',
      isPreorder: false,
      preorderDate: '2026-11-25',
      preorderTime: '12:00',
    });
    expect(request.items).toEqual([
      { menuItemId: '32', quantity: 2 },
      { menuItemId: 'k1', quantity: 1, kidsOption: 'quarter_chicken' },
    ]);
    expect(request.preorderDate).toBeNull();
    expect(request.preorderTime).toBeNull();
    expect(JSON.stringify(request)).not.toContain('price');
    expect(orderRequestSchema.parse(request)).toEqual(request);
  });

  it('parses every shared case and refuses a malformed payload', () => {
    for (const c of ORDER_RULE_CASES) expect(orderRequestSchema.safeParse(c.order).success).toBe(true);
    expect(orderRequestSchema.safeParse({ items: 'all' }).success).toBe(false);
    expect(orderRequestSchema.safeParse({ ...ORDER_RULE_CASES[0]!.order, deliveryMethod: 'drone' }).success).toBe(
      false,
    );
  });

  it('disables the order button while sending, under the minimum, or when closed without pre-order', () => {
    const base = {
      submitting: false,
      subtotal: 25,
      deliveryMethod: 'delivery' as const,
      orderingEnabled: true,
      isPreorder: false,
    };
    expect(isOrderButtonDisabled(base)).toBe(false);
    expect(isOrderButtonDisabled({ ...base, submitting: true })).toBe(true);
    expect(isOrderButtonDisabled({ ...base, subtotal: 19.99 })).toBe(true);
    expect(isOrderButtonDisabled({ ...base, subtotal: 5, deliveryMethod: 'pickup' })).toBe(false);
    expect(isOrderButtonDisabled({ ...base, orderingEnabled: false })).toBe(true);
    expect(isOrderButtonDisabled({ ...base, orderingEnabled: false, isPreorder: true })).toBe(false);
  });
});

describe('newOrderRequestId', () => {
  const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('draws a fresh UUID v4 each time', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newOrderRequestId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(v4);
  });

  it('still draws one on a page without crypto.randomUUID (plain http on the local network)', () => {
    const c = globalThis.crypto as { randomUUID?: unknown };
    const original = c.randomUUID;
    Object.defineProperty(c, 'randomUUID', { value: undefined, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 200 }, () => newOrderRequestId()));
      expect(ids.size).toBe(200);
      for (const id of ids) expect(id).toMatch(v4);
      expect(orderRequestSchema.shape.requestId.safeParse([...ids][0]).success).toBe(true);
    } finally {
      Object.defineProperty(c, 'randomUUID', { value: original, configurable: true });
    }
  });
});
