import { describe, expect, it } from 'vitest';
import {
  deliveryFeeFor,
  localitiesOfPostalCode,
  luxPostalCode,
  postalCodesOfTown,
  zoneCoverage,
  sameCity,
  townKey,
  parsePostalCodes,
  validateZoneList,
} from '../../../src/shared/domain/delivery-zones.js';
import { fr } from '../../../src/shop/i18n/fr.js';

/** The line the checkout shows under the city: the domain's quote in the shop's words. */
const lineFor = (...args: Parameters<typeof deliveryFeeFor>) => fr.cart.zoneMessage(deliveryFeeFor(...args));

const zones = [
  { name: 'Differdange', fee: 2.5 },
  { name: 'Esch-sur-Alzette', fee: 4 },
  { name: 'Pétange', fee: 3.1 },
];

describe('delivery fee for a city', () => {
  it('matches a zone name trimmed and case-insensitively', () => {
    expect(lineFor('  differdange ', zones)).toBe('Frais de livraison pour Differdange : 2,50 €');
    expect(deliveryFeeFor('  differdange ', zones)).toEqual({
      fee: 2.5,
      outOfZone: false,
      zone: zones[0],
    });
    expect(deliveryFeeFor('ESCH-SUR-ALZETTE', zones).fee).toBe(4);
    expect(lineFor('PÉTANGE', zones)).toBe('Frais de livraison pour Pétange : 3,10 €');
  });

  it('matches towns as people type them: without accents, in capitals, by their short name', () => {
    expect(deliveryFeeFor('Petange', zones)).toMatchObject({ fee: 3.1, zone: zones[2] });
    expect(deliveryFeeFor('PETANGE', zones).fee).toBe(3.1);
    expect(lineFor('Esch', zones)).toBe('Frais de livraison pour Esch-sur-Alzette : 4,00 €');
    expect(deliveryFeeFor('esch sur alzette', zones).fee).toBe(4);
    expect(deliveryFeeFor('Déifferdeng', zones).fee).toBe(2.5);
    expect(deliveryFeeFor('Differdange Centre', zones).fee).toBeNull();
    expect(deliveryFeeFor('Eschweiler', zones).fee).toBeNull();
    expect(deliveryFeeFor('Eschweiler', zones).outOfZone).toBe(true);
    expect(lineFor('Eschweiler', zones)).toBe('Désolé, nous ne livrons pas dans cette zone.');
  });

  it('folds a town to its key: case, accents, hyphens and short names aside', () => {
    expect(townKey(' Pétange ')).toBe('petange');
    expect(townKey('ESCH-SUR-ALZETTE')).toBe('esch sur alzette');
    expect(townKey('Esch/Alzette')).toBe('esch sur alzette');
    expect(townKey('Käerjeng')).toBe('kaerjeng');
    expect(townKey('Œutrange')).toBe('oeutrange');
    expect(townKey('😀')).toBe('');
    expect(sameCity('', '')).toBe(false);
  });

  it('says what a zone of the admin covers: its codes and their towns, or its town and the town’s codes', () => {
    expect(zoneCoverage({ name: 'Differdange', fee: '2', postalCodes: '4601, L-4702' })).toEqual({
      codes: ['4601', '4702'],
      towns: ['Differdange', 'Niederkorn', 'Pétange'],
    });
    const petange = zoneCoverage({ name: 'PETANGE', fee: '3', postalCodes: '' });
    expect(petange.towns).toEqual(['PETANGE']);
    expect(petange.codes).toContain('4702');
    expect(petange.codes).toEqual(postalCodesOfTown('Pétange'));
    expect(zoneCoverage({ name: 'Atlantis', fee: '3', postalCodes: '' })).toEqual({ codes: [], towns: ['Atlantis'] });
  });

  it('names the localities of a postal code from the national register', () => {
    expect(localitiesOfPostalCode('L-4601')).toEqual(['Differdange', 'Niederkorn']);
    expect(localitiesOfPostalCode('4702')).toEqual(['Pétange']);
    expect(localitiesOfPostalCode('4000')).toEqual([]);
    expect(localitiesOfPostalCode('zzz')).toEqual([]);
  });

  it('says nothing for an empty city', () => {
    expect(deliveryFeeFor('', zones)).toEqual({ fee: null, outOfZone: false, zone: null });
    expect(deliveryFeeFor('   ', zones)).toEqual({ fee: null, outOfZone: false, zone: null });
    expect(deliveryFeeFor(undefined, zones)).toEqual({ fee: null, outOfZone: false, zone: null });
    expect(lineFor('  ', zones)).toBeNull();
  });

  it('accepts a free zone', () => {
    expect(lineFor('Lasauvage', [{ name: 'Lasauvage', fee: 0 }])).toBe('Frais de livraison pour Lasauvage : 0,00 €');
    expect(deliveryFeeFor('Lasauvage', [{ name: 'Lasauvage', fee: 0 }])).toMatchObject({
      fee: 0,
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

describe('delivery zones by postal code', () => {
  const byCode = [
    { name: 'Differdange', fee: 2, postal_codes: ['4501', '4601'] },
    { name: 'Luxembourg', fee: 9.5, postal_codes: ['1111'] },
    { name: 'Sanem', fee: 3 },
  ];

  it('reads a Luxembourg postal code as its four digits', () => {
    for (const typed of ['L-4501', 'l 4501', ' 4501 ', 'L4501', 'L - 4501'])
      expect(luxPostalCode(typed), typed).toBe('4501');
    for (const typed of ['450', '45011', 'D-4501', 'F-57000', '', null, undefined])
      expect(luxPostalCode(typed)).toBeNull();
  });

  it('lets the code decide when a zone lists codes, and the town otherwise', () => {
    expect(deliveryFeeFor('Differdange', byCode, 'L-1111').fee).toBe(9.5);
    expect(deliveryFeeFor('Differdange', byCode, '9999')).toMatchObject({ fee: null, zone: null });
    // No code typed yet: the town names its zone (an order needs a code, which then decides).
    expect(deliveryFeeFor('Differdange', byCode, null).fee).toBe(2);
    expect(deliveryFeeFor('Niederkorn', byCode, '4501').fee).toBe(2);
    expect(deliveryFeeFor('sanem', byCode, '4000').fee).toBe(3);
  });

  it('lets a code of the register name the town of a zone without codes, whatever is typed', () => {
    expect(deliveryFeeFor('Paris', byCode, 'L-4984').fee).toBe(3);
    // 4440 is Soleuvre's: the Sanem zone (the locality, not the commune) does not cover it.
    expect(deliveryFeeFor('Sanem', byCode, '4440').fee).toBeNull();
  });

  it('parses the codes an admin types, and refuses anything else', () => {
    expect(parsePostalCodes('4501, L-4502; l 4503 4501')).toEqual(['4501', '4502', '4503']);
    expect(parsePostalCodes('')).toEqual([]);
    expect(parsePostalCodes('4501, Differdange')).toBeNull();
    expect(parsePostalCodes(Array.from({ length: 301 }, (_, i) => String(1000 + i)).join(' '))).toBeNull();
  });

  it('validates a zone list with codes: each a Luxembourg code, in one zone only; fees up to 50 €', () => {
    expect(
      validateZoneList([
        { name: 'Differdange', fee: '2', postalCodes: 'L-4501, 4601' },
        { name: 'Sanem', fee: '3', postalCodes: '' },
      ]),
    ).toEqual({
      ok: true,
      zones: [
        { name: 'Differdange', fee: 2, postal_codes: ['4501', '4601'] },
        { name: 'Sanem', fee: 3 },
      ],
    });
    expect(validateZoneList([{ name: 'Sanem', fee: '3', postalCodes: '44' }])).toMatchObject({
      ok: false,
      problem: 'postal_code_invalid',
    });
    expect(
      validateZoneList([
        { name: 'Differdange', fee: '2', postalCodes: '4501' },
        { name: 'Niederkorn', fee: '2', postalCodes: 'L-4501' },
      ]),
    ).toEqual({ ok: false, problem: 'postal_code_twice', index: 1, name: 'Niederkorn' });
    expect(validateZoneList([{ name: 'Sanem', fee: '1e20' }])).toMatchObject({ ok: false, problem: 'fee_invalid' });
    expect(validateZoneList([{ name: 'Sanem', fee: '50,01' }])).toMatchObject({ ok: false, problem: 'fee_invalid' });
  });
});
