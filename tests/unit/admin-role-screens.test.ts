// Each back-office screen's level (issue 32): what the menu shows a role, and what a typed address opens.
import { describe, expect, it } from 'vitest';
import { levelForPath, screenAllowed } from '../../src/admin/app/layout/screen-levels.js';

const MENU = [
  '/dashboard',
  '/upcoming',
  '/reservations',
  '/archive-commandes',
  '/reports',
  '/customers',
  '/promotions',
  '/delivery-settings',
  '/settings',
  '/opening-hours',
  '/menu',
  '/offers',
  '/inscriptions-defi',
  '/staff',
  '/printer',
];

describe('the admin screens by role', () => {
  it('shows the counter only its screens, the manager all but Equipa, the owner everything', () => {
    expect(MENU.filter((p) => screenAllowed('staff', p))).toEqual([
      '/dashboard',
      '/upcoming',
      '/reservations',
      '/printer',
    ]);
    expect(MENU.filter((p) => !screenAllowed('manager', p))).toEqual(['/staff']);
    expect(MENU.filter((p) => screenAllowed('owner', p))).toEqual(MENU);
    expect(MENU.filter((p) => screenAllowed(null, p))).toEqual([]);
  });

  it('gives an address typed by hand the level of its screen', () => {
    expect(levelForPath('/reports')).toBe('manager');
    expect(levelForPath('/customers/ana%40example.lu/orders')).toBe('manager');
    expect(levelForPath('/print-report')).toBe('manager');
    expect(levelForPath('/staff')).toBe('owner');
    expect(levelForPath('/order/abc')).toBe('staff');
    expect(levelForPath('/thermal-print/abc')).toBe('staff');
    expect(levelForPath('/settingsx')).toBe('staff');
  });
});
