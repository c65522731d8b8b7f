import { useQuery } from '@tanstack/react-query';
import { orderSchema, type Order } from '../domain/order.js';
import { getSupabase } from './client.js';
import { failIf } from './errors.js';
import { queryKeys } from './query-keys.js';
import type { QueryConfig } from './react-query.js';
import type { CustomerPrefill, TrackedOrder } from './rows.js';

/** By the 8-character order number or the full phone number; null when nothing matches. */
export async function trackOrder(term: string): Promise<TrackedOrder | null> {
  const { data, error } = await getSupabase().rpc('track_order', { p_term: term.trim() });
  failIf(error);
  return (data as TrackedOrder | null) ?? null;
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
