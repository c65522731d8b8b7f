import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, subscribeToTable, useMenuQuery } from '../../lib/data.js';

/** The menu, refreshed whenever the kitchen marks a dish available or not. */
export function useLiveMenu() {
  const qc = useQueryClient();
  useEffect(() => subscribeToTable('menu_items', '*', () => void qc.invalidateQueries({ queryKey: queryKeys.menu })), [qc]);
  return useMenuQuery();
}
