import { Component, lazy, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { ShopLayout } from './layout/shop-layout.js';
import { RequireCustomer } from './require-customer.js';
import { RouteError } from './route-error.js';

// Each page is its own chunk, loaded on first visit. The declarative router (no loaders or actions)
// keeps react-router's data-router code out of the first load: about 17 KB of gzipped JavaScript.
const HomePage = lazy(() => import('../features/pages/home-page.js'));
const MenuPage = lazy(() => import('../features/menu/menu-page.js'));
const TrackingPage = lazy(() => import('../features/tracking/tracking-page.js'));
const AboutPage = lazy(() => import('../features/pages/about-page.js'));
const LocationPage = lazy(() => import('../features/pages/location-page.js'));
const ContactPage = lazy(() => import('../features/reservation/contact-page.js'));
const ReservationSuccessPage = lazy(() => import('../features/reservation/reservation-success-page.js'));
const ReviewsPage = lazy(() => import('../features/pages/reviews-page.js'));
const ChallengePage = lazy(() => import('../features/challenge/challenge-page.js'));
const LegalNoticePage = lazy(() => import('../features/pages/legal-notice-page.js'));
const PrivacyPage = lazy(() => import('../features/pages/privacy-page.js'));
const TermsPage = lazy(() => import('../features/pages/terms-page.js'));
const RegisterPage = lazy(() => import('../features/account/register-page.js'));
const LoginPage = lazy(() => import('../features/account/login-page.js'));
const ProfilePage = lazy(() => import('../features/account/profile-page.js'));
const OrderHistoryPage = lazy(() => import('../features/account/order-history-page.js'));

/** A page that fails to load or to render (e.g. a new version deployed while the tab was open). */
class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** The shop's routes, under the browser's router or, at build time, a static one (src/shop/entry-server.tsx). */
export function ShopRoutes() {
  return (
    <RouteErrorBoundary>
      <Routes>
        <Route element={<ShopLayout />}>
          <Route index element={<HomePage />} />
          <Route path="menu" element={<MenuPage />} />
          <Route path="menu/:categorySlug" element={<MenuPage />} />
          <Route path="suivi-commande" element={<TrackingPage />} />
          <Route path="a-propos" element={<AboutPage />} />
          <Route path="localisation" element={<LocationPage />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="reservation-succes" element={<ReservationSuccessPage />} />
          <Route path="avis" element={<ReviewsPage />} />
          <Route path="inscription-defi-burj-khalifa" element={<ChallengePage />} />
          <Route path="mentions-legales" element={<LegalNoticePage />} />
          <Route path="politique-confidentialite" element={<PrivacyPage />} />
          <Route path="conditions-generales" element={<TermsPage />} />
          <Route path="register" element={<RegisterPage />} />
          <Route path="login" element={<LoginPage />} />
          <Route element={<RequireCustomer />}>
            <Route path="profil" element={<ProfilePage />} />
            <Route path="mes-commandes" element={<OrderHistoryPage />} />
          </Route>
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}

export function ShopRouter() {
  return (
    <BrowserRouter>
      <ShopRoutes />
    </BrowserRouter>
  );
}
