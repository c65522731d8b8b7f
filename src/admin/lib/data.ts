/**
 * The admin's one door to the data layer. Screens import from here only, so the feature code
 * does not care which shared module serves each call.
 */
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '../../shared/data/client.js';
import { ACTIVE_STATUS_SPELLINGS, storeSettingsFromRows, type Order, type StoreSettings } from '../../shared/domain/index.js';

export const adminKeys = {
  settings: ['store-settings'] as const,
  activeCount: ['orders', 'active-count'] as const,
};

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
      .channel('admin-store-settings')
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
      .channel('admin-active-count')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'orders' }, () => qc.invalidateQueries({ queryKey: adminKeys.activeCount }))
      .subscribe();
    return () => void getSupabase().removeChannel(channel);
  }, [qc]);
  return useQuery({ queryKey: adminKeys.activeCount, queryFn: fetchActiveOrderCount });
}

export type { Order };
