import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { ShopLayout } from './layout/shop-layout.js';
import { RequireCustomer } from './require-customer.js';
import { RouteError } from './route-error.js';

/** Each page is its own chunk, loaded on first visit. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

const routes: RouteObject[] = [
  {
    element: <ShopLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: page(() => import('../features/pages/home-page.js')) },
      { path: 'menu', lazy: page(() => import('../features/menu/menu-page.js')) },
      { path: 'menu/:categorySlug', lazy: page(() => import('../features/menu/menu-page.js')) },
      { path: 'suivi-commande', lazy: page(() => import('../features/tracking/tracking-page.js')) },
      { path: 'a-propos', lazy: page(() => import('../features/pages/about-page.js')) },
      { path: 'localisation', lazy: page(() => import('../features/pages/location-page.js')) },
      { path: 'contact', lazy: page(() => import('../features/reservation/contact-page.js')) },
      { path: 'reservation-succes', lazy: page(() => import('../features/reservation/reservation-success-page.js')) },
      { path: 'avis', lazy: page(() => import('../features/pages/reviews-page.js')) },
      { path: 'inscription-defi-burj-khalifa', lazy: page(() => import('../features/challenge/challenge-page.js')) },
      { path: 'mentions-legales', lazy: page(() => import('../features/pages/legal-notice-page.js')) },
      { path: 'politique-confidentialite', lazy: page(() => import('../features/pages/privacy-page.js')) },
      { path: 'conditions-generales', lazy: page(() => import('../features/pages/terms-page.js')) },
      { path: 'register', lazy: page(() => import('../features/account/register-page.js')) },
      { path: 'login', lazy: page(() => import('../features/account/login-page.js')) },
      {
        element: <RequireCustomer />,
        children: [
          { path: 'profil', lazy: page(() => import('../features/account/profile-page.js')) },
          { path: 'mes-commandes', lazy: page(() => import('../features/account/order-history-page.js')) },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
