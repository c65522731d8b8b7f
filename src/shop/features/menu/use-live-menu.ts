import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, subscribeToTable, useMenuQuery } from '../../lib/data.js';

/** The menu, refreshed whenever the kitchen marks a dish available or not. */
export function useLiveMenu() {
  const qc = useQueryClient();
  useEffect(() => {
    const refresh = () => void qc.invalidateQueries({ queryKey: queryKeys.menu });
    // Every change, and every (re)join: a change made while the page was loading or offline is not missed.
    return subscribeToTable('menu_items', '*', refresh, { onJoin: refresh });
  }, [qc]);
  return useMenuQuery();
}
