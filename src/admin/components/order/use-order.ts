import { useQuery } from '@tanstack/react-query';
import { fetchOrder, orderKeys } from '../../lib/data.js';

export function useOrder(id: string | undefined) {
  return useQuery({ queryKey: orderKeys.one(id ?? ''), queryFn: () => fetchOrder(id!), enabled: !!id, retry: false });
}
