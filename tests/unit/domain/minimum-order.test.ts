import { describe, expect, it } from 'vitest';
import { minimumOrderWarning, missingForMinimum } from '../../../src/shared/domain/minimum-order.js';

describe('minimum order', () => {
  it('is 20 euros on the subtotal for delivery, none for pickup', () => {
    expect(missingForMinimum(15.5, 'delivery')).toBe(4.5);
    expect(missingForMinimum(19.99, 'delivery')).toBe(0.01);
    expect(missingForMinimum(20, 'delivery')).toBe(0);
    expect(missingForMinimum(3, 'pickup')).toBe(0);
  });

  it('warns in the cart with two decimals', () => {
    expect(minimumOrderWarning(15.5, 'delivery')).toBe(
      'Il vous manque 4,50€ pour atteindre le minimum de 20,00€ pour la commande.',
    );
    expect(minimumOrderWarning(0, 'delivery')).toBe(
      'Il vous manque 20,00€ pour atteindre le minimum de 20,00€ pour la commande.',
    );
    expect(minimumOrderWarning(25, 'delivery')).toBeNull();
    expect(minimumOrderWarning(1, 'pickup')).toBeNull();
  });
});
