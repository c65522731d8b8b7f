import { useQuery } from '@tanstack/react-query';
import { getSupabase } from './client.js';
import { failIf } from './errors.js';
import { fetchMenu, type Menu } from './public-fetch.js';
import { queryKeys } from './query-keys.js';
import type { QueryConfig } from './react-query.js';

export { fetchMenu, fetchReviews, menuItemFromRow, type Menu } from './public-fetch.js';
export { useReviewsQuery } from './public-queries.js';

/** Admin: mark a dish available or not (the shop shows 'Indisponible'). */
export async function setMenuItemUnavailable(id: string, unavailable: boolean): Promise<void> {
  const { error } = await getSupabase().from('menu_items').update({ unavailable }).eq('id', id);
  failIf(error);
}

export function useMenuQuery({ queryConfig: config = {} }: { queryConfig?: QueryConfig<Menu> } = {}) {
  return useQuery({ staleTime: 5 * 60_000, ...config, queryKey: queryKeys.menu, queryFn: fetchMenu });
}
