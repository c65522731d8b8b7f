import { Link } from 'react-router-dom';
import { useT } from '../../i18n/index.js';
import { useStoreSettingsQuery } from '../../lib/data.js';
import { LanguageSwitch } from './language-switch.js';
import { Icon } from '../../components/ui/icon.js';
import { PrinterIndicator } from '../../features/print/printer-indicator.js';

export function TopBar({ onOpenMenu }: { onOpenMenu(): void }) {
  const t = useT();
  const settings = useStoreSettingsQuery();
  const open = settings.data?.ordering.is_enabled;

  return (
    <header className="no-print sticky top-0 z-30 flex min-h-16 items-center gap-2 border-b border-slate-300 bg-white px-3 shadow-sm sm:px-5">
      <button
        type="button"
        aria-label={t('nav.openMenu')}
        onClick={onOpenMenu}
        className="inline-flex min-h-12 min-w-12 items-center justify-center rounded-lg hover:bg-slate-100 lg:hidden"
      >
        <Icon name="menu" className="h-7 w-7" />
      </button>
      <Link
        to="/settings"
        data-testid="store-status"
        className={`inline-flex min-h-12 items-center gap-2 whitespace-nowrap rounded-full border-2 px-3 font-bold sm:px-4 ${
          settings.isLoading
            ? 'border-slate-300 text-slate-600'
            : open
              ? 'border-green-800 bg-green-100 text-green-900'
              : 'border-red-800 bg-red-100 text-red-900'
        }`}
      >
        <span
          aria-hidden
          className={`h-3 w-3 rounded-full ${settings.isLoading ? 'bg-slate-400' : open ? 'bg-green-600' : 'bg-red-600'}`}
        />
        {settings.isLoading ? t('common.loading') : open ? t('topbar.storeOpen') : t('topbar.storeClosed')}
      </Link>
      <PrinterIndicator />
      <div className="ml-auto flex items-center gap-2">
        <span className="hidden sm:inline-flex">
          <LanguageSwitch />
        </span>
        <a
          href="/"
          target="_blank"
          rel="noopener"
          className="hidden min-h-12 items-center rounded-lg px-3 font-semibold text-brand-700 hover:bg-slate-100 sm:inline-flex"
        >
          {t('topbar.viewSite')}
        </a>
        <a
          href="/"
          className="inline-flex min-h-12 items-center whitespace-nowrap rounded-lg border-2 border-slate-400 px-2 text-sm font-semibold hover:bg-slate-100 sm:px-3 sm:text-base"
        >
          {t('topbar.leaveAdmin')}
        </a>
      </div>
    </header>
  );
}
