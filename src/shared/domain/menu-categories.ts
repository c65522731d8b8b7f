// The menu's categories and what the shop's first screens need, without zod: the home page and the
// menu page import this module before the first paint (menu.ts re-exports all of it).

/** The nine menu categories, in the order of the menu's category bar. */
export const MENU_CATEGORIES = [
  { id: 'entrees', name: 'Entrées', slug: 'entrees' },
  { id: 'chic_n_fries', name: "Chic'N'Fries", slug: 'chic-n-fries' },
  { id: 'grill', name: 'Grillades', slug: 'grillades' },
  { id: 'francesinhas', name: 'CasaDasFrancesinhas', slug: 'casadasfrancesinhas' },
  { id: 'hamburgers', name: 'HungryBurgers', slug: 'hungryburgers' },
  { id: 'boissons', name: 'Boissons', slug: 'boissons' },
  { id: 'menu_enfant', name: 'Menu Enfant', slug: 'menu-enfant' },
  { id: 'accompagnements', name: 'Accompagnements', slug: 'accompagnements' },
  { id: 'desserts', name: 'Desserts', slug: 'desserts' },
] as const;

export type MenuCategory = (typeof MENU_CATEGORIES)[number];
export type MenuCategoryId = MenuCategory['id'];
export type MenuCategorySlug = MenuCategory['slug'];

export const MENU_CATEGORY_IDS = MENU_CATEGORIES.map((c) => c.id) as [MenuCategoryId, ...MenuCategoryId[]];
export const DEFAULT_MENU_CATEGORY: MenuCategory = MENU_CATEGORIES[0];

/** A category as the shop shows it: the stable id and slug (links), the name the owner gave it. */
export interface ShownMenuCategory {
  id: MenuCategoryId;
  slug: MenuCategorySlug;
  name: string;
}

/**
 * The categories in the order and under the names the owner set in the back office (the rows of
 * menu_categories, already sorted), keeping the built-in slugs so that links never change; the
 * built-in list until the rows have loaded.
 */
export function shownMenuCategories(
  rows: readonly { id: string; name: string }[] | undefined,
): readonly ShownMenuCategory[] {
  const shown = (rows ?? []).flatMap((row) => {
    const known = MENU_CATEGORIES.find((c) => c.id === row.id);
    return known ? [{ id: known.id, slug: known.slug, name: row.name.trim() || known.name }] : [];
  });
  return shown.length > 0 ? shown : MENU_CATEGORIES;
}

/** The category for a /menu/{slug} route; undefined means the page redirects to the default. */
export function menuCategoryBySlug(slug: string): MenuCategory | undefined {
  return MENU_CATEGORIES.find((c) => c.slug === slug);
}

export const KIDS_MENU_OPTION_IDS = ['nuggets', 'wings', 'quarter_chicken'] as const;
export type KidsMenuOptionId = (typeof KIDS_MENU_OPTION_IDS)[number];

/** Whether a customer can put this row in the cart at all. */
export function isOrderable(item: { unavailable: boolean; type?: 'sectionTitle' | 'comingSoon' }): boolean {
  return !item.unavailable && item.type === undefined;
}
