import type { RouteObject } from 'react-router-dom';
import { ArchivePage } from '../features/archive/archive-page.js';
import { ChallengePage } from '../features/challenge/challenge-page.js';
import { CustomerOrdersPage } from '../features/customers/customer-orders-page.js';
import { CustomersPage } from '../features/customers/customers-page.js';
import { DashboardPage } from '../features/dashboard/dashboard-page.js';
import { DeliveryZonesPage } from '../features/delivery/delivery-zones-page.js';
import { MenuPage } from '../features/menu/menu-page.js';
import { OrderPage } from '../features/orders/order-page.js';
import { PrinterPage } from '../features/printer/printer-page.js';
import { PrintOrderPage } from '../features/print/print-order-page.js';
import { ThermalPrintPage } from '../features/print/thermal-print-page.js';
import { PromotionsPage } from '../features/promotions/promotions-page.js';
import { ReservationsPage } from '../features/reservations/reservations-page.js';
import { SettingsPage } from '../features/settings/settings-page.js';

/** Screens inside the layout (sidebar + top bar). */
export const featureRoutes: RouteObject[] = [
  { path: '/dashboard', element: <DashboardPage /> },
  { path: '/order/:orderId', element: <OrderPage /> },
  { path: '/reservations', element: <ReservationsPage /> },
  { path: '/archive-commandes', element: <ArchivePage /> },
  { path: '/inscriptions-defi', element: <ChallengePage /> },
  { path: '/customers', element: <CustomersPage /> },
  { path: '/customers/:customerEmail/orders', element: <CustomerOrdersPage /> },
  { path: '/promotions', element: <PromotionsPage /> },
  { path: '/settings', element: <SettingsPage /> },
  { path: '/delivery-settings', element: <DeliveryZonesPage /> },
  { path: '/menu', element: <MenuPage /> },
  { path: '/printer', element: <PrinterPage /> },
];

/** Screens without the layout: the print pages open in their own tab or popup. */
export const standaloneRoutes: RouteObject[] = [
  { path: '/print-order/:orderId', element: <PrintOrderPage /> },
  { path: '/print-order', element: <PrintOrderPage /> },
  { path: '/thermal-print/:orderId', element: <ThermalPrintPage /> },
  { path: '/thermal-print', element: <ThermalPrintPage /> },
];
