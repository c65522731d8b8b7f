import { Component, lazy, useEffect, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { ShopLayout } from './layout/shop-layout.js';
import { RequireCustomer } from './require-customer.js';
import { RouteError } from './route-error.js';
import { whenIdle } from '../lib/session.js';
import { HYDRATED_ATTRIBUTE, HYDRATED_EVENT } from './prerender-data.js';

// Each page is its own chunk, loaded on first visit. The declarative router (no loaders or actions)
// keeps react-router's data-router code out of the first load: about 17 KB of gzipped JavaScript.
const HomePage = lazy(() => import('../features/pages/home-page.js'));
const MenuPage = lazy(() => import('../features/menu/menu-page.js'));
const TrackingPage = lazy(() => import('../features/tracking/tracking-page.js'));
const OrderConfirmationPage = lazy(() => import('../features/order/order-confirmation-page.js'));
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
const ForgotPasswordPage = lazy(() => import('../features/account/forgot-password-page.js'));
const ResetPasswordPage = lazy(() => import('../features/account/reset-password-page.js'));
const ProfilePage = lazy(() => import('../features/account/profile-page.js'));
const OrderHistoryPage = lazy(() => import('../features/account/order-history-page.js'));
const UnsubscribePage = lazy(() => import('../features/account/unsubscribe-page.js'));

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

/**
 * Marks the document hydrated (prerender-data.ts) once the first page, its lazy code included, is React's:
 * when the browser is next idle, for the parts of the page under a Suspense boundary of their own (the
 * menu's sections) hydrate in the tasks that follow; a tap on one of those before then could be lost.
 */
function PageShown() {
  useEffect(() => {
    const html = document.documentElement;
    if (html.hasAttribute(HYDRATED_ATTRIBUTE)) return;
    return whenIdle(() => {
      html.setAttribute(HYDRATED_ATTRIBUTE, '');
      document.dispatchEvent(new Event(HYDRATED_EVENT));
    }, 5000);
  }, []);
  return null;
}

/** A route's page, and after it (under the same Suspense boundary) the mark that it is shown. */
const page = (Page: ComponentType) => (
  <>
    <Page />
    <PageShown />
  </>
);

/** The shop's routes, under the browser's router or, at build time, a static one (src/shop/entry-server.tsx). */
export function ShopRoutes() {
  return (
    <RouteErrorBoundary>
      <Routes>
        <Route element={<ShopLayout />}>
          <Route index element={page(HomePage)} />
          <Route path="menu" element={page(MenuPage)} />
          <Route path="menu/:categorySlug" element={page(MenuPage)} />
          <Route path="suivi-commande" element={page(TrackingPage)} />
          <Route path="commande/:orderId" element={page(OrderConfirmationPage)} />
          <Route path="a-propos" element={page(AboutPage)} />
          <Route path="localisation" element={page(LocationPage)} />
          <Route path="contact" element={page(ContactPage)} />
          <Route path="reservation-succes" element={page(ReservationSuccessPage)} />
          <Route path="avis" element={page(ReviewsPage)} />
          <Route path="inscription-defi-burj-khalifa" element={page(ChallengePage)} />
          <Route path="mentions-legales" element={page(LegalNoticePage)} />
          <Route path="politique-confidentialite" element={page(PrivacyPage)} />
          <Route path="conditions-generales" element={page(TermsPage)} />
          <Route path="register" element={page(RegisterPage)} />
          <Route path="login" element={page(LoginPage)} />
          <Route path="mot-de-passe-oublie" element={page(ForgotPasswordPage)} />
          <Route path="nouveau-mot-de-passe" element={page(ResetPasswordPage)} />
          <Route path="desinscription" element={page(UnsubscribePage)} />
          <Route element={<RequireCustomer />}>
            <Route path="profil" element={page(ProfilePage)} />
            <Route path="mes-commandes" element={page(OrderHistoryPage)} />
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
