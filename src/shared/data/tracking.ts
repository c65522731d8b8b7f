import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { subscribeToPublicTopic, type SubscriptionStatus } from './channels.js';
import { orderSchema, type Order } from '../domain/order.js';
import { getSupabase } from './client.js';
import { failIf } from './errors.js';
import { queryKeys } from './query-keys.js';
import type { QueryConfig } from './react-query.js';
import { useServerMutation, useServerQuery, type MutationOptions, type QueryOptions } from './react-query.js';
import type { ConfirmedOrder, CustomerPrefill, TrackedOrder } from './rows.js';

/** By the 8-character order number or the full phone number; null when nothing matches. */
export async function trackOrder(term: string): Promise<TrackedOrder | null> {
  const { data, error } = await getSupabase().rpc('track_order', { p_term: term.trim() });
  failIf(error);
  return (data as TrackedOrder | null) ?? null;
}

/** One order by its full id (the confirmation page's link); null for an 8-character number or an unknown id. */
export async function fetchOrderConfirmation(id: string): Promise<ConfirmedOrder | null> {
  const { data, error } = await getSupabase().rpc('order_confirmation', { p_order_id: id.trim() });
  failIf(error);
  return (data as ConfirmedOrder | null) ?? null;
}

/** Cancels the customer's own order while the restaurant has not accepted it (refused after: cancel_too_late). */
export async function cancelMyOrder(id: string): Promise<ConfirmedOrder> {
  const { data, error } = await getSupabase().rpc('cancel_my_order', { p_order_id: id.trim() });
  failIf(error);
  return data as ConfirmedOrder;
}

/** The caller sets the polling (every few seconds while the order waits, as the tracking page). */
export function useOrderConfirmationQuery(id: string, options: QueryOptions<ConfirmedOrder | null> = {}) {
  return useServerQuery(queryKeys.confirmation(id.trim()), () => fetchOrderConfirmation(id), {
    queryConfig: { enabled: id.trim() !== '', ...options.queryConfig },
  });
}

/** What the database sends on `order:<id>` when the order's status or ready time changes: nothing personal. */
export interface OrderTopicMessage {
  status: string;
  ready_at: string | null;
  updated_at: string;
}

const FULL_ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The private topic of one order's page: its full id is the secret (supabase/migrations/20251128110000_live_topics.sql). */
export function orderTopic(id: string): string {
  return `order:${id.trim().toLowerCase()}`;
}

/**
 * A customer's page follows one order live: on each message of `order:<id>` (status or ready time changed), and on
 * each (re)join of the topic (what changed while the page was joining or offline), the query under `queryKey` is
 * read again. Nothing is joined for anything but a full id (an 8-character number would be refused at join).
 */
export function useLiveOrder(
  id: string | undefined,
  queryKey: readonly unknown[],
  { enabled = true, onStatus }: { enabled?: boolean; onStatus?: (status: SubscriptionStatus) => void } = {},
): void {
  const qc = useQueryClient();
  const trimmed = (id ?? '').trim();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (!enabled || !FULL_ORDER_ID.test(trimmed)) return;
    const reread = () => void qc.invalidateQueries({ queryKey: JSON.parse(key) as unknown[] });
    return subscribeToPublicTopic<OrderTopicMessage>(orderTopic(trimmed), reread, { onJoin: reread, onStatus });
  }, [qc, trimmed, key, enabled, onStatus]);
}

/** The confirmation page /commande/<id> follows its order live (useLiveOrder). */
export function useLiveOrderConfirmation(
  id: string,
  options: { enabled?: boolean; onStatus?: (status: SubscriptionStatus) => void } = {},
): void {
  useLiveOrder(id, queryKeys.confirmation(id.trim()), options);
}

/** The page shows the answer at once; the account's history reads its orders again. */
export function useCancelMyOrderMutation(options: MutationOptions<typeof cancelMyOrder> = {}) {
  return useServerMutation(cancelMyOrder, options, {
    update: (qc, order) => qc.setQueryData(queryKeys.confirmation(order.id), order),
    invalidate: [queryKeys.account.orders],
  });
}

/** The signed-in customer's orders (their account or verified e-mail), newest first. */
export async function fetchMyOrders(): Promise<Order[]> {
  const { data, error } = await getSupabase().rpc('my_orders');
  failIf(error);
  return ((data as unknown[]) ?? []).map((r) => orderSchema.parse(r));
}

export async function fetchMyLatestOrder(): Promise<Order | null> {
  return (await fetchMyOrders())[0] ?? null;
}

/** Contact details of the customer's latest order; null before their first order. */
export async function fetchCustomerPrefill(): Promise<CustomerPrefill | null> {
  const { data, error } = await getSupabase().rpc('customer_prefill');
  failIf(error);
  return (data as CustomerPrefill | null) ?? null;
}

/** Nothing is fetched for an empty term; the caller sets the polling (30 s in the spec while the status is not final). */
export function useTrackOrderQuery(
  term: string,
  { queryConfig: config = {} }: { queryConfig?: QueryConfig<TrackedOrder | null> } = {},
) {
  return useQuery({
    enabled: term.trim() !== '',
    ...config,
    queryKey: queryKeys.tracking(term.trim()),
    queryFn: () => trackOrder(term),
  });
}

export function useMyOrdersQuery(
  enabled = true,
  { queryConfig: config = {} }: { queryConfig?: QueryConfig<Order[]> } = {},
) {
  return useQuery({ enabled, ...config, queryKey: queryKeys.account.orders, queryFn: fetchMyOrders });
}

export function useCustomerPrefillQuery(
  enabled = true,
  { queryConfig: config = {} }: { queryConfig?: QueryConfig<CustomerPrefill | null> } = {},
) {
  return useQuery({ enabled, ...config, queryKey: queryKeys.account.prefill, queryFn: fetchCustomerPrefill });
}
