import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  busyModeSettingSchema,
  DEFAULT_STORE_SETTINGS,
  orderingSetting,
  type BusyModeSetting,
  type StoreSettings,
} from '../domain/store-settings.js';
import { getSupabase } from './client.js';
import { fetchStoreSettings } from './public-fetch.js';
import { failIf } from './errors.js';
import { queryKeys } from './query-keys.js';
import { subscribeToPublicTable, type SubscribeOptions, type Unsubscribe } from './channels.js';
import { useServerMutation, type MutationConfig, type QueryConfig } from './react-query.js';

export { fetchStoreSettings } from './public-fetch.js';

/** Admin only (RLS): upsert one key. */
export async function saveStoreSetting<K extends keyof StoreSettings>(
  key: K,
  value: NonNullable<StoreSettings[K]>,
): Promise<void> {
  const { error } = await getSupabase().from('store_settings').upsert({ key, value }, { onConflict: 'key' });
  failIf(error);
}

export const setOrderingEnabled = (enabled: boolean) => saveStoreSetting('ordering', orderingSetting(enabled));
export const setDeliveryEnabled = (enabled: boolean) => saveStoreSetting('delivery_options', { is_enabled: enabled });

/** Calls back with the fresh settings after every change of store_settings. */
export function subscribeToStoreSettings(
  onSettings: (settings: StoreSettings) => void,
  options: SubscribeOptions = {},
): Unsubscribe {
  return subscribeToPublicTable(
    'store_settings',
    '*',
    () => {
      fetchStoreSettings().then(onSettings, () => undefined);
    },
    options,
  );
}

/**
 * The settings, kept live through realtime. A failed read gives the defaults (open, delivery on,
 * no zones), as the spec asks; the server still enforces the real settings on every order.
 */
export function useStoreSettingsQuery({ queryConfig: config = {} }: { queryConfig?: QueryConfig<StoreSettings> } = {}) {
  const qc = useQueryClient();
  useEffect(
    () =>
      subscribeToStoreSettings((s) => qc.setQueryData(queryKeys.storeSettings, s), {
        // A change made before the channel joined (or while offline) sends no event: re-read then.
        onJoin: () => void qc.invalidateQueries({ queryKey: queryKeys.storeSettings }),
      }),
    [qc],
  );
  return useQuery({
    ...config,
    queryKey: queryKeys.storeSettings,
    queryFn: () => fetchStoreSettings().catch(() => structuredClone(DEFAULT_STORE_SETTINGS)),
  });
}

export type StoreSettingChange = {
  [K in keyof StoreSettings]-?: { key: K; value: NonNullable<StoreSettings[K]> };
}[keyof StoreSettings];

const saveStoreSettingChange = (v: StoreSettingChange) => saveStoreSetting(v.key, v.value);

/** Saves, then every reader of the settings refetches; the caller's onSuccess runs after. */
const useSettingsMutation = <V>(
  save: (v: V) => Promise<void>,
  mutationConfig: MutationConfig<(v: V) => Promise<void>>,
) => useServerMutation(save, { mutationConfig }, { invalidate: [queryKeys.storeSettings] });

/** Admin: one key of store_settings. */
export function useSaveStoreSettingMutation({
  mutationConfig = {},
}: { mutationConfig?: MutationConfig<typeof saveStoreSettingChange> } = {}) {
  return useSettingsMutation(saveStoreSettingChange, mutationConfig);
}

/** Admin: open or close the shop to orders (variables: open). */
export function useSetOrderingEnabledMutation({
  mutationConfig = {},
}: { mutationConfig?: MutationConfig<typeof setOrderingEnabled> } = {}) {
  return useSettingsMutation(setOrderingEnabled, mutationConfig);
}

/** Admin: delivery on or off (variables: on). */
export function useSetDeliveryEnabledMutation({
  mutationConfig = {},
}: { mutationConfig?: MutationConfig<typeof setDeliveryEnabled> } = {}) {
  return useSettingsMutation(setDeliveryEnabled, mutationConfig);
}

/** The counter's one-tap busy modes (set_busy_mode): « +20 min » for the next hour, a 30-minute pause, or the end of both. */
export type BusyModeChange = 'extra' | 'pause' | 'end';

/** Admin: sets the busy mode with the server's clock; the shop sees it through the public settings feed. */
export async function setBusyMode(mode: BusyModeChange): Promise<BusyModeSetting> {
  const { data, error } = await getSupabase().rpc('set_busy_mode', { p_mode: mode });
  failIf(error);
  return busyModeSettingSchema.parse(data);
}

/** Admin: the busy mode (variables: the change); the settings are read again after. */
export function useSetBusyModeMutation({
  mutationConfig = {},
}: { mutationConfig?: MutationConfig<typeof setBusyMode> } = {}) {
  return useServerMutation(setBusyMode, { mutationConfig }, { invalidate: [queryKeys.storeSettings] });
}
