import { describe, expect, it } from 'vitest';
import { specialPriceFor, unitPrice } from '../../../src/shared/domain/pricing.js';

const chicken = { id: '32', price: 15 };
// The seeded offer's price rule as the shop reads it from public.offers.
const specialPrices = [
  { itemId: '32', price: 12.5, method: 'pickup' as const, from: '2025-10-10', until: '2025-10-13' },
];

describe('special prices', () => {
  it('apply to pickup over the whole window, both ends inclusive', () => {
    expect(unitPrice(chicken, { method: 'pickup', date: '2025-10-09', specialPrices })).toBe(15);
    expect(unitPrice(chicken, { method: 'pickup', date: '2025-10-10', specialPrices })).toBe(12.5);
    expect(unitPrice(chicken, { method: 'pickup', date: '2025-10-13', specialPrices })).toBe(12.5);
    expect(unitPrice(chicken, { method: 'pickup', date: '2025-10-14', specialPrices })).toBe(15);
  });

  it('do not apply to delivery, other items or unreadable dates', () => {
    expect(unitPrice(chicken, { method: 'delivery', date: '2025-10-11', specialPrices })).toBe(15);
    expect(unitPrice({ id: '33', price: 8 }, { method: 'pickup', date: '2025-10-11', specialPrices })).toBe(8);
    expect(specialPriceFor('32', { method: 'pickup', date: '2025-13-11', specialPrices })).toBeUndefined();
  });

  it('are data only: without rows the menu price applies, a method-less price applies to both', () => {
    const other = [{ itemId: 'cnf-1', price: 2, from: '2026-01-01', until: '2026-01-01' }];
    expect(
      unitPrice({ id: 'cnf-1', price: 3.5 }, { method: 'delivery', date: '2026-01-01', specialPrices: other }),
    ).toBe(2);
    expect(unitPrice(chicken, { method: 'pickup', date: '2025-10-11', specialPrices: other })).toBe(15);
    expect(unitPrice(chicken, { method: 'pickup', date: '2025-10-11' })).toBe(15);
  });
});
