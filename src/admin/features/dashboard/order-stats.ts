import { useQuery } from '@tanstack/react-query';
import { countOrdersByPeriod, statsQueryStart } from '../../../shared/domain/index.js';
import { fetchOrderCreatedAtSince, orderKeys } from '../../lib/data.js';

/** Today, this week (from Monday) and this month, on Luxembourg's calendar. */
export function useOrderStats() {
  return useQuery({
    queryKey: orderKeys.stats,
    queryFn: async () => {
      const now = new Date();
      return countOrdersByPeriod(await fetchOrderCreatedAtSince(statsQueryStart(now)), now);
    },
    refetchInterval: 60_000,
  });
}
