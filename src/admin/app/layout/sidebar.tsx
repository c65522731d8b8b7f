import { NavLink } from 'react-router-dom';
import { navItemsFor } from './nav-items.js';
import { Icon } from '../../components/ui/icon.js';
import { LanguageSwitch } from './language-switch.js';
import { useT } from '../../i18n/index.js';
import { useSignOutToLogin, useStaffRole } from '../auth/session.js';
import { useActiveOrderCountQuery } from '../../lib/data.js';

export function Sidebar({ onNavigate }: { onNavigate?(): void }) {
  const t = useT();
  const signOutToLogin = useSignOutToLogin();
  const role = useStaffRole();
  const activeOrders = useActiveOrderCountQuery();
  const count = activeOrders.data ?? 0;

  return (
    <nav aria-label="Admin" className="flex h-full flex-col bg-slate-900 text-white">
      <div className="border-b border-slate-700 px-5 py-5">
        <p className="flex items-center gap-2 text-xl font-extrabold">
          <Icon name="flame" className="h-6 w-6 text-brand-500" /> Churrasqueira
        </p>
        <p className="text-sm text-slate-300">Differdange</p>
      </div>
      <ul className="flex-1 space-y-1 overflow-y-auto p-3">
        {navItemsFor(role).map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              onClick={onNavigate}
              className={({ isActive }) =>
                `flex min-h-12 items-center gap-3 rounded-lg px-4 text-lg font-semibold ${isActive ? 'bg-brand-600 text-white' : 'text-slate-200 hover:bg-slate-800'}`
              }
            >
              <Icon name={item.icon} className="h-6 w-6" />
              <span className="flex-1">{t(item.label)}</span>
              {item.showsActiveOrders && count > 0 && (
                <span
                  data-testid="active-order-badge"
                  aria-label={t('nav.activeOrders', { n: count })}
                  className="rounded-full bg-red-600 px-2.5 py-0.5 text-base font-bold text-white"
                >
                  {count}
                </span>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="border-t border-slate-700 p-4">
        <div className="mb-3 sm:hidden">
          <LanguageSwitch dark />
        </div>
        <p className="font-bold">{t('sidebar.admin')}</p>
        <p className="text-sm text-slate-300" data-testid="staff-role">
          {role ? t(`role.${role}`) : t('sidebar.administrator')}
        </p>
        <button
          type="button"
          className="mt-3 min-h-12 w-full rounded-lg border-2 border-slate-500 px-3 font-semibold hover:bg-slate-800"
          onClick={signOutToLogin}
        >
          {t('sidebar.signOut')}
        </button>
      </div>
    </nav>
  );
}
