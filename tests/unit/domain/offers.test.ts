import { describe, expect, it } from 'vitest';
import {
  liveOffers,
  offerProblem,
  offerSpecialPrices,
  offerStatus,
  type Offer,
} from '../../../src/shared/domain/offers.js';
import { fr } from '../../../src/shop/i18n/fr.js';

const offer = (startsOn: string, endsOn: string, extra: Partial<Offer> = {}): Offer => ({
  id: 1,
  title: 'Poulet grillé entier',
  body: '',
  imageUrl: null,
  rule: { itemId: '32', price: 12.5, method: 'pickup' },
  startsOn,
  endsOn,
  ...extra,
});

describe('offers', () => {
  it('are live from their first to their last Luxembourg day, both included', () => {
    const o = offer('2025-10-10', '2025-10-13');
    expect(['2025-10-09', '2025-10-10', '2025-10-13', '2025-10-14'].map((d) => offerStatus(o, d))).toEqual([
      'upcoming',
      'live',
      'live',
      'ended',
    ]);
    const list = [offer('2025-10-01', '2025-10-20', { id: 2 }), o, offer('2025-11-01', '2025-11-02', { id: 3 })];
    expect(liveOffers(list, '2025-10-12').map((x) => x.id)).toEqual([1, 2]);
    expect(liveOffers(list, '2025-10-14').map((x) => x.id)).toEqual([2]);
  });

  it('give the cart their price rules, "both" as a method-less price', () => {
    expect(
      offerSpecialPrices([
        offer('2025-10-10', '2025-10-13'),
        offer('2025-10-10', '2025-10-13', { rule: { itemId: 'bo-3', price: 2, method: 'both' } }),
        offer('2025-10-10', '2025-10-13', { rule: null }),
      ]),
    ).toEqual([
      { itemId: '32', price: 12.5, method: 'pickup', from: '2025-10-10', until: '2025-10-13' },
      { itemId: 'bo-3', price: 2, from: '2025-10-10', until: '2025-10-13' },
    ]);
  });

  it('refuse a draft the database would refuse, naming the first problem', () => {
    const ok = { title: 'Offre', body: '', rule: null, startsOn: '2026-01-10', endsOn: '2026-01-12' };
    const today = '2026-01-01';
    const rule = { itemId: '32', price: 12.5, method: 'pickup' as const };
    expect(offerProblem(ok, today)).toBeNull();
    expect(offerProblem({ ...ok, rule }, today)).toBeNull();
    expect(offerProblem({ ...ok, title: ' ' }, today)).toBe('title');
    expect(offerProblem({ ...ok, title: 'x'.repeat(81) }, today)).toBe('title');
    expect(offerProblem({ ...ok, title: 'a\nb' }, today)).toBe('title');
    expect(offerProblem({ ...ok, body: 'x'.repeat(301) }, today)).toBe('body');
    expect(offerProblem({ ...ok, rule: { ...rule, itemId: '' } }, today)).toBe('item');
    for (const price of [null, 0, -1, 1000.01, 1.005])
      expect(offerProblem({ ...ok, rule: { ...rule, price } }, today)).toBe('price');
    expect(offerProblem({ ...ok, rule: { ...rule, price: 1000 } }, today)).toBeNull();
    expect(offerProblem({ ...ok, startsOn: '' }, today)).toBe('dates');
    expect(offerProblem({ ...ok, endsOn: '2026-01-09' }, today)).toBe('order');
    expect(offerProblem({ ...ok, endsOn: '2028-01-11' }, today)).toBe('span');
    expect(offerProblem({ ...ok, startsOn: '2028-01-02', endsOn: '2028-01-03' }, today)).toBe('ahead');
  });

  it('say their dates in French as the home page did', () => {
    expect(fr.home.offer.dates('2025-10-10', '2025-10-13', '2025-10-01')).toBe('Du 10 au 13 octobre');
    expect(fr.home.offer.dates('2025-10-28', '2025-11-02', '2025-10-01')).toBe('Du 28 octobre au 2 novembre');
    expect(fr.home.offer.dates('2025-12-01', '2025-12-01', '2025-10-01')).toBe('Le 1er décembre');
    expect(fr.home.offer.dates('2025-12-30', '2026-01-02', '2025-12-01')).toBe('Du 30 décembre 2025 au 2 janvier 2026');
    expect(fr.home.offer.dates('2027-03-01', '2027-03-05', '2026-11-25')).toBe('Du 1er au 5 mars 2027');
  });
});
