import '../zod-setup.js';
import { z } from 'zod';
import { parseEuroPrice } from './money.js';

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

/** The category for a /menu/{slug} route; undefined means the page redirects to the default. */
export function menuCategoryBySlug(slug: string): MenuCategory | undefined {
  return MENU_CATEGORIES.find((c) => c.slug === slug);
}

export const KIDS_MENU_OPTION_IDS = ['nuggets', 'wings', 'quarter_chicken'] as const;
export type KidsMenuOptionId = (typeof KIDS_MENU_OPTION_IDS)[number];

export const kidsMenuOptionSchema = z.object({
  id: z.enum(KIDS_MENU_OPTION_IDS),
  name: z.string().min(1),
});
export type KidsMenuOption = z.infer<typeof kidsMenuOptionSchema>;

export const specialOfferSchema = z.object({ text: z.string(), condition: z.string() });
export type SpecialOffer = z.infer<typeof specialOfferSchema>;

/** Menu ids are text ("32", "cnf-1"); numeric ids from older data are read as their text. */
const menuItemIdSchema = z.union([z.string().min(1), z.number().int().nonnegative()]).transform(String);

/** Text prices ("12,50 €") are converted; a negative or unreadable price is refused. */
const priceSchema = z.unknown().transform((value, ctx) => {
  const price = parseEuroPrice(value);
  if (price === null || price < 0) {
    ctx.addIssue({ code: 'custom', message: 'Prix invalide' });
    return z.NEVER;
  }
  return price;
});

export const menuItemSchema = z.object({
  id: menuItemIdSchema,
  categoryId: z.enum(MENU_CATEGORY_IDS),
  name: z.string(),
  description: z.string().default(''),
  price: priceSchema,
  imageSrc: z.string().nullable().default(null),
  imageAlt: z.string().default(''),
  unavailable: z.boolean().default(false),
  specialOffer: specialOfferSchema.optional(),
  /** sectionTitle rows only carry a title; comingSoon rows are shown but cannot be ordered. */
  type: z.enum(['sectionTitle', 'comingSoon']).optional(),
  title: z.string().optional(),
  isKidsMenuWithOptions: z.boolean().default(false),
  options: z.array(kidsMenuOptionSchema).default([]),
});
export type MenuItem = z.output<typeof menuItemSchema>;
export type MenuItemInput = z.input<typeof menuItemSchema>;

/** Whether a customer can put this row in the cart at all. */
export function isOrderable(item: Pick<MenuItem, 'unavailable' | 'type'>): boolean {
  return !item.unavailable && item.type === undefined;
}
