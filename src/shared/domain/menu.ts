import '../zod-setup.js';
// zod's functional build: the shop reads the menu on every public page, and its schemas cost far less to
// build than the chained API's (the only calls made on them are parse and safeParse).
import * as z from 'zod/mini';
import { parseEuroPrice } from './money.js';
import { ALLERGEN_CODES } from './allergens.js';
import { KIDS_MENU_OPTION_IDS, MENU_CATEGORY_IDS } from './menu-categories.js';

export * from './menu-categories.js';
export * from './allergens.js';

export const kidsMenuOptionSchema = z.object({
  id: z.enum(KIDS_MENU_OPTION_IDS),
  name: z.string().check(z.minLength(1)),
});
export type KidsMenuOption = z.infer<typeof kidsMenuOptionSchema>;

export const specialOfferSchema = z.object({ text: z.string(), condition: z.string() });
export type SpecialOffer = z.infer<typeof specialOfferSchema>;

/** Menu ids are text ("32", "cnf-1"); numeric ids from older data are read as their text. */
const menuItemIdSchema = z.pipe(
  z.union([z.string().check(z.minLength(1)), z.int().check(z.nonnegative())]),
  z.transform(String),
);

/** Text prices ("12,50 €") are converted; a negative or unreadable price is refused. */
const priceSchema = z.pipe(
  z.unknown(),
  z.transform((value, ctx) => {
    const price = parseEuroPrice(value);
    if (price === null || price < 0) {
      ctx.issues.push({ code: 'custom', message: 'invalid_price', input: value });
      return z.NEVER;
    }
    return price;
  }),
);

export const menuItemSchema = z.object({
  id: menuItemIdSchema,
  categoryId: z.enum(MENU_CATEGORY_IDS),
  name: z.string(),
  description: z._default(z.string(), ''),
  price: priceSchema,
  imageSrc: z._default(z.nullable(z.string()), null),
  imageAlt: z._default(z.string(), ''),
  unavailable: z._default(z.boolean(), false),
  specialOffer: z.optional(specialOfferSchema),
  /** sectionTitle rows only carry a title; comingSoon rows are shown but cannot be ordered. */
  type: z.optional(z.enum(['sectionTitle', 'comingSoon'])),
  title: z.optional(z.string()),
  isKidsMenuWithOptions: z._default(z.boolean(), false),
  options: z._default(z.array(kidsMenuOptionSchema), []),
  /** The EU allergens the dish contains ([] : none of them); null while the owner has not declared them. */
  allergens: z._default(z.nullable(z.array(z.enum(ALLERGEN_CODES))), null),
});
export type MenuItem = z.output<typeof menuItemSchema>;
export type MenuItemInput = z.input<typeof menuItemSchema>;
