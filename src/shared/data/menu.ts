import { menuItemSchema, type MenuItem } from '../domain/menu.js';
import type { SpecialPrice } from '../domain/pricing.js';
import { offerSpecialPrices } from '../domain/offers.js';
import { offerFromRow, type OfferRow } from './offers.js';
import { getSupabase } from './client.js';
import { failIf } from './errors.js';
import { queryKeys } from './query-keys.js';
import type { QueryConfig } from './react-query.js';
import type { MenuCategoryRow, MenuItemRow, ReviewRow } from './rows.js';
import { useRenderedQuery } from './rendered-query.js';

export interface Menu {
  categories: MenuCategoryRow[];
  /** In menu order: by category, then by sort_order. */
  items: MenuItem[];
  specialPrices: SpecialPrice[];
}

const ITEM_TYPES = { dish: undefined, section_title: 'sectionTitle', coming_soon: 'comingSoon' } as const;

export function menuItemFromRow(row: MenuItemRow): MenuItem {
  const options = row.kids_menu_options ?? [];
  return menuItemSchema.parse({
    id: row.id,
    categoryId: row.category_id,
    name: row.name,
    description: row.description,
    price: row.price,
    imageSrc: row.image_src,
    imageAlt: row.image_alt ?? row.name,
    unavailable: row.unavailable,
    specialOffer: row.special_offer
      ? { text: row.special_offer.text, condition: row.special_offer.condition ?? '' }
      : undefined,
    type: ITEM_TYPES[row.item_type],
    title: row.title ?? undefined,
    isKidsMenuWithOptions: options.length > 0,
    options,
  });
}

/** The columns of a dish the shop reads (menuItemFromRow), and of an offer's price rule (offerFromRow). */
const ITEM_COLUMNS =
  'id, category_id, name, description, price, image_src, image_alt, unavailable, special_offer, item_type, title, kids_menu_options, sort_order';
const OFFER_COLUMNS = 'id, title, body, image_url, item_id, price, delivery_method, starts_on, ends_on';

type MenuCategoryRead = MenuCategoryRow & { menu_items: (MenuItemRow & { offers: OfferRow[] })[] };

/**
 * The whole menu in one request: the categories in order, each with its dishes in order and each dish
 * with its offers' price rules. Hidden and deleted dishes stay in the table for order history and are
 * filtered in the database, so they never reach the shop; the offers are those not over yet (RLS),
 * their dates decide the day they apply. A dish's rules come cheapest first, the one the database's
 * unit_price() takes when two apply on the same day.
 */
export async function fetchMenu(): Promise<Menu> {
  const { data, error } = await getSupabase()
    .from('menu_categories')
    .select(`id, name, slug, sort_order, menu_items(${ITEM_COLUMNS}, offers(${OFFER_COLUMNS}))`)
    .eq('menu_items.hidden', false)
    .is('menu_items.deleted_at', null)
    .order('sort_order')
    .order('id')
    .order('sort_order', { referencedTable: 'menu_items' })
    .order('id', { referencedTable: 'menu_items' })
    .order('price', { referencedTable: 'menu_items.offers' })
    .order('id', { referencedTable: 'menu_items.offers' });
  failIf(error);
  const rows = data as unknown as MenuCategoryRead[];
  const items = rows.flatMap((c) => c.menu_items);
  return {
    categories: rows.map(({ id, name, slug, sort_order }) => ({ id, name, slug, sort_order })),
    items: items.map(menuItemFromRow),
    specialPrices: offerSpecialPrices(items.flatMap((i) => i.offers).map(offerFromRow)),
  };
}

/** Admin: mark a dish available or not (the shop shows 'Indisponible'). */
export async function setMenuItemUnavailable(id: string, unavailable: boolean): Promise<void> {
  const { error } = await getSupabase().from('menu_items').update({ unavailable }).eq('id', id);
  failIf(error);
}

export async function fetchReviews(): Promise<ReviewRow[]> {
  const { data, error } = await getSupabase()
    .from('reviews')
    .select('id, author, rating, text, date, source')
    .order('date', { ascending: false });
  failIf(error);
  return data as ReviewRow[];
}

export function useMenuQuery({ queryConfig: config = {} }: { queryConfig?: QueryConfig<Menu> } = {}) {
  return useRenderedQuery({ staleTime: 5 * 60_000, ...config, queryKey: queryKeys.menu, queryFn: fetchMenu });
}

export function useReviewsQuery({ queryConfig: config = {} }: { queryConfig?: QueryConfig<ReviewRow[]> } = {}) {
  return useRenderedQuery({ staleTime: 30 * 60_000, ...config, queryKey: queryKeys.reviews, queryFn: fetchReviews });
}
