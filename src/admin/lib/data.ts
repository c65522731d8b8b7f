/**
 * The admin's one door to the data layer. Screens import from here only, so the feature code
 * does not care which shared module serves each call.
 */
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '../../shared/data/client.js';
import {
  ACTIVE_STATUS_SPELLINGS,
  luxembourgDate,
  luxembourgInstant,
  orderSchema,
  storeSettingsFromRows,
  type Order,
  type OrderStatus,
  reservationSchema,
  customerSchema,
  type Customer,
  challengeRegistrationSchema,
  type ChallengeRegistration,
  type Reservation,
  type ReservationStatus,
  type StoreSettings,
} from '../../shared/domain/index.js';

export const adminKeys = {
  settings: ['store-settings'] as const,
  activeCount: ['orders', 'active-count'] as const,
};

let channelSeq = 0;
/** A fresh topic per subscription: React may mount a screen twice and the old channel leaves asynchronously. */
export function channelName(base: string): string {
  return `${base}-${++channelSeq}`;
}

function fail(error: { message: string } | null): void {
  if (error) throw new Error(error.message);
}

export async function fetchStoreSettings(): Promise<StoreSettings> {
  const { data, error } = await getSupabase().from('store_settings').select('key, value');
  fail(error);
  return storeSettingsFromRows(data ?? []);
}

export async function saveStoreSetting<K extends keyof StoreSettings>(key: K, value: StoreSettings[K]): Promise<void> {
  const { error } = await getSupabase().from('store_settings').upsert({ key, value }, { onConflict: 'key' });
  fail(error);
}

/** Settings stay live: any change to store_settings refetches them. */
export function useStoreSettings() {
  const qc = useQueryClient();
  useEffect(() => {
    const channel = getSupabase()
      .channel(channelName('admin-store-settings'))
      .on('postgres_changes', { event: '*', schema: 'public', table: 'store_settings' }, () => qc.invalidateQueries({ queryKey: adminKeys.settings }))
      .subscribe();
    return () => void getSupabase().removeChannel(channel);
  }, [qc]);
  return useQuery({ queryKey: adminKeys.settings, queryFn: fetchStoreSettings });
}

export async function fetchActiveOrderCount(): Promise<number> {
  const { count, error } = await getSupabase().from('orders').select('id', { count: 'exact', head: true }).in('status', [...ACTIVE_STATUS_SPELLINGS]);
  fail(error);
  return count ?? 0;
}

export function useActiveOrderCount() {
  const qc = useQueryClient();
  useEffect(() => {
    const channel = getSupabase()
      .channel(channelName('admin-active-count'))
      .on('postgres_changes', { event: '*', schema: 'public', table: 'orders' }, () => qc.invalidateQueries({ queryKey: adminKeys.activeCount }))
      .subscribe();
    return () => void getSupabase().removeChannel(channel);
  }, [qc]);
  return useQuery({ queryKey: adminKeys.activeCount, queryFn: fetchActiveOrderCount });
}

export const orderKeys = {
  all: ['orders'] as const,
  today: ['orders', 'today'] as const,
  stats: ['orders', 'stats'] as const,
  one: (id: string) => ['orders', 'one', id] as const,
  byCustomer: (email: string) => ['orders', 'customer', email] as const,
  archive: (from: string, to: string) => ['orders', 'archive', from, to] as const,
};

function toOrders(rows: unknown[] | null): Order[] {
  return (rows ?? []).map((r) => orderSchema.parse(r));
}

export function startOfTodayInLuxembourg(now = new Date()): Date {
  return luxembourgInstant(luxembourgDate(now));
}

export async function fetchTodayOrders(): Promise<Order[]> {
  const { data, error } = await getSupabase()
    .from('orders')
    .select('*')
    .gte('created_at', startOfTodayInLuxembourg().toISOString())
    .order('created_at', { ascending: false });
  fail(error);
  return toOrders(data);
}

export async function fetchOrder(id: string): Promise<Order | null> {
  const { data, error } = await getSupabase().from('orders').select('*').eq('id', id).maybeSingle();
  fail(error);
  return data ? orderSchema.parse(data) : null;
}

export async function fetchOrdersBetween(from: Date, to: Date): Promise<Order[]> {
  const { data, error } = await getSupabase()
    .from('orders')
    .select('*')
    .gte('created_at', from.toISOString())
    .lt('created_at', to.toISOString())
    .order('created_at', { ascending: false });
  fail(error);
  return toOrders(data);
}

export async function fetchCustomerOrders(email: string): Promise<Order[]> {
  const { data, error } = await getSupabase().from('orders').select('*').eq('customer_email', email).order('created_at', { ascending: false });
  fail(error);
  return toOrders(data);
}

