import '../zod-setup.js';
import { z } from 'zod';
import { KIDS_MENU_OPTION_IDS, type KidsMenuOption, type MenuItem } from './menu.js';

/** An extra chosen with a product (its price is added to the product's, per unit). */
export const cartOptionSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  price: z.number().nonnegative(),
});
export type CartOption = z.infer<typeof cartOptionSchema>;

/**
 * One cart line, as persisted under localStorage "cartItems" and sent (without uniqueId) as
 * orders.order_items. menuItemId names the menu row the line was made from, because a kids-menu
 * line's id is "<item id>_<option id>" and option ids themselves contain underscores.
 */
export const cartItemSchema = z.object({
  id: z.string().min(1),
  menuItemId: z.string().min(1),
  name: z.string(),
  price: z.number().nonnegative(),
  quantity: z.number().int().positive(),
  options: z.array(cartOptionSchema).default([]),
  kidsOption: z.enum(KIDS_MENU_OPTION_IDS).optional(),
  imageSrc: z.string().nullable().optional(),
  uniqueId: z.string().min(1),
  /**
   * The offers' price rules for this dish and its extras when the customer last saw the cart (with `price` and the
   * options' prices, what the cart compares the live menu with); absent until the cart was first seen.
   */
  seenOffers: z
    .array(
      z.object({
        itemId: z.string(),
        price: z.number(),
        method: z.enum(['delivery', 'pickup']).optional(),
        from: z.string().optional(),
        until: z.string(),
      }),
    )
    .optional(),
  /** The customer was already told this line can no longer be ordered. */
  seenUnavailable: z.boolean().optional(),
});
export type CartItem = z.output<typeof cartItemSchema>;

/** Product id, plus the option ids joined with underscores when there are options. */
export function cartItemUniqueId(id: string, options: readonly Pick<CartOption, 'id'>[] = []): string {
  return options.length === 0 ? id : [id, ...options.map((o) => o.id)].join('_');
}

/** The separate line a kids menu with a chosen dish becomes: id "<item id>_<option id>". */
export function kidsMenuLineId(itemId: string, optionId: KidsMenuOption['id']): string {
  return `${itemId}_${optionId}`;
}

/** "Menu Enfant (Nuggets)": the name shown on the line and in the 'Ajouté au panier !' toast. */
export function kidsMenuLineName(item: Pick<MenuItem, 'name'>, option: Pick<KidsMenuOption, 'name'>): string {
  return `${item.name} (${option.name})`;
}
