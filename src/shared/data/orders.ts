import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { orderSchema, type Order } from '../domain/order.js';
import { newOrderRequestId, type OrderRequest } from '../domain/order-request.js';
import type { OrderStatus } from '../domain/order-status.js';
import { getSupabase } from './client.js';
import { failIf, isLostAnswer } from './errors.js';
import { queryKeys } from './query-keys.js';
import { subscribeToTable, type ChangeEvent, type SubscribeOptions, type Unsubscribe } from './realtime.js';
import type { OrderStats, PlacedOrder } from './rows.js';

const toOrders = (rows: unknown[] | null): Order[] => (rows ?? []).map((r) => orderSchema.parse(r));

/** How often an order whose answer was lost is sent again, and after how long (ms, grows each time). */
export const PLACE_ORDER_RETRIES = { attempts: 3, delayMs: 700 };

/**
 * Places an order through the place_order RPC: the database prices it from the menu and checks
 * every rule. A refusal throws a DataError whose `refusal` has the code, title and French message.
 * A lost answer is retried with the same request id, so the order is placed at most once.
 */
export async function placeOrder(request: OrderRequest, retries = PLACE_ORDER_RETRIES): Promise<PlacedOrder> {
  const payload: OrderRequest = request.requestId ? request : { ...request, requestId: newOrderRequestId() };
  for (let attempt = 1; ; attempt++) {
    const { data, error, status } = await getSupabase().rpc('place_order', { p_order: payload });
    if (error && attempt < retries.attempts && isLostAnswer(status, error)) {
      await new Promise((r) => setTimeout(r, retries.delayMs * attempt));
      continue;
    }
    failIf(error);
    const row = data as { order_number: string; subtotal: number | string };
    return { ...orderSchema.parse(data), order_number: row.order_number, subtotal: Number(row.subtotal) };
  }
}

export async function fetchOrder(id: string): Promise<Order | null> {
  const { data, error } = await getSupabase().from('orders').select('*').eq('id', id).maybeSingle();
  failIf(error);
  return data ? orderSchema.parse(data) : null;
}

/** Orders created at or after `since`, newest first (admin: today's orders). */
export async function fetchOrdersSince(since: Date): Promise<Order[]> {
  const { data, error } = await getSupabase()
    .from('orders')
    .select('*')
    .gte('created_at', since.toISOString())
    .order('created_at', { ascending: false });
  failIf(error);
  return toOrders(data);
}

/** Orders created in [from, to), newest first (archive periods). */
export async function fetchOrdersBetween(from: Date, to: Date): Promise<Order[]> {
  const { data, error } = await getSupabase()
    .from('orders')
    .select('*')
    .gte('created_at', from.toISOString())
    .lt('created_at', to.toISOString())
    .order('created_at', { ascending: false });
  failIf(error);
  return toOrders(data);
}

/** Admin: one customer's orders by e-mail (any letter case), newest first. */
export async function fetchCustomerOrders(email: string): Promise<Order[]> {
  const exact = email.trim().replace(/[\\%_*]/g, (c) => `\\${c}`);
  const { data, error } = await getSupabase()
    .from('orders')
    .select('*')
    .ilike('customer_email', exact)
    .order('created_at', { ascending: false });
  failIf(error);
  return toOrders(data);
}

export async function updateOrderStatus(id: string, status: OrderStatus): Promise<Order> {
  const { data, error } = await getSupabase().from('orders').update({ status }).eq('id', id).select('*').single();
  failIf(error);
  return orderSchema.parse(data);
}

/** Orders waiting for staff to accept them (any day), oldest first. */
export async function fetchWaitingOrders(): Promise<Order[]> {
  const { data, error } = await getSupabase()
    .from('orders')
    .select('*')
    .eq('status', 'En attente')
    .order('created_at', { ascending: true });
  failIf(error);
  return toOrders(data);
}

/** Admin: accept with a ready time, in minutes from now or as an instant (neither: pre-order time or the default). */
export async function acceptOrder(id: string, ready: { minutes?: number; readyAt?: string } = {}): Promise<Order> {
  const { data, error } = await getSupabase().rpc('accept_order', {
    p_order_id: id,
    p_ready_at: ready.readyAt ?? null,
    p_minutes: ready.minutes ?? null,
  });
  failIf(error);
  return orderSchema.parse(data);
}

