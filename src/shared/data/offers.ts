/** The home page's special offers (public.offers): the shop's live ones, the admin's list and its writes. */
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { luxembourgDate } from '../domain/luxembourg-time.js';
import { useNow } from '../ui/render-clock.js';
import type { Offer, OfferMethod, OfferProblem } from '../domain/offers.js';
import { getSupabase } from './client.js';
import { removePhoto, uploadMenuPicture } from './menu-editor.js';
import { queryKeys } from './query-keys.js';
import { useServerMutation, type MutationOptions, type QueryConfig } from './react-query.js';
import { subscribeToTable } from './realtime.js';
import { useRenderedQuery } from './rendered-query.js';

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

export type OfferChanges = Omit<OfferRow, 'id'>;

export const offersKey = ['offers'] as const;
/** Under offersKey: a change refetches the shop's and the admin's lists alike. */
export const adminOffersKey = ['offers', 'admin'] as const;

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

/** A refusal the offers screen explains in the admin's language. */
export class OfferSaveError extends Error {
  constructor(
    readonly reason: OfferProblem | 'tooMany' | 'image' | 'permission' | 'photoSize' | 'photoType' | 'failed',
    detail: string,
  ) {
    super(detail);
  }
}

const CONSTRAINT_PROBLEMS: [RegExp, OfferSaveError['reason']][] = [
  [/offers_title_length|offers_text_plain/, 'title'],
  [/offers_body_length/, 'body'],
  [/offers_price_range|offers_rule_whole/, 'price'],
  [/offers_item_id_fkey/, 'item'],
  [/offers_image_url/, 'image'],
  [/offers_dates/, 'span'],
];

type StorageOrPostgrestError = {
  code?: string;
  message: string;
  details?: string | null;
  status?: number;
  statusCode?: string;
};

function check(error: StorageOrPostgrestError | null): void {
  if (!error) return;
  const code = error.code ?? error.statusCode ?? '';
  if (code === '42501' || code === '403') throw new OfferSaveError('permission', error.message);
  if (error.details === 'offer_count') throw new OfferSaveError('tooMany', error.message);
  if (error.details === 'offer_start') throw new OfferSaveError('ahead', error.message);
  for (const [pattern, reason] of CONSTRAINT_PROBLEMS)
    if (pattern.test(error.message)) throw new OfferSaveError(reason, error.message);
  if (code === '23514' || code === '22P02' || code === '22007' || code === '22008' || code === '23502')
    throw new OfferSaveError('dates', error.message);
  if (code === '23503') throw new OfferSaveError('item', error.message);
  if (error.status === 413 || code === '413') throw new OfferSaveError('photoSize', error.message);
  if (error.status === 415 || code === '415') throw new OfferSaveError('photoType', error.message);
  throw new OfferSaveError('failed', error.message);
}

/** An offer as the shop shows it: with the menu price its rule undercuts ("au lieu de …"). */
export interface ShopOffer extends Offer {
  regularPrice: number | null;
}

/** The shop: the offers not over yet (RLS), soonest end first; the page keeps the live ones. */
export async function fetchOpenOffers(): Promise<ShopOffer[]> {
  const supabase = getSupabase();
  const { data, error } = await supabase
    .from('offers')
    .select('*')
    .gte('ends_on', luxembourgDate(new Date()))
    .order('ends_on')
    .order('id');
  check(error);
  const offers = (data as OfferRow[]).map(offerFromRow);
  const ids = [...new Set(offers.flatMap((o) => (o.rule ? [o.rule.itemId] : [])))];
  const prices = new Map<string, number>();
  if (ids.length > 0) {
    const items = await supabase.from('menu_items').select('id, price').in('id', ids);
    check(items.error);
    for (const row of items.data as { id: string; price: number | string }[]) prices.set(row.id, Number(row.price));
  }
  return offers.map((o) => ({ ...o, regularPrice: o.rule ? (prices.get(o.rule.itemId) ?? null) : null }));
}

/** The admin: every offer, the latest first. */
export async function fetchAllOffers(): Promise<Offer[]> {
  const { data, error } = await getSupabase()
    .from('offers')
    .select('*')
    .order('starts_on', { ascending: false })
    .order('id', { ascending: false });
  check(error);
  return (data as OfferRow[]).map(offerFromRow);
}

export async function insertOffer(row: OfferChanges): Promise<number> {
  const { data, error } = await getSupabase().from('offers').insert(row).select('id').single();
  check(error);
  return (data as { id: number }).id;
}

export async function updateOffer(id: number, changes: Partial<OfferChanges>): Promise<void> {
  const { data, error } = await getSupabase().from('offers').update(changes).eq('id', id).select('id');
  check(error);
  // RLS hides a refused update as "0 rows": say so instead of pretending it worked.
  if (!data || data.length === 0) throw new OfferSaveError('permission', 'no row updated');
}

/** Deletes the offer and its uploaded picture (a failed removal only leaves an unused file). */
export async function deleteOffer(offer: Pick<Offer, 'id' | 'imageUrl'>): Promise<void> {
  const { data, error } = await getSupabase().from('offers').delete().eq('id', offer.id).select('id');
  check(error);
  if (!data || data.length === 0) throw new OfferSaveError('permission', 'no row deleted');
  await removePhoto(offer.imageUrl).catch(() => undefined);
}

/** Uploads an offer picture prepared by the menu editor's cropper (800 × 600); answers its public URL. */
export const uploadOfferPhoto = (photo: Blob): Promise<string> =>
  uploadMenuPicture(`offers/offer-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`, photo, check);

/** The admin's offers list, live: any change of an offer refetches it and the menu's prices. */
function useOffersLive(): void {
  const qc = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      void qc.invalidateQueries({ queryKey: offersKey });
      void qc.invalidateQueries({ queryKey: queryKeys.menu });
    };
    return subscribeToTable('offers', '*', refresh, { onJoin: refresh });
  }, [qc]);
}

/**
 * The shop's offers. The shop keeps them live with the rest of its public reads (its channel on offers
 * refetches them and the menu's prices: src/shop/lib/live-public-data.ts). An offer whose last day
 * passes while the page is open is dropped by the page (see useLuxembourgToday).
 */
export function useOpenOffersQuery({ queryConfig: config = {} }: { queryConfig?: QueryConfig<ShopOffer[]> } = {}) {
  return useRenderedQuery({
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    ...config,
    queryKey: offersKey,
    queryFn: fetchOpenOffers,
  });
}

export function useAllOffersQuery({ queryConfig: config = {} }: { queryConfig?: QueryConfig<Offer[]> } = {}) {
  useOffersLive();
  return useQuery({ ...config, queryKey: adminOffersKey, queryFn: fetchAllOffers });
}

/** One offers-screen action; the offers and the menu's prices refetch. */
export const useOfferMutation = <V, R = unknown>(
  action: (v: V) => Promise<R>,
  options?: MutationOptions<(v: V) => Promise<R>>,
) => useServerMutation(action, options, { invalidate: [offersKey, queryKeys.menu] });

/**
 * Today in Luxembourg, re-rendering when the day changes (an offer ends at midnight by itself); the build's day
 * while a prerendered page hydrates (src/shared/ui/render-clock.ts).
 */
export function useLuxembourgToday(): string {
  return luxembourgDate(new Date(useNow()));
}
