import { describe, expect, it } from 'vitest';
import { MENU_CATEGORIES, shownMenuCategories } from '../../../src/shared/domain/menu-categories.js';

describe('the categories the shop shows', () => {
  it('are the built-in list until the rows have loaded', () => {
    expect(shownMenuCategories(undefined)).toBe(MENU_CATEGORIES);
    expect(shownMenuCategories([])).toBe(MENU_CATEGORIES);
  });

  it('follow the names and the order of the rows, with the built-in slugs', () => {
    const shown = shownMenuCategories([
      { id: 'desserts', name: 'Sobremesas' },
      { id: 'entrees', name: ' Entradas ' },
      { id: 'grill', name: '' },
    ]);
    expect(shown).toEqual([
      { id: 'desserts', slug: 'desserts', name: 'Sobremesas' },
      { id: 'entrees', slug: 'entrees', name: 'Entradas' },
      { id: 'grill', slug: 'grillades', name: 'Grillades' },
    ]);
  });

  it('leave out a row the shop has no page for', () => {
    expect(shownMenuCategories([{ id: 'soupes', name: 'Soupes' }])).toBe(MENU_CATEGORIES);
    expect(
      shownMenuCategories([
        { id: 'soupes', name: 'Soupes' },
        { id: 'boissons', name: 'Boissons' },
      ]).map((c) => c.slug),
    ).toEqual(['boissons']);
  });
});
