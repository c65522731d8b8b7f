import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { orderSchema, type Order } from '../domain/order.js';
import { newOrderRequestId, type OrderRequest } from '../domain/order-request.js';
import { phoneToSend } from '../domain/contact-fields.js';
import { normaliseStatus, type OrderStatus } from '../domain/order-status.js';
import { counterDayOrder, dueDay } from '../domain/order-due.js';
import { restaurantDate } from '../domain/restaurant-time.js';
import { getSupabase, newestFirst } from './client.js';
import { failIf, isLostAnswer, refusalOf } from './errors.js';
import { queryKeys } from './query-keys.js';
import {
  subscribeToChangesTopic,
  type ChangeEvent,
  type SubscribeOptions,
  type SubscriptionStatus,
  type Unsubscribe,
} from './realtime.js';
import type { OrderStats, PlacedOrder } from './rows.js';
import {
  useServerMutation,
  useServerQuery,
  type MutationConfig,
  type MutationOptions,
  type QueryConfig,
  type QueryOptions,
} from './react-query.js';

const toOrders = (rows: unknown[] | null): Order[] => (rows ?? []).map((r) => orderSchema.parse(r));

/** How often an order whose answer was lost is sent again, and after how long (ms, grows each time). */
export const PLACE_ORDER_RETRIES = { attempts: 3, delayMs: 700 };

/**
 * Places an order through the place_order RPC: the database prices it from the menu and checks
 * every rule. A refusal throws a DataError whose `refusal` has the code, title and French message.
 * A lost answer is retried with the same request id, so the order is placed at most once.
 */
