import { roleAllows, type StaffRole } from '../../../shared/domain/staff-roles.js';

/**
 * The lowest role that may open each back-office screen (issue 32; docs/DATABASE.md, « Roles »). A path starting
 * with a listed one is that screen's (/customers/x/orders is the customers'); the others (the dashboard, an
 * order, the coming days, reservations, printing) are the counter's. The sidebar hides what a role may not open,
 * RoleGate answers « Sem acesso » to an address typed by hand, and the database refuses the data anyway.
 */
export const SCREEN_LEVELS: Record<string, StaffRole> = {
  '/archive-commandes': 'manager',
  '/reports': 'manager',
  '/print-report': 'manager',
  '/customers': 'manager',
  '/promotions': 'manager',
  '/delivery-settings': 'manager',
  '/settings': 'manager',
  '/opening-hours': 'manager',
  '/menu': 'manager',
  '/offers': 'manager',
  '/inscriptions-defi': 'manager',
  '/staff': 'owner',
};

export function levelForPath(pathname: string): StaffRole {
  const screen = Object.keys(SCREEN_LEVELS).find((p) => pathname === p || pathname.startsWith(`${p}/`));
  return screen ? SCREEN_LEVELS[screen]! : 'staff';
}

export const screenAllowed = (role: StaffRole | null, pathname: string): boolean =>
  roleAllows(role, levelForPath(pathname));