/** Admin: refuse (cancel) with a reason the customer is told. */
export async function refuseOrder(id: string, reason: string): Promise<Order> {
  const { data, error } = await getSupabase().rpc('refuse_order', { p_order_id: id, p_reason: reason });
  failIf(error);
  return orderSchema.parse(data);
}

/** Full 15-minute slots of a day ("HH:MM") and, for today, where an immediate order lands. */
export interface SlotAvailability {
  date: string;
  capacity_limited: boolean;
  full: string[];
  asap: { slot: string; full: boolean; next_free: string | null } | null;
}

export async function fetchSlotAvailability(method: 'delivery' | 'pickup', date?: string): Promise<SlotAvailability> {
  const { data, error } = await getSupabase().rpc('order_slot_availability', {
    p_method: method,
    p_date: date ?? null,
  });
  failIf(error);
  return data as SlotAvailability;
}

export function useSlotAvailabilityQuery(method: 'delivery' | 'pickup', date: string | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.slots(method, date ?? 'today'),
    queryFn: () => fetchSlotAvailability(method, date ?? undefined),
    enabled,
    refetchInterval: 60_000,
  });
}

export async function deleteOrder(id: string): Promise<void> {
  const { error } = await getSupabase().from('orders').delete().eq('id', id);
  failIf(error);
}

/** Admin: by number prefix, phone, e-mail or name; newest first. */
export async function searchOrders(term: string): Promise<Order[]> {
  const { data, error } = await getSupabase().rpc('search_orders_by_term', { p_search_term: term.trim() });
  failIf(error);
  return toOrders(data as unknown[]);
}

/** Admin: orders today, this week (from Monday) and this month, on the Luxembourg calendar. */
export async function fetchOrderStats(): Promise<OrderStats> {
  const { data, error } = await getSupabase().rpc('order_stats');
  failIf(error);
  return data as OrderStats;
}

/** Admin: orders in an active status (the sidebar badge). */
export async function fetchActiveOrderCount(): Promise<number> {
  const { data, error } = await getSupabase().rpc('active_order_count');
  failIf(error);
  return Number(data);
}

export function subscribeToOrders(
  onChange: (change: RealtimePostgresChangesPayload<Order>) => void,
  { event = '*', ...options }: SubscribeOptions & { event?: ChangeEvent } = {},
): Unsubscribe {
  return subscribeToTable<Order>('orders', event, onChange, options);
}

/** Refetches every order query on any change of orders the user may see. */
function useOrdersLive(): void {
  const qc = useQueryClient();
  useEffect(() => subscribeToOrders(() => void qc.invalidateQueries({ queryKey: queryKeys.orders.all })), [qc]);
}

export function usePlaceOrderMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (request: OrderRequest) => placeOrder(request),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.account.all }),
  });
}

export function useOrderQuery(id: string) {
  return useQuery({ queryKey: queryKeys.orders.one(id), queryFn: () => fetchOrder(id) });
}

export function useOrdersSinceQuery(since: Date, options: { refetchInterval?: number } = {}) {
  useOrdersLive();
  return useQuery({
    queryKey: queryKeys.orders.since(since.toISOString()),
    queryFn: () => fetchOrdersSince(since),
    ...options,
  });
}

export function useOrdersBetweenQuery(from: Date, to: Date) {
  return useQuery({
    queryKey: queryKeys.orders.between(from.toISOString(), to.toISOString()),
    queryFn: () => fetchOrdersBetween(from, to),
  });
}

export function useCustomerOrdersQuery(email: string) {
  return useQuery({ queryKey: queryKeys.orders.byCustomer(email), queryFn: () => fetchCustomerOrders(email) });
}

export function useOrderStatsQuery() {
  useOrdersLive();
  return useQuery({ queryKey: queryKeys.orders.stats, queryFn: fetchOrderStats });
}

export function useActiveOrderCountQuery() {
  useOrdersLive();
  return useQuery({ queryKey: queryKeys.orders.activeCount, queryFn: fetchActiveOrderCount });
}

export function useSearchOrdersQuery(term: string) {
  return useQuery({
    queryKey: queryKeys.orders.search(term.trim()),
    queryFn: () => searchOrders(term),
    enabled: term.trim() !== '',
  });
}

export function useUpdateOrderStatusMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; status: OrderStatus }) => updateOrderStatus(v.id, v.status),
    onSuccess: (order) => {
      qc.setQueryData(queryKeys.orders.one(order.id), order);
      return qc.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}

export function useDeleteOrderMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