export async function placeOrder(request: OrderRequest, retries = PLACE_ORDER_RETRIES): Promise<PlacedOrder> {
  // The phone in E.164, as the database stores it (it checks the shape only: contact-fields.ts).
  const payload: OrderRequest = {
    ...request,
    customer: { ...request.customer, phone: phoneToSend(request.customer.phone) },
    requestId: request.requestId || newOrderRequestId(),
  };
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

/**
 * Admin: the counter's day on the Luxembourg calendar of `now` (this device's clock): the orders due that day
 * by due time (a pre-order on its date, whenever it was placed), then the pre-orders placed that day for later.
 */
export async function fetchDayOrders(now: Date): Promise<Order[]> {
  const { data, error } = await getSupabase().rpc('day_orders', { p_now: now.toISOString() });
  failIf(error);
  return toOrders(data as unknown[]);
}

/**
 * Admin: the pre-orders due on the `days` Luxembourg days after the day of `now` (this device's clock), by due time,
 * cancelled ones left out (upcoming_orders): the kitchen's plan.
 */
export async function fetchUpcomingOrders(now: Date, days: number): Promise<Order[]> {
  const { data, error } = await getSupabase().rpc('upcoming_orders', { p_now: now.toISOString(), p_days: days });
  failIf(error);
  return toOrders(data as unknown[]);
}

/** Orders created in [from, to), newest first (archive periods). */
export async function fetchOrdersBetween(from: Date, to: Date): Promise<Order[]> {
  const { data, error } = await newestFirst('orders')
    .gte('created_at', from.toISOString())
    .lt('created_at', to.toISOString());
  failIf(error);
  return toOrders(data);
}

/** Admin: one customer's orders by e-mail (any letter case), newest first. */
export async function fetchCustomerOrders(email: string): Promise<Order[]> {
  const exact = email.trim().replace(/[\\%_*]/g, (c) => `\\${c}`);
  const { data, error } = await newestFirst('orders').ilike('customer_email', exact);
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

/** What refuse_client_orders did: how many orders it refused, and until when the phone (and address) are blocked. */
export interface ClientRefusal {
  refused: number;
  blocked_until: string;
  address_blocked: boolean;
}

/**
 * Admin: refuses every order not reviewed yet from this order's phone or client address, with the
 * reason the customers are told, and blocks both for online orders until the end of the day.
 */
export async function refuseClientOrders(id: string, reason: string): Promise<ClientRefusal> {
  const { data, error } = await getSupabase().rpc('refuse_client_orders', { p_order_id: id, p_reason: reason });
  failIf(error);
  return data as ClientRefusal;
}

/** Full 15-minute slots of a day ("HH:MM") and, for today, where an immediate order lands. */
export interface SlotAvailability {
  date: string;
  capacity_limited: boolean;
  full: string[];
  /** Today only; preorder_from: the first time a pre-order of today may be for ('24:00': none left today). */
  asap: { slot: string; full: boolean; next_free: string | null; preorder_from?: string } | null;
}

export async function fetchSlotAvailability(method: 'delivery' | 'pickup', date?: string): Promise<SlotAvailability> {
  const { data, error } = await getSupabase().rpc('order_slot_availability', {
    p_method: method,
    p_date: date ?? null,
  });
  failIf(error);
  return data as SlotAvailability;
}

export function useSlotAvailabilityQuery(
  method: 'delivery' | 'pickup',
  date: string | null,
  enabled = true,
  { queryConfig: config = {} }: { queryConfig?: QueryConfig<SlotAvailability> } = {},
) {
  return useQuery({
    enabled,
    refetchInterval: 60_000,
    ...config,
    queryKey: queryKeys.slots(method, date ?? 'today'),
    queryFn: () => fetchSlotAvailability(method, date ?? undefined),
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

/** The back office's topic of every order change (supabase/migrations/20251128110000_live_topics.sql). */
export const ADMIN_ORDERS_TOPIC = 'orders:admin';

/** Admin: every change of any order, over the private topic `orders:admin` (staff only, checked at join). */
export function subscribeToOrders(
  onChange: (change: RealtimePostgresChangesPayload<Order>) => void,
  { event = '*', ...options }: SubscribeOptions & { event?: ChangeEvent } = {},
): Unsubscribe {
  return subscribeToChangesTopic<Order>(ADMIN_ORDERS_TOPIC, event, onChange, options);
}

/** Refetches every order query on any change of orders the user may see. */
function useOrdersLive(): void {
  const qc = useQueryClient();
  useEffect(() => subscribeToOrders(() => void qc.invalidateQueries({ queryKey: queryKeys.orders.all })), [qc]);
}

export interface LiveOrderHandlers {
  /** A new order, already in today's list (when due today or placed today). */
  onInsert?: (order: Order) => void;
  onStatus?: (status: SubscriptionStatus) => void;
}

/**
 * Admin: the order caches follow realtime. A new order goes into today's list at once, at its due time (stats
 * and the waiting list refetch); an order accepted or refused elsewhere leaves the waiting list at once
 * (the chime stops) before the refetch; any other change, a re-join after a lost connection and the
 * browser coming back online refetch every order list, so orders missed meanwhile arrive too.
 */
export function useLiveOrderCache({ onInsert, onStatus }: LiveOrderHandlers = {}): void {
  const qc = useQueryClient();
  const handlers = useRef({ onInsert, onStatus });
  useEffect(() => {
    handlers.current = { onInsert, onStatus };
  });
  useEffect(() => {
    let lostOnce = false;
    const stop = subscribeToOrders(
      (change) => {
        if (change.eventType === 'INSERT') {
          const parsed = orderSchema.safeParse(change.new);
          if (!parsed.success) return void qc.invalidateQueries({ queryKey: queryKeys.orders.today });
          insertIntoToday(qc, parsed.data);
          handlers.current.onInsert?.(parsed.data);
          void qc.invalidateQueries({ queryKey: queryKeys.orders.stats });
          void qc.invalidateQueries({ queryKey: queryKeys.orders.waiting });
          return;
        }
        if (change.eventType === 'UPDATE') {
          const row = change.new as { id?: string; status?: string };
          if (row.id && row.status && normaliseStatus(row.status) !== 'En attente') {
            qc.setQueryData<Order[]>(queryKeys.orders.waiting, (list) => list?.filter((o) => o.id !== row.id));
          }
        }
        void qc.invalidateQueries({ queryKey: queryKeys.orders.all });
      },
      {
        onStatus: (status) => {
          handlers.current.onStatus?.(status);
          if (status !== 'SUBSCRIBED') lostOnce = true;
          else if (lostOnce) void qc.invalidateQueries({ queryKey: queryKeys.orders.all });
        },
      },
    );
    const backOnline = () => void qc.invalidateQueries({ queryKey: queryKeys.orders.all });
    window.addEventListener('online', backOnline);
    return () => {
      window.removeEventListener('online', backOnline);
      stop();
    };
  }, [qc]);
}

function insertIntoToday(qc: QueryClient, order: Order): void {
  const today = restaurantDate(new Date());
  if (dueDay(order) !== today && restaurantDate(new Date(order.created_at)) !== today) return;
  qc.setQueryData<Order[]>(queryKeys.orders.today, (list) =>
    list && !list.some((o) => o.id === order.id) ? counterDayOrder([...list, order], today) : list,
  );
}

const placeOrderOnce = (request: OrderRequest) => placeOrder(request);

/** A slot that filled up meanwhile re-reads the free times, so the next press takes the one offered. */
export function usePlaceOrderMutation({
  mutationConfig: { onSuccess, onError, ...config } = {},
}: { mutationConfig?: MutationConfig<typeof placeOrderOnce> } = {}) {
  const qc = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: placeOrderOnce,
    onSuccess: async (...args) => {
      await qc.invalidateQueries({ queryKey: queryKeys.account.all });
      return onSuccess?.(...args);
    },
    onError: (error, ...rest) => {
      const code = refusalOf(error)?.code;
      if (code === 'kitchen_busy' || code === 'slot_full') void qc.invalidateQueries({ queryKey: queryKeys.allSlots });
      return onError?.(error, ...rest);
    },
  });
}

/** One order; with an empty id nothing is fetched. */
export function useOrderQuery(
  id: string | undefined,
  { queryConfig: config = {} }: { queryConfig?: QueryConfig<Order | null> } = {},
) {
  return useQuery({
    enabled: !!id,
    ...config,
    queryKey: queryKeys.orders.one(id ?? ''),
    queryFn: () => fetchOrder(id!),
  });
}

/** Admin: today's counter day (Luxembourg) under one key that realtime inserts can update in place. */
export function fetchTodayOrders(): Promise<Order[]> {
  return fetchDayOrders(new Date());
}

/** `onFetched` sees every fetch (first load, poll, refetch) before the screens do: the order feed announces from it. */
export function useTodayOrdersQuery({
  queryConfig: config = {},
  onFetched,
}: { queryConfig?: QueryConfig<Order[]>; onFetched?: (orders: Order[]) => void } = {}) {
  return useQuery({
    ...config,
    queryKey: queryKeys.orders.today,
    queryFn: async () => {
      const orders = await fetchTodayOrders();
      onFetched?.(orders);
      return orders;
    },
  });
}

/** Admin: the coming days from the Luxembourg day of `now` (pass a stable instant, e.g. the minute). */
export function useUpcomingOrdersQuery(
  now: Date,
  days: number,
  { queryConfig: config = {} }: { queryConfig?: QueryConfig<Order[]> } = {},
) {
  return useQuery({
    ...config,
    queryKey: queryKeys.orders.upcoming(restaurantDate(now), days),
    queryFn: () => fetchUpcomingOrders(now, days),
  });
}

export function useOrdersBetweenQuery(
  from: Date,
  to: Date,
  { queryConfig: config = {} }: { queryConfig?: QueryConfig<Order[]> } = {},
) {
  return useQuery({
    ...config,
    queryKey: queryKeys.orders.between(from.toISOString(), to.toISOString()),
    queryFn: () => fetchOrdersBetween(from, to),
  });
}

export function useCustomerOrdersQuery(
  email: string,
  { queryConfig: config = {} }: { queryConfig?: QueryConfig<Order[]> } = {},
) {
  return useQuery({
    ...config,
    queryKey: queryKeys.orders.byCustomer(email),
    queryFn: () => fetchCustomerOrders(email),
  });
}

export function useOrderStatsQuery(options?: QueryOptions<OrderStats>) {
  useOrdersLive();
  return useServerQuery(queryKeys.orders.stats, fetchOrderStats, options);
}

export function useActiveOrderCountQuery(options?: QueryOptions<number>) {
  useOrdersLive();
  return useServerQuery(queryKeys.orders.activeCount, fetchActiveOrderCount, options);
}

export function useSearchOrdersQuery(
  term: string,
  { queryConfig: config = {} }: { queryConfig?: QueryConfig<Order[]> } = {},
) {
  return useQuery({
    enabled: term.trim() !== '',
    ...config,
    queryKey: queryKeys.orders.search(term.trim()),
    queryFn: () => searchOrders(term),
  });
}

/** Orders waiting for acceptance, oldest first. */
export const useWaitingOrdersQuery = (options?: QueryOptions<Order[]>) =>
  useServerQuery(queryKeys.orders.waiting, fetchWaitingOrders, options);

const setOrderStatus = (v: { id: string; status: OrderStatus }) => updateOrderStatus(v.id, v.status);

/** The order's row is replaced in the cache at once; every order list refetches. */
export const useUpdateOrderStatusMutation = (options?: MutationOptions<typeof setOrderStatus>) =>
  useServerMutation(setOrderStatus, options, {
    update: (qc, order) => qc.setQueryData(queryKeys.orders.one(order.id), order),
    invalidate: [queryKeys.orders.all],
  });

export const useDeleteOrderMutation = (options?: MutationOptions<typeof deleteOrder>) =>
  useServerMutation(deleteOrder, options, { invalidate: [queryKeys.orders.all] });

const refuseClient = (v: { id: string; reason: string }) => refuseClientOrders(v.id, v.reason);
export const useRefuseClientOrdersMutation = (options?: MutationOptions<typeof refuseClient>) =>
  useServerMutation(refuseClient, options, { invalidate: [queryKeys.orders.all] });

/**
 * Accept or refuse: the order leaves the waiting list at once and every order list refetches; a failure
 * re-reads the waiting list (the order may have been handled on another device meanwhile).
 */
function useDecideOrderMutation<V extends { order: Order }>(
  decide: (v: V) => Promise<Order>,
  { onError, ...config }: MutationConfig<(v: V) => Promise<Order>>,
) {
  const qc = useQueryClient();
  const onDecideError: typeof onError = (...args) => {
    void qc.invalidateQueries({ queryKey: queryKeys.orders.waiting });
    return onError?.(...args);
  };
  return useServerMutation(
    decide,
    { mutationConfig: { ...config, onError: onDecideError } },
    {
      update: (cache, order) =>
        cache.setQueryData<Order[]>(queryKeys.orders.waiting, (list) => list?.filter((o) => o.id !== order.id)),
      invalidate: [queryKeys.orders.all],
    },
  );
}

const acceptWithMinutes = (v: { order: Order; minutes?: number }) =>
  acceptOrder(v.order.id, v.minutes ? { minutes: v.minutes } : {});
const refuseWithReason = (v: { order: Order; reason: string }) => refuseOrder(v.order.id, v.reason);

export function useAcceptOrderMutation({
  mutationConfig: config = {},
}: { mutationConfig?: MutationConfig<typeof acceptWithMinutes> } = {}) {
  return useDecideOrderMutation(acceptWithMinutes, config);
}

export function useRefuseOrderMutation({
  mutationConfig: config = {},
}: { mutationConfig?: MutationConfig<typeof refuseWithReason> } = {}) {
  return useDecideOrderMutation(refuseWithReason, config);
}
