import { useEffect } from 'react';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { OpeningException, OpeningSchedule, WeeklyHours } from '../domain/opening-hours.js';
import { getSupabase } from './client.js';
import { fetchOpeningSchedule } from './public-fetch.js';
import { failIf } from './errors.js';
import { queryKeys } from './query-keys.js';
import { subscribeToPublicTable } from './channels.js';

export { fetchOpeningSchedule } from './public-fetch.js';

export const openingHoursKey = queryKeys.openingHours;

/** Admin only (RLS): the whole weekly schedule at once. */
export async function saveWeeklyHours(weekly: WeeklyHours): Promise<void> {
  const { error } = await getSupabase().from('store_settings').update({ value: weekly }).eq('key', 'opening_hours');
  failIf(error);
}

/** Admin only (RLS): adds or replaces the exception of its day. */
export async function saveOpeningException(exception: OpeningException): Promise<void> {
  const { error } = await getSupabase().from('opening_exceptions').upsert(exception, { onConflict: 'day' });
  failIf(error);
}

export async function deleteOpeningException(day: string): Promise<void> {
  const { error } = await getSupabase().from('opening_exceptions').delete().eq('day', day);
  failIf(error);
}

type QueryConfig = Omit<UseQueryOptions<OpeningSchedule>, 'queryKey' | 'queryFn'>;

/**
 * One pair of realtime channels (exceptions, weekly schedule) however many components show the hours:
 * the footer, the cart and the contact page all read the same query.
 */
let listening: { users: number; stop: () => void } | null = null;
function listenToOpeningHours(refetch: () => void): () => void {
  if (!listening) {
    const stops = [
      subscribeToPublicTable('opening_exceptions', '*', refetch, { onJoin: refetch }),
      subscribeToPublicTable('store_settings', '*', refetch, { filter: 'key=eq.opening_hours' }),
    ];
    listening = { users: 0, stop: () => stops.forEach((stop) => stop()) };
  }
  listening.users += 1;
  return () => {
    if (listening && --listening.users === 0) {
      listening.stop();
      listening = null;
    }
  };
}

/**
 * The opening hours, kept live through realtime (weekly schedule and exceptions). A failed read is an error
 * for the screen to show (the owner's hours page must never offer the installed hours to save over the real
 * ones); place_order enforces the real schedule whatever a page shows.
 */
export function useOpeningScheduleQuery({ queryConfig }: { queryConfig?: QueryConfig } = {}) {
  const qc = useQueryClient();
  useEffect(() => listenToOpeningHours(() => void qc.invalidateQueries({ queryKey: openingHoursKey })), [qc]);
  return useQuery({
    queryKey: openingHoursKey,
    queryFn: fetchOpeningSchedule,
    ...queryConfig,
  });
}

type MutationConfig<V> = Omit<UseMutationOptions<void, Error, V>, 'mutationFn'>;

function useOpeningMutation<V>(fn: (v: V) => Promise<void>, mutationConfig?: MutationConfig<V>) {
  const qc = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: fn,
    onSuccess: async (...args) => {
      await qc.invalidateQueries({ queryKey: openingHoursKey });
      await onSuccess?.(...args);
    },
  });
}

export const useSaveWeeklyHoursMutation = ({ mutationConfig }: { mutationConfig?: MutationConfig<WeeklyHours> } = {}) =>
  useOpeningMutation(saveWeeklyHours, mutationConfig);

export const useSaveOpeningExceptionMutation = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<OpeningException> } = {}) =>
  useOpeningMutation(saveOpeningException, mutationConfig);

export const useDeleteOpeningExceptionMutation = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<string> } = {}) => useOpeningMutation(deleteOpeningException, mutationConfig);