export async function fetchOrderCreatedAtSince(since: Date): Promise<string[]> {
  const { data, error } = await getSupabase().from('orders').select('created_at').gte('created_at', since.toISOString());
  fail(error);
  return (data ?? []).map((r: { created_at: string }) => r.created_at);
}

export async function updateOrderStatus(id: string, status: OrderStatus): Promise<Order> {
  const { data, error } = await getSupabase().from('orders').update({ status }).eq('id', id).select('*').single();
  fail(error);
  return orderSchema.parse(data);
}

export async function deleteOrder(id: string): Promise<void> {
  const { error } = await getSupabase().from('orders').delete().eq('id', id);
  fail(error);
}

async function invoke(name: string, body: Record<string, unknown>): Promise<void> {
  const { data, error } = await getSupabase().functions.invoke(name, { body });
  if (error) {
    let message = error.message;
    const context = (error as { context?: Response }).context;
    if (context && typeof context.json === 'function') {
      const payload = (await context.json().catch(() => null)) as { error?: string; message?: string } | null;
      message = payload?.error ?? payload?.message ?? message;
    }
    throw new Error(message);
  }
  const payload = data as { error?: string } | null;
  if (payload && typeof payload === 'object' && payload.error) throw new Error(payload.error);
}

export const sendSms = (to: string, body: string) => invoke('send-sms-notification', { to, body });
export const sendCustomEmail = (recipientEmail: string, subject: string, htmlContent: string) =>
  invoke('send-custom-email', { recipientEmail, subject, htmlContent });
export const sendBulkEmail = (recipientEmails: string[], subject: string, htmlContent: string) =>
  invoke('send-bulk-email', { recipientEmails, subject, htmlContent });

export const reservationKeys = {
  all: ['reservations'] as const,
  pendingCount: ['reservations', 'pending-count'] as const,
};

export async function fetchReservations(): Promise<Reservation[]> {
  const { data, error } = await getSupabase().from('reservations').select('*').order('created_at', { ascending: false });
  fail(error);
  return (data ?? []).map((r) => reservationSchema.parse(r));
}

export async function fetchPendingReservationCount(): Promise<number> {
  const { count, error } = await getSupabase().from('reservations').select('id', { count: 'exact', head: true }).eq('status', 'En attente');
  fail(error);
  return count ?? 0;
}

export async function updateReservationStatus(id: string, status: ReservationStatus): Promise<void> {
  const { error } = await getSupabase().from('reservations').update({ status }).eq('id', id);
  fail(error);
}

export async function deleteReservation(id: string): Promise<void> {
  const { error } = await getSupabase().from('reservations').delete().eq('id', id);
  fail(error);
}

/** Calls back on every new reservation; returns the unsubscribe. */
export function onNewReservation(listener: () => void): () => void {
  const channel = getSupabase()
    .channel(channelName('admin-reservations'))
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'reservations' }, listener)
    .subscribe();
  return () => void getSupabase().removeChannel(channel);
}

export async function fetchCustomers(): Promise<Customer[]> {
  const { data, error } = await getSupabase().functions.invoke('get-users');
  if (error) throw new Error(error.message);
  const users = ((data as { users?: unknown[] } | null)?.users ?? []) as Array<{ email?: string | null }>;
  return users.filter((u) => !!u.email).map((u) => customerSchema.parse(u));
}

export async function fetchChallengeRegistrations(): Promise<ChallengeRegistration[]> {
  const { data, error } = await getSupabase().from('challenge_registrations').select('*').order('created_at', { ascending: false });
  // A database without the table yet lists no registrations.
  if (error && error.code === '42P01') return [];
  fail(error);
  return (data ?? []).map((r) => challengeRegistrationSchema.parse(r));
}

export interface MenuRow {
  id: string;
  category_id: string;
  name: string;
  price: number;
  unavailable: boolean;
  item_type: string;
  sort_order: number;
}

export const menuKeys = { items: ['menu-items'] as const };

export async function fetchMenuRows(): Promise<MenuRow[]> {
  const { data, error } = await getSupabase()
    .from('menu_items')
    .select('id, category_id, name, price, unavailable, item_type, sort_order')
    .order('sort_order', { ascending: true });
  fail(error);
  return (data ?? []).map((r: MenuRow) => ({ ...r, price: Number(r.price) }));
}

export async function updateMenuItem(id: string, patch: Partial<Pick<MenuRow, 'price' | 'unavailable'>>): Promise<void> {
  const { error } = await getSupabase().from('menu_items').update(patch).eq('id', id);
  fail(error);
}

export type { Order };
