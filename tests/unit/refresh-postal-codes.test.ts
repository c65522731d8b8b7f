import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  parseGeoNamesPostalCodes,
  postalCodesMigration,
  postalCodesModule,
} from '../../scripts/refresh-postal-codes.js';

/** The refresh script's parser on a few lines of GeoNames' LU export (the real file cannot be fetched here). */
const sample = readFileSync(new URL('../fixtures/postal-codes/LU-sample.txt', import.meta.url), 'utf8');

describe('refresh-postal-codes', () => {
  it('reads the LU rows: four-digit codes, each locality once, other countries and bad codes skipped', () => {
    expect(parseGeoNamesPostalCodes(sample)).toEqual([
      { code: '1111', locality: 'Luxembourg' },
      { code: '4601', locality: 'Differdange' },
      { code: '4601', locality: 'Niederkorn' },
      { code: '4702', locality: 'Pétange' },
    ]);
  });

  it('writes the migration with its source and licence, quotes escaped', () => {
    const sql = postalCodesMigration(
      [
        { code: '4601', locality: 'Differdange' },
        { code: '9999', locality: "L'Endroit" },
      ],
      '2026-11-28',
    );
    expect(sql).toContain('CC BY 4.0');
    expect(sql).toContain('retrieved 2026-11-28');
    expect(sql).toContain(
      "insert into public.postal_codes (code, locality) values\n  ('4601', 'Differdange'),\n  ('9999', 'L''Endroit');",
    );
    expect(() => postalCodesMigration([], '2026-11-28')).toThrow(/No Luxembourg postal codes/);
  });

  it('writes the domain copy one locality a line', () => {
    const ts = postalCodesModule(parseGeoNamesPostalCodes(sample), '2026-11-28');
    expect(ts).toContain("  'Differdange:4601',\n  'Luxembourg:1111',\n  'Niederkorn:4601',\n  'Pétange:4702',\n];");
  });
});
