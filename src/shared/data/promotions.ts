import { getSupabase } from './client.js';
import { failIf } from './errors.js';
import { queryKeys } from './query-keys.js';
import { useServerMutation, useServerQuery, type MutationOptions, type QueryOptions } from './react-query.js';

/**
 * Consent to promotional e-mail (supabase/migrations/20251128100000_promotions.sql): per inbox, with its date, for
 * accounts and guests. The admin's audience, the customer's checkbox, the cart's checkbox and the unsubscribe link.
 */
export interface PromotionConsent {
  consented: boolean;
  consented_at: string | null;
  withdrawn_at: string | null;
  /** The account's confirmed address (null until confirmed: no consent possible yet). */
  email?: string | null;
}

export interface AudienceMember {
  email: string;
  consented_at: string;
}

/** The signed-in customer's consent (their account's confirmed e-mail). */
export async function fetchMyPromotionConsent(): Promise<PromotionConsent> {
  const { data, error } = await getSupabase().rpc('my_promotion_consent');
  failIf(error);
  return data as PromotionConsent;
}

export async function setMyPromotionConsent(consent: boolean): Promise<PromotionConsent> {
  const { data, error } = await getSupabase().rpc('set_my_promotion_consent', { p_consent: consent });
  failIf(error);
  return data as PromotionConsent;
}

/** The cart's checkbox, right after the order: consent for the order's e-mail (same client, within 30 minutes). */
export async function consentToPromotionsForOrder(orderId: string): Promise<PromotionConsent> {
  const { data, error } = await getSupabase().rpc('consent_to_promotions_for_order', { p_order_id: orderId });
  failIf(error);
  return data as PromotionConsent;
}

/** The unsubscribe page's button: withdraws the consent of the token's address. */
export async function unsubscribeFromPromotions(token: string): Promise<{ unsubscribed: boolean }> {
  const { data, error } = await getSupabase().rpc('unsubscribe_promotions', { p_token: token });
  failIf(error);
  return data as { unsubscribed: boolean };
}

/** Admin: every consenting address once (guests included), as the promotion will go out. */
export async function fetchPromotionAudience(): Promise<AudienceMember[]> {
  const { data, error } = await getSupabase().rpc('promotion_audience');
  failIf(error);
  return ((data ?? []) as (AudienceMember & { unsubscribe_token?: string })[]).map(({ email, consented_at }) => ({
    email,
    consented_at,
  }));
}

export const useMyPromotionConsentQuery = (options?: QueryOptions<PromotionConsent>) =>
  useServerQuery(queryKeys.promotions.mine, fetchMyPromotionConsent, options);

export const useSetMyPromotionConsentMutation = (options?: MutationOptions<typeof setMyPromotionConsent>) =>
  useServerMutation(setMyPromotionConsent, options, {
    update: (qc, data) => qc.setQueryData(queryKeys.promotions.mine, (old?: PromotionConsent) => ({ ...old, ...data })),
  });

export const useUnsubscribeMutation = (options?: MutationOptions<typeof unsubscribeFromPromotions>) =>
  useServerMutation(unsubscribeFromPromotions, options);

export const usePromotionAudienceQuery = (options?: QueryOptions<AudienceMember[]>) =>
  useServerQuery(queryKeys.promotions.audience, fetchPromotionAudience, options);

/** Who the admin means in Clientes: an account by id, or a guest by e-mail and/or phone. */
export type CustomerRef = { userId: string } | { email?: string; phone?: string };

const refArgs = (ref: CustomerRef) =>
  'userId' in ref
    ? { p_user_id: ref.userId }
    : { p_email: ref.email?.trim() || null, p_phone: ref.phone?.trim() || null };

/** Admin: one customer's data, the same document as the shop's « Télécharger mes données ». */
export async function exportCustomerData(ref: CustomerRef): Promise<Record<string, unknown>> {
  const { data, error } = await getSupabase().rpc('admin_customer_export', refArgs(ref));
  failIf(error);
  return data as Record<string, unknown>;
}

export interface CustomerErasure {
  deleted: true;
  orders: number;
  reservations: number;
  challenge_registrations: number;
}

/** Admin: erases one customer as delete_my_account does (refused while an order is open). */
export async function eraseCustomerData(ref: CustomerRef): Promise<CustomerErasure> {
  const { data, error } = await getSupabase().rpc('admin_customer_erase', refArgs(ref));
  failIf(error);
  return data as CustomerErasure;
}

export const useExportCustomerDataMutation = (options?: MutationOptions<typeof exportCustomerData>) =>
  useServerMutation(exportCustomerData, options);

export const useEraseCustomerDataMutation = (options?: MutationOptions<typeof eraseCustomerData>) =>
  useServerMutation(eraseCustomerData, options, {
    invalidate: [queryKeys.customers, queryKeys.promotions.audience, queryKeys.orders.all],
  });
