// The public reads: what a visitor's pages show (the menu with its offers' prices, the store settings, the
// opening hours, the open offers and the reviews), on the client publicDb() gives: supabase-js' in the admin
// and the tests, a lighter one in the shop. No writes here: this module never loads supabase-js.
import { addDays, restaurantDate, setRestaurantTimeZone } from '../domain/restaurant-time.js';
import { menuItemSchema, type MenuItem } from '../domain/menu.js';
import type { Offer, OfferMethod } from '../domain/offers.js';
import { offerSpecialPrices } from '../domain/offers.js';
import { weeklyHoursFromSetting, type OpeningException, type OpeningSchedule } from '../domain/opening-hours.js';
import type { SpecialPrice } from '../domain/pricing.js';
import { storeSettingsFromRows, type StoreSettings } from '../domain/store-settings.js';
import { failIf } from './errors.js';
import { publicDb } from './public-db.js';
import type { MenuCategoryRow, MenuItemRow, ReviewRow, StoreSettingRow } from './rows.js';

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
    allergens: row.allergens ?? null,
  });
}

/** The columns of a dish the shop reads (menuItemFromRow), and of an offer's price rule (offerFromRow). */
const ITEM_COLUMNS =
  'id, category_id, name, description, price, image_src, image_alt, unavailable, special_offer, item_type, title, kids_menu_options, sort_order, allergens';
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
  const { data, error } = await (
    await publicDb()
  )
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

export async function fetchReviews(): Promise<ReviewRow[]> {
  const { data, error } = await (
    await publicDb()
  )
    .from('reviews')
    .select('id, author, rating, text, date, source')
    .order('date', { ascending: false });
  failIf(error);
  return data as ReviewRow[];
}

export async function fetchStoreSettings(): Promise<StoreSettings> {
  const { data, error } = await (await publicDb()).from('store_settings').select('key, value');
  failIf(error);
  return storeSettingsFromRows(data as StoreSettingRow[]);
}

/** The weekly schedule and the exceptions from yesterday on (the past ones matter to nobody). */
export async function fetchOpeningSchedule(): Promise<OpeningSchedule> {
  const supabase = await publicDb();
  const [weekly, exceptions] = await Promise.all([
    supabase.from('store_settings').select('value').eq('key', 'opening_hours').maybeSingle(),
    supabase
      .from('opening_exceptions')
      .select('day, is_closed, services, reason')
      .gte('day', addDays(restaurantDate(new Date()), -1))
      .order('day'),
  ]);
  failIf(weekly.error);
  failIf(exceptions.error);
  const schedule = {
    weekly: weeklyHoursFromSetting(weekly.data?.value),
    exceptions: (exceptions.data ?? []) as OpeningException[],
  };
  // Every date and time the shop and the back office compute is on this zone's clock from now on.
  setRestaurantTimeZone(schedule.weekly.timezone);
  return schedule;
}

export interface OfferRow {
  id: number;
  title: string;
  body: string;
  image_url: string | null;
  item_id: string | null;
  price: number | string | null;
  delivery_method: OfferMethod | null;
  starts_on: string;
  ends_on: string;
}

export function offerFromRow(row: OfferRow): Offer {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    imageUrl: row.image_url,
    rule:
      row.item_id && row.price !== null && row.delivery_method
        ? { itemId: row.item_id, price: Number(row.price), method: row.delivery_method }
        : null,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
  };
}

/** An offer as the shop shows it: with the menu price its rule undercuts ("au lieu de …"). */
export interface ShopOffer extends Offer {
  regularPrice: number | null;
}

/** The shop: the offers not over yet (RLS), soonest end first; the page keeps the live ones. */
export async function fetchOpenOffers(): Promise<ShopOffer[]> {
  const supabase = await publicDb();
  const { data, error } = await supabase
    .from('offers')
    .select('*')
    .gte('ends_on', restaurantDate(new Date()))
    .order('ends_on')
    .order('id');
  failIf(error);
  const offers = (data as OfferRow[]).map(offerFromRow);
  const ids = [...new Set(offers.flatMap((o) => (o.rule ? [o.rule.itemId] : [])))];
  const prices = new Map<string, number>();
  if (ids.length > 0) {
    const items = await supabase.from('menu_items').select('id, price').in('id', ids);
    failIf(items.error);
    for (const row of items.data as { id: string; price: number | string }[]) prices.set(row.id, Number(row.price));
  }
  return offers.map((o) => ({ ...o, regularPrice: o.rule ? (prices.get(o.rule.itemId) ?? null) : null }));
}
