import type { MessageKey } from '../../i18n/index.js';

export interface NavItem {
  to: string;
  label: MessageKey;
  icon: string;
  showsActiveOrders?: boolean;
}

export const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard', label: 'nav.dashboard', icon: '📋', showsActiveOrders: true },
  { to: '/reservations', label: 'nav.reservations', icon: '📅' },
  { to: '/archive-commandes', label: 'nav.archive', icon: '🗄️' },
  { to: '/customers', label: 'nav.customers', icon: '👥' },
  { to: '/promotions', label: 'nav.promotions', icon: '✉️' },
  { to: '/delivery-settings', label: 'nav.delivery', icon: '🛵' },
  { to: '/settings', label: 'nav.settings', icon: '⚙️' },
  { to: '/menu', label: 'nav.menu', icon: '🍗' },
  { to: '/inscriptions-defi', label: 'nav.challenge', icon: '🍔' },
];
