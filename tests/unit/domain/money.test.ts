import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatEuro,
  formatEuroCompact,
  fromCents,
  isDishPrice,
  multiplyEuros,
  parseEuroPrice,
  sumEuros,
  toCents,
} from '../../../src/shared/domain/money.js';

describe('money', () => {
  it('adds in cents, so 0.1 + 0.2 is exactly 0.3', () => {
    expect(sumEuros([0.1, 0.2])).toBe(0.3);
    expect(sumEuros([19.49, 3.86, 2.87])).toBe(26.22);
    expect(multiplyEuros(12.3, 3)).toBe(36.9);
  });

  it('rounds euros to whole cents, absorbing binary noise', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(25.64)).toBe(2564);
    expect(toCents(-2.5)).toBe(-250);
    expect(fromCents(1250)).toBe(12.5);
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
  });

  it('formats in French with two decimals', () => {
    expect(formatEuro(12.5)).toBe('12,50 €');
    expect(formatEuro(0)).toBe('0,00 €');
    expect(formatEuro(1234.5)).toBe('1234,50 €');
    expect(formatEuro(-3)).toBe('-3,00 €');
    expect(formatEuroCompact(4.5)).toBe('4,50€');
    expect(formatAmount(0.07)).toBe('0,07');
  });

  it('reads text prices with € and a comma', () => {
    expect(parseEuroPrice('12,50 €')).toBe(12.5);
    expect(parseEuroPrice('€ 3,86')).toBe(3.86);
    expect(parseEuroPrice('7.2')).toBe(7.2);
    expect(parseEuroPrice(9.8)).toBe(9.8);
    expect(parseEuroPrice('douze')).toBeNull();
    expect(parseEuroPrice('')).toBeNull();
    expect(parseEuroPrice(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseEuroPrice(null)).toBeNull();
  });
});

describe('a dish price', () => {
  it('is 0,01 to 1000 € in whole cents; a « coming soon » card may stay at 0', () => {
    for (const p of [0.01, 12.5, 19.49, 1000]) expect(isDishPrice(p), String(p)).toBe(true);
    for (const p of [0.004, 0, -1, 12.345, 1000.01, 1e20, Number.NaN, null])
      expect(isDishPrice(p), String(p)).toBe(false);
    expect(isDishPrice(0, true)).toBe(true);
    expect(isDishPrice(-1, true)).toBe(false);
  });
});
