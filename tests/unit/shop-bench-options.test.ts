import { describe, expect, it } from 'vitest';
import { formatTable, median, parseShopBenchArgs } from '../../bench/shop-bench-options';

const ROUTES = ['/', '/menu', '/menu/hungryburgers', '/contact', '/suivi-commande'];

describe('bench:shop options', () => {
  it('measures the five routes, five runs and every part by default; SHOP_BENCH_RUNS sets the runs', () => {
    expect(parseShopBenchArgs([], ROUTES)).toEqual({ routes: ROUTES, runs: 5, parts: ['first', 'repeat', 'checkout'] });
    expect(parseShopBenchArgs([], ROUTES, '3').runs).toBe(3);
    expect(parseShopBenchArgs(['--runs', '2'], ROUTES, '3').runs).toBe(2);
  });

  it('takes routes as a list, repeated or inline, and keeps the order of the known routes', () => {
    expect(parseShopBenchArgs(['--routes', '/contact,/menu'], ROUTES).routes).toEqual(['/menu', '/contact']);
    expect(parseShopBenchArgs(['--route', '/contact', '--route=/'], ROUTES).routes).toEqual(['/', '/contact']);
    expect(parseShopBenchArgs(['--runs=1', '--only', 'checkout,first'], ROUTES)).toMatchObject({
      runs: 1,
      parts: ['first', 'checkout'],
    });
    expect(parseShopBenchArgs(['--reports', '/tmp/lh', '--runs', '1'], ROUTES)).toMatchObject({
      reports: '/tmp/lh',
      runs: 1,
    });
  });

  it('refuses what it does not know, naming it', () => {
    expect(() => parseShopBenchArgs(['--routes', '/menu,/panier'], ROUTES)).toThrow(/Unknown route\(s\) \/panier/);
    expect(() => parseShopBenchArgs(['--runs', '0'], ROUTES)).toThrow('--runs must be a whole number ≥ 1, not "0"');
    expect(() => parseShopBenchArgs(['--runs', '2.5'], ROUTES)).toThrow(/whole number/);
    expect(() => parseShopBenchArgs(['--runs'], ROUTES)).toThrow('--runs needs a value');
    expect(() => parseShopBenchArgs(['--reports'], ROUTES)).toThrow('--reports needs a value');
    expect(() => parseShopBenchArgs([], ROUTES, 'five')).toThrow(/SHOP_BENCH_RUNS/);
    expect(() => parseShopBenchArgs(['--only', 'second'], ROUTES)).toThrow(/not second/);
    expect(() => parseShopBenchArgs(['/menu'], ROUTES)).toThrow('Unknown argument "/menu"');
  });
});

describe('median', () => {
  it('is the middle value, the mean of the two middle ones for an even count, ignoring NaN', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([NaN, 7])).toBe(7);
    expect(median([])).toBeNaN();
  });
});

describe('formatTable', () => {
  it('aligns the first column left and the others right, under a rule, with – for a missing number', () => {
    expect(
      formatTable(
        ['route', 'perf', 'LCP ms'],
        [
          ['/', 98, 1210],
          ['/menu', 100, NaN],
        ],
      ),
    ).toBe(['route  perf  LCP ms', '-----  ----  ------', '/        98    1210', '/menu   100       –'].join('\n'));
    expect(() => formatTable(['a', 'b'], [['x']])).toThrow('A row has 1 cells for 2 columns');
  });
});
