/**
 * The 14 allergens of EU Regulation 1169/2011 (annex II), by code, in the regulation's order. A dish stores the
 * codes it contains (menu_items.allergens, checked against this list in SQL: menu_items_allergens_known), or
 * nothing at all while the owner has not declared them yet: `null` is « not declared », never « none ».
 */
export const ALLERGEN_CODES = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soy',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export type AllergenCode = (typeof ALLERGEN_CODES)[number];

/** A dish's allergens: the codes it contains (none: `[]`), or `null` when not declared yet. */
export type DishAllergens = readonly AllergenCode[] | null;

/** The codes in the regulation's order, each once (what the editor saves and the shop lists). */
export function orderedAllergens(codes: Iterable<string>): AllergenCode[] {
  const chosen = new Set(codes);
  return ALLERGEN_CODES.filter((c) => chosen.has(c));
}

/**
 * Whether a dish passes the menu's « sans … » filter: its allergens are declared and none of them is excluded.
 * A dish not declared yet is left out as soon as one allergen is excluded: nothing says it is free of it.
 */
export function passesAllergenFilter(allergens: DishAllergens, excluded: ReadonlySet<AllergenCode>): boolean {
  if (excluded.size === 0) return true;
  return allergens !== null && !allergens.some((a) => excluded.has(a));
}
