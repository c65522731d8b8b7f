import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ALLERGEN_CODES,
  orderedAllergens,
  passesAllergenFilter,
  type AllergenCode,
} from '../../../src/shared/domain/allergens.js';
import { menuItemSchema } from '../../../src/shared/domain/menu.js';
import { fr } from '../../../src/shop/i18n/fr.js';
import { fr as adminFr } from '../../../src/admin/i18n/fr.js';
import { pt as adminPt } from '../../../src/admin/i18n/pt.js';

const excluded = (...codes: AllergenCode[]) => new Set(codes);

describe('dish allergens (EU 1169/2011)', () => {
  it('are the 14 of the regulation, the same list as the database check', () => {
    expect(ALLERGEN_CODES).toHaveLength(14);
    const migration = fs.readFileSync('supabase/migrations/20251121100100_menu_and_settings.sql', 'utf8');
    const check = /constraint menu_items_allergens_known check \([\s\S]*?array\[([^\]]*)\]/.exec(migration)![1]!;
    expect([...check.matchAll(/'([a-z]+)'/g)].map((m) => m[1])).toEqual([...ALLERGEN_CODES]);
  });

  it('the filter keeps a dish free of every excluded allergen, never one not declared yet', () => {
    expect(passesAllergenFilter(['gluten', 'milk'], excluded())).toBe(true);
    expect(passesAllergenFilter(null, excluded())).toBe(true);
    expect(passesAllergenFilter(['gluten', 'milk'], excluded('gluten'))).toBe(false);
    expect(passesAllergenFilter(['milk'], excluded('gluten'))).toBe(true);
    expect(passesAllergenFilter([], excluded('gluten', 'milk'))).toBe(true);
    expect(passesAllergenFilter(null, excluded('gluten'))).toBe(false);
  });

  it('the editor saves each code once, in the regulation order', () => {
    expect(orderedAllergens(['sesame', 'gluten', 'sesame', 'x'])).toEqual(['gluten', 'sesame']);
  });

  it('a dish read without allergens is « not declared », not « none »', () => {
    const base = { id: '1', categoryId: 'entrees', name: 'Soupe', price: 3 };
    expect(menuItemSchema.parse(base).allergens).toBeNull();
    expect(menuItemSchema.parse({ ...base, allergens: [] }).allergens).toEqual([]);
    expect(menuItemSchema.safeParse({ ...base, allergens: ['shellfish'] }).success).toBe(false);
  });

  it('the customer reads them in words; the staff in Portuguese and French', () => {
    expect(fr.menu.allergens(null)).toBe('Allergènes : renseignez-vous au restaurant');
    expect(fr.menu.allergens([])).toBe('Allergènes : aucun des 14 allergènes à déclarer');
    expect(fr.menu.allergens(['gluten', 'eggs', 'sesame'])).toBe('Allergènes : gluten, œufs, graines de sésame');
    for (const code of ALLERGEN_CODES) {
      expect(fr.menu.allergenFilter.without(code)).toMatch(/^sans \S/);
      expect(adminPt[`allergen.${code}`]).toBeTruthy();
      expect(adminFr[`allergen.${code}`]).toBeTruthy();
    }
  });
});
