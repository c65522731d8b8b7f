import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { takingsReportSchema, type TakingsReport } from '../domain/takings.js';
import { getSupabase } from './client.js';
import { failIf } from './errors.js';
import { subscribeToOrders } from './orders.js';
import { queryKeys } from './query-keys.js';
import type { QueryConfig } from './react-query.js';

/** Admin: the takings report of Luxembourg days from..to (YYYY-MM-DD, at most 366 days), amounts in cents. */
export async function fetchTakingsReport(from: string, to: string): Promise<TakingsReport> {
  const { data, error } = await getSupabase().rpc('takings_report', { p_from: from, p_to: to });
  failIf(error);
  return takingsReportSchema.parse(data);
}

/** Kept live: any order change (a new order, a status set to Livrée) refetches the figures. */
export function useTakingsReportQuery(
  from: string,
  to: string,
  enabled = true,
  { queryConfig: config = {} }: { queryConfig?: QueryConfig<TakingsReport> } = {},
) {
  const qc = useQueryClient();
  useEffect(
    () => subscribeToOrders(() => void qc.invalidateQueries({ queryKey: queryKeys.orders.takings(from, to) })),
    [qc, from, to],
  );
  return useQuery({
    enabled,
    retry: false,
    ...config,
    queryKey: queryKeys.orders.takings(from, to),
    queryFn: () => fetchTakingsReport(from, to),
  });
}
