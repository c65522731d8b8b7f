import { describe, expect, it } from 'vitest';
import { deliveryFeeFor, validateZoneList } from '../../../src/shared/domain/delivery-zones.js';

const zones = [
  { name: 'Differdange', fee: 2.5 },
  { name: 'Esch-sur-Alzette', fee: 4 },
  { name: 'Pétange', fee: 3.1 },
];

describe('delivery fee for a city', () => {
  it('matches a zone name trimmed and case-insensitively', () => {
    expect(deliveryFeeFor('  differdange ', zones)).toEqual({
      fee: 2.5,
      message: 'Frais de livraison pour Differdange : 2,50 €',
      zone: zones[0],
    });
    expect(deliveryFeeFor('ESCH-SUR-ALZETTE', zones).fee).toBe(4);
    expect(deliveryFeeFor('PÉTANGE', zones).message).toBe('Frais de livraison pour Pétange : 3,10 €');
  });

  it('is exact otherwise: no accent folding, no partial match', () => {
    expect(deliveryFeeFor('Petange', zones)).toEqual({
      fee: null,
      message: 'Désolé, nous ne livrons pas dans cette zone.',
      zone: null,
    });
    expect(deliveryFeeFor('Esch', zones).fee).toBeNull();
    expect(deliveryFeeFor('Differdange Centre', zones).fee).toBeNull();
  });

  it('says nothing for an empty city', () => {
    expect(deliveryFeeFor('', zones)).toEqual({ fee: null, message: null, zone: null });
    expect(deliveryFeeFor('   ', zones)).toEqual({ fee: null, message: null, zone: null });
    expect(deliveryFeeFor(undefined, zones)).toEqual({ fee: null, message: null, zone: null });
  });

  it('accepts a free zone', () => {
    expect(deliveryFeeFor('Lasauvage', [{ name: 'Lasauvage', fee: 0 }])).toMatchObject({
      fee: 0,
      message: 'Frais de livraison pour Lasauvage : 0,00 €',
    });
  });
});

describe('zone list validation (admin editor)', () => {
  it('accepts names and fees, trimming and rounding to cents', () => {
    expect(
      validateZoneList([
        { name: ' Differdange ', fee: '2,5' },
        { name: 'Sanem', fee: 3 },
        { name: 'Niederkorn', fee: '0' },
      ]),
    ).toEqual({
      ok: true,
      zones: [
        { name: 'Differdange', fee: 2.5 },
        { name: 'Sanem', fee: 3 },
        { name: 'Niederkorn', fee: 0 },
      ],
    });
    expect(validateZoneList([])).toEqual({ ok: true, zones: [] });
  });

  it('requires every name and fee', () => {
    expect(
      validateZoneList([
        { name: 'Sanem', fee: '3' },
        { name: '  ', fee: '2' },
      ]),
    ).toEqual({ ok: false, problem: 'required', index: 1, name: '' });
    expect(validateZoneList([{ name: 'Sanem', fee: '' }])).toMatchObject({ ok: false, index: 0 });
  });

  it('refuses a fee that is not a number, or negative', () => {
    expect(validateZoneList([{ name: ' Sanem ', fee: 'trois' }])).toEqual({
      ok: false,
      problem: 'fee_invalid',
      index: 0,
      name: 'Sanem',
    });
    expect(validateZoneList([{ name: 'Sanem', fee: '-1' }])).toMatchObject({ ok: false, problem: 'fee_invalid' });
    expect(validateZoneList([{ name: 'Sanem', fee: Number.NaN }])).toMatchObject({ ok: false });
  });

  it('refuses the same city twice', () => {
    expect(
      validateZoneList([
        { name: 'Sanem', fee: 1 },
        { name: 'sanem ', fee: 2 },
      ]),
    ).toEqual({ ok: false, problem: 'duplicate', index: 1, name: 'sanem' });
  });
});
