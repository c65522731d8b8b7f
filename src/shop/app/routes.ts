import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

/** The shop's routes (React Router's framework mode: react-router.config.ts prerenders the public ones). */
export default [
  layout('layout/shop-layout.tsx', { id: 'layout' }, [
    index('../features/pages/home-page.tsx', { id: 'home' }),
    route('menu', '../features/menu/menu-page.tsx', { id: 'menu' }),
    route('menu/:categorySlug', '../features/menu/menu-page.tsx', { id: 'menu-category' }),
    route('suivi-commande', '../features/tracking/tracking-page.tsx', { id: 'tracking' }),
    route('commande/:orderId', '../features/order/order-confirmation-page.tsx', { id: 'confirmation' }),
    route('a-propos', '../features/pages/about-page.tsx', { id: 'about' }),
    route('localisation', '../features/pages/location-page.tsx', { id: 'location' }),
    route('contact', '../features/reservation/contact-page.tsx', { id: 'contact' }),
    route('reservation-succes', '../features/reservation/reservation-success-page.tsx', { id: 'reservation-sent' }),
    route('avis', '../features/pages/reviews-page.tsx', { id: 'reviews' }),
    route('inscription-defi-burj-khalifa', '../features/challenge/challenge-page.tsx', { id: 'challenge' }),
    route('mentions-legales', '../features/pages/legal-notice-page.tsx', { id: 'legal-notice' }),
    route('politique-confidentialite', '../features/pages/privacy-page.tsx', { id: 'privacy' }),
    route('conditions-generales', '../features/pages/terms-page.tsx', { id: 'terms' }),
    route('register', '../features/account/register-page.tsx', { id: 'register' }),
    route('login', '../features/account/login-page.tsx', { id: 'login' }),
    route('mot-de-passe-oublie', '../features/account/forgot-password-page.tsx', { id: 'forgot-password' }),
    route('nouveau-mot-de-passe', '../features/account/reset-password-page.tsx', { id: 'reset-password' }),
    route('desinscription', '../features/account/unsubscribe-page.tsx', { id: 'unsubscribe' }),
    layout('require-customer.tsx', { id: 'customer' }, [
      route('profil', '../features/account/profile-page.tsx', { id: 'profile' }),
      route('mes-commandes', '../features/account/order-history-page.tsx', { id: 'orders' }),
    ]),
  ]),
] satisfies RouteConfig;
