import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { AdminGuard } from './auth/admin-guard.js';
import { LoginPage } from './auth/login-page.js';
import { AdminLayout } from './layout/admin-layout.js';
import { featureRoutes, standaloneRoutes } from './routes.js';

const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  {
    element: (
      <AdminGuard>
        <AdminLayout />
      </AdminGuard>
    ),
    children: [{ index: true, element: <Navigate to="/dashboard" replace /> }, ...featureRoutes],
  },
  ...standaloneRoutes.map((r) => ({ ...r, element: <AdminGuard>{r.element}</AdminGuard> })),
  { path: '*', element: <Navigate to="/dashboard" replace /> },
];

export const router = createBrowserRouter(routes, { basename: '/admin' });
