import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { DashboardPage } from '../features/dashboard/dashboard-page.js';

/** A screen loaded on its first visit (its own chunk); `pick` names the page's export. */
const screen =
  <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

/** Screens inside the layout (sidebar + top bar). The dashboard, where the counter lives, loads with the app. */
export const featureRoutes: RouteObject[] = [
  { path: '/dashboard', element: <DashboardPage /> },
  {
    path: '/order/:orderId',
    lazy: screen(
      () => import('../features/orders/order-page.js'),
      (m) => m.OrderPage,
    ),
  },
  {
    path: '/upcoming',
    lazy: screen(
      () => import('../features/upcoming/upcoming-page.js'),
      (m) => m.UpcomingPage,
    ),
  },
  {
    path: '/reservations',
    lazy: screen(
      () => import('../features/reservations/reservations-page.js'),
      (m) => m.ReservationsPage,
    ),
  },
  {
    path: '/archive-commandes',
    lazy: screen(
      () => import('../features/archive/archive-page.js'),
      (m) => m.ArchivePage,
    ),
  },
  {
    path: '/inscriptions-defi',
    lazy: screen(
      () => import('../features/challenge/challenge-page.js'),
      (m) => m.ChallengePage,
    ),
  },
  {
    path: '/customers',
    lazy: screen(
      () => import('../features/customers/customers-page.js'),
      (m) => m.CustomersPage,
    ),
  },
  {
    path: '/customers/:customerEmail/orders',
    lazy: screen(
      () => import('../features/customers/customer-orders-page.js'),
      (m) => m.CustomerOrdersPage,
    ),
  },
  {
    path: '/promotions',
    lazy: screen(
      () => import('../features/promotions/promotions-page.js'),
      (m) => m.PromotionsPage,
    ),
  },
  {
    path: '/settings',
    lazy: screen(
      () => import('../features/settings/settings-page.js'),
      (m) => m.SettingsPage,
    ),
  },
  {
    path: '/security',
    lazy: screen(
      () => import('../features/security/security-page.js'),
      (m) => m.SecurityPage,
    ),
  },
  {
    path: '/delivery-settings',
    lazy: screen(
      () => import('../features/delivery/delivery-zones-page.js'),
      (m) => m.DeliveryZonesPage,
    ),
  },
  {
    path: '/menu',
    lazy: screen(
      () => import('../features/menu/menu-page.js'),
      (m) => m.MenuPage,
    ),
  },
  {
    path: '/offers',
    lazy: screen(
      () => import('../features/menu/offers-page.js'),
      (m) => m.OffersPage,
    ),
  },
  {
    path: '/opening-hours',
    lazy: screen(
      () => import('../features/hours/hours-page.js'),
      (m) => m.HoursPage,
    ),
  },
  {
    path: '/printer',
    lazy: screen(
      () => import('../features/print/printer-page.js'),
      (m) => m.PrinterPage,
    ),
  },
  {
    path: '/reports',
    lazy: screen(
      () => import('../features/reports/reports-page.js'),
      (m) => m.ReportsPage,
    ),
  },
  {
    path: '/staff',
    lazy: screen(
      () => import('../features/staff/staff-page.js'),
      (m) => m.StaffPage,
    ),
  },
];

/** The invitation's landing page: before any role, the invitee signs in by the link itself. */
export const invitationRoute: RouteObject = {
  path: '/convite',
  lazy: screen(
    () => import('../features/staff/invite-page.js'),
    (m) => m.InvitePage,
  ),
};

const printOrder = screen(
  () => import('../features/print/print-order-page.js'),
  (m) => m.PrintOrderPage,
);
const thermalPrint = screen(
  () => import('../features/print/thermal-print-page.js'),
  (m) => m.ThermalPrintPage,
);

/** Screens without the layout: the print pages open in their own tab or popup. */
export const standaloneRoutes: RouteObject[] = [
  { path: '/print-order/:orderId', lazy: printOrder },
  { path: '/print-order', lazy: printOrder },
  { path: '/thermal-print/:orderId', lazy: thermalPrint },
  { path: '/thermal-print', lazy: thermalPrint },
  {
    path: '/print-report',
    lazy: screen(
      () => import('../features/reports/print-report-page.js'),
      (m) => m.PrintReportPage,
    ),
  },
];
