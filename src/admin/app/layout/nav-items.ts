import type { MessageKey } from '../../i18n/index.js';
import type { IconName } from '../../components/ui/icon.js';
import { isKiosk } from '../../lib/kiosk/kiosk.js';
import type { StaffRole } from '../../../shared/domain/staff-roles.js';
import { screenAllowed } from './screen-levels.js';

export interface NavItem {
  to: string;
  label: MessageKey;
  icon: IconName;
  showsActiveOrders?: boolean;
}

export const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard', label: 'nav.dashboard', icon: 'dashboard', showsActiveOrders: true },
  { to: '/upcoming', label: 'nav.upcoming', icon: 'utensils' },
  { to: '/reservations', label: 'nav.reservations', icon: 'calendar' },
  { to: '/archive-commandes', label: 'nav.archive', icon: 'archive' },
  { to: '/reports', label: 'nav.reports', icon: 'receipt' },
  { to: '/customers', label: 'nav.customers', icon: 'users' },
  { to: '/promotions', label: 'nav.promotions', icon: 'mail' },
  { to: '/delivery-settings', label: 'nav.delivery', icon: 'truck' },
  { to: '/settings', label: 'nav.settings', icon: 'settings' },
  { to: '/security', label: 'nav.security', icon: 'lock' },
  { to: '/opening-hours', label: 'nav.hours', icon: 'calendar' },
  { to: '/menu', label: 'nav.menu', icon: 'utensils' },
  { to: '/offers', label: 'nav.offers', icon: 'flame' },
  { to: '/inscriptions-defi', label: 'nav.challenge', icon: 'trophy' },
  { to: '/staff', label: 'nav.staff', icon: 'users' },
  ...(isKiosk() ? [{ to: '/printer', label: 'nav.printer', icon: 'printer' } as NavItem] : []),
];

/** The screens a role sees in the menu (screen-levels.ts). */
export const navItemsFor = (role: StaffRole | null): NavItem[] =>
  NAV_ITEMS.filter((item) => screenAllowed(role, item.to));
