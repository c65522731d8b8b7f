import { useShopMenu } from '../../lib/public-data.js';

/**
 * The menu, refreshed whenever the kitchen marks a dish available or not: the shop follows the menu's
 * changes for the whole visit once the first page has painted (src/shop/lib/live-public-data.ts).
 */
export function useLiveMenu() {
  return useShopMenu();
}
