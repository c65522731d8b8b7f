import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { AdminGuard, RoleGate } from './auth/admin-guard.js';
import { LoginPage } from './auth/login-page.js';
import { AdminLayout } from './layout/admin-layout.js';
import { RouteError } from './route-error.js';
import { featureRoutes, invitationRoute, standaloneRoutes } from './routes.js';

const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: <LoginPage /> },
      invitationRoute,
      {
        element: (
          <AdminGuard>
            <AdminLayout />
          </AdminGuard>
        ),
        children: [{ index: true, element: <Navigate to="/dashboard" replace /> }, ...featureRoutes],
      },
      {
        element: (
          <AdminGuard>
            <RoleGate>
              <Outlet />
            </RoleGate>
          </AdminGuard>
        ),
        children: standaloneRoutes,
      },
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: '/admin' });
