import { describe, expect, it } from 'vitest';
import { validateOrder } from '../../../src/shared/domain/order-validation.js';
import { ORDER_RULE_CASES, ORDER_RULE_MENU, ORDER_RULE_SPECIAL_PRICES } from '../../shared/order-rule-cases.js';

describe('order rules (cases shared with the database)', () => {
  it('cover every refusal code and names are unique', () => {
    const codes = new Set(ORDER_RULE_CASES.flatMap((c) => (c.expected.ok ? [] : [c.expected.code])));
    expect([...codes].sort()).toEqual([
      'delivery_disabled',
      'empty_cart',
      'invalid_email',
      'invalid_item',
      'invalid_name',
      'invalid_phone',
      'invalid_postal_code',
      'invalid_zone',
      'item_unavailable',
      'minimum_not_met',
      'missing_fields',
      'ordering_closed',
      'outside_hours',
      'preorder_closed_day',
      'preorder_invalid_date',
      'preorder_invalid_time',
      'preorder_missing_datetime',
      'preorder_too_early',
      'preorder_too_soon',
      'total_changed',
    ]);
    expect(new Set(ORDER_RULE_CASES.map((c) => c.name)).size).toBe(ORDER_RULE_CASES.length);
  });

  it.each(ORDER_RULE_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const result = validateOrder({
      now: new Date(c.now),
      settings: c.settings,
      menu: ORDER_RULE_MENU,
      specialPrices: ORDER_RULE_SPECIAL_PRICES,
      order: c.order,
    });
    if (!c.expected.ok) {
      expect(result).toEqual(c.expected);
      return;
    }
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.totals).toEqual(c.expected.totals);
    if (c.expected.items) expect(result.items).toEqual(c.expected.items);
  });
});
