import { useQuery } from '@tanstack/react-query';
import { menuItemSchema, type MenuItem } from '../domain/menu.js';
import type { SpecialPrice } from '../domain/pricing.js';
import { offerSpecialPrices } from '../domain/offers.js';
import { offerFromRow, type OfferRow } from './offers.js';
import { getSupabase } from './client.js';
import { failIf } from './errors.js';
import { queryKeys } from './query-keys.js';
import type { QueryConfig } from './react-query.js';
import type { MenuCategoryRow, MenuItemRow, ReviewRow } from './rows.js';

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

export async function fetchMenu(): Promise<Menu> {
  const supabase = getSupabase();
  const [categories, items, specials] = await Promise.all([
    supabase.from('menu_categories').select('id, name, slug, sort_order').order('sort_order'),
    // Hidden and deleted dishes stay in the table for order history; the shop never shows them.
    supabase.from('menu_items').select('*').eq('hidden', false).is('deleted_at', null).order('sort_order'),
    // The price rules of the offers not over yet (RLS); their dates decide the day they apply.
    supabase.from('offers').select('*').not('item_id', 'is', null),
  ]);
  failIf(categories.error);
  failIf(items.error);
  failIf(specials.error);
  const rank = new Map((categories.data as MenuCategoryRow[]).map((c, i) => [c.id, i]));
  const rows = (items.data as MenuItemRow[])
    .slice()
    .sort((a, b) => (rank.get(a.category_id) ?? 99) - (rank.get(b.category_id) ?? 99) || a.sort_order - b.sort_order);
  return {
    categories: categories.data as MenuCategoryRow[],
    items: rows.map(menuItemFromRow),
    specialPrices: offerSpecialPrices((specials.data as OfferRow[]).map(offerFromRow)),
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
  return useQuery({ staleTime: 5 * 60_000, ...config, queryKey: queryKeys.menu, queryFn: fetchMenu });
}

export function useReviewsQuery({ queryConfig: config = {} }: { queryConfig?: QueryConfig<ReviewRow[]> } = {}) {
  return useQuery({ staleTime: 30 * 60_000, ...config, queryKey: queryKeys.reviews, queryFn: fetchReviews });
}
