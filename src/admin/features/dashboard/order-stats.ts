import { useQuery } from '@tanstack/react-query';
import { addDays, luxembourgDate, luxembourgInstant, weekdayOf } from '../../../shared/domain/index.js';
import { fetchOrderCreatedAtSince, orderKeys } from '../../lib/data.js';

export interface StatPeriods {
  today: Date;
  week: Date;
  month: Date;
}

/** Starts of today, this week (Monday) and this month, on Luxembourg's clock. */
export function statPeriods(now = new Date()): StatPeriods {
  const date = luxembourgDate(now);
  const mondayOffset = (weekdayOf(date) + 6) % 7;
  return {
    today: luxembourgInstant(date),
    week: luxembourgInstant(addDays(date, -mondayOffset)),
    month: luxembourgInstant(`${date.slice(0, 8)}01`),
  };
}

export interface OrderStats {
  today: number;
  week: number;
  month: number;
}

export function countOrders(createdAt: readonly string[], periods: StatPeriods): OrderStats {
  const times = createdAt.map((c) => new Date(c).getTime());
  const since = (d: Date) => times.filter((t) => t >= d.getTime()).length;
  return { today: since(periods.today), week: since(periods.week), month: since(periods.month) };
}

export function useOrderStats() {
  return useQuery({
    queryKey: orderKeys.stats,
    queryFn: async () => {
      const periods = statPeriods();
      // The week may start in the previous month.
      const from = periods.week < periods.month ? periods.week : periods.month;
      return countOrders(await fetchOrderCreatedAtSince(from), periods);
    },
    refetchInterval: 60_000,
  });
}
