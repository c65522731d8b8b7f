import type { RouteObject } from 'react-router-dom';
import { DashboardPage } from '../features/dashboard/dashboard-page.js';
import { OrderPage } from '../features/orders/order-page.js';

/** Screens inside the layout (sidebar + top bar). */
export const featureRoutes: RouteObject[] = [
  { path: '/dashboard', element: <DashboardPage /> },
  { path: '/order/:orderId', element: <OrderPage /> },
];

/** Screens without the layout: the print pages open in their own tab or popup. */
export const standaloneRoutes: RouteObject[] = [];
