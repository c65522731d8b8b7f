import '../zod-setup.js';
import { z } from 'zod';
import { parseEuroPrice } from './money.js';
import { KIDS_MENU_OPTION_IDS, MENU_CATEGORY_IDS } from './menu-categories.js';

export * from './menu-categories.js';

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
