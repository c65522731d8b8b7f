/**
 * The admin's one door to the data layer (src/shared/data). Screens import from here, so a
 * fetcher moving between shared modules touches one file.
 */
import { getSupabase } from '../../shared/data/client.js';
import { failIf } from '../../shared/data/errors.js';
import { queryKeys } from '../../shared/data/query-keys.js';
import { startOfToday, type Order } from '../../shared/domain/index.js';
import { fetchOrdersSince } from '../../shared/data/orders.js';

export {
  fetchOrder,
  fetchOrdersSince,
  fetchOrdersBetween,
  fetchCustomerOrders,
  updateOrderStatus,
  deleteOrder,
  useOrderStatsQuery as useOrderStats,
  useActiveOrderCountQuery as useActiveOrderCount,
  useUpdateOrderStatusMutation,
  useDeleteOrderMutation,
  useSearchOrdersQuery,
} from '../../shared/data/orders.js';
export {
  saveStoreSetting,
  setOrderingEnabled,
  setDeliveryEnabled,
  saveDeliveryZones,
  useStoreSettingsQuery as useStoreSettings,
} from '../../shared/data/settings.js';
export {
  fetchReservations,
  fetchPendingReservationCount,
  updateReservationStatus,
  deleteReservation,
  subscribeToNewReservations,
} from '../../shared/data/reservations.js';
export { fetchCustomers } from '../../shared/data/customers.js';
export { fetchTakingsReport, useTakingsReportQuery } from '../../shared/data/reports.js';
export { fetchChallengeRegistrations } from '../../shared/data/challenge.js';
export { fetchMenu, setMenuItemUnavailable } from '../../shared/data/menu.js';
export { sendSms, sendPlainEmail, sendCustomEmail, sendBulkEmail } from '../../shared/data/notify.js';
export { queryKeys };

export const orderKeys = {
  ...queryKeys.orders,
  today: ['orders', 'today'] as const,
  archive: queryKeys.orders.between,
};
export const reservationKeys = queryKeys.reservations;
export const adminKeys = { settings: queryKeys.storeSettings };
export const menuKeys = { items: queryKeys.menu };

let channelSeq = 0;
/** A fresh topic per subscription: React may mount a screen twice and the old channel leaves asynchronously. */
export function channelName(base: string): string {
  return `${base}-${++channelSeq}`;
}

export function fetchTodayOrders(): Promise<Order[]> {
  return fetchOrdersSince(startOfToday(new Date()));
}

/** Menu prices: the data layer only switches availability, the price editor needs this one write. */
export async function updateMenuItemPrice(id: string, price: number): Promise<void> {
  const { error } = await getSupabase().from('menu_items').update({ price }).eq('id', id);
  failIf(error);
}

export type { Order };
