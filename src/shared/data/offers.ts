/** The home page's special offers (public.offers): the shop's live ones, the admin's list and its writes. */
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Offer, OfferProblem } from '../domain/offers.js';
import { getSupabase } from './client.js';
import { removePhoto, uploadMenuPicture } from './menu-editor.js';
import { queryKeys } from './query-keys.js';
import { useServerMutation, type MutationOptions, type QueryConfig } from './react-query.js';
import { subscribeToPublicTable } from './channels.js';
import { offerFromRow, type OfferRow } from './public-fetch.js';

export { fetchOpenOffers, offerFromRow, type OfferRow, type ShopOffer } from './public-fetch.js';
export { useRestaurantToday, useOpenOffersQuery } from './public-queries.js';

export type OfferChanges = Omit<OfferRow, 'id'>;

export const offersKey = queryKeys.offers;
/** Under offersKey: a change refetches the shop's and the admin's lists alike. */
export const adminOffersKey = ['offers', 'admin'] as const;

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
  await removePhoto(offer.imageUrl);
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
    return subscribeToPublicTable('offers', '*', refresh, { onJoin: refresh });
  }, [qc]);
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
