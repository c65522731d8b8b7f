import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router-dom';
import { Button } from '../components/ui/button.js';
import { useT } from '../i18n/index.js';

/** Seconds before the page reloads itself: a counter screen nobody touches comes back on its own. */
export const RELOAD_AFTER_S = 30;

/**
 * Shown when a screen fails to load or to render (a new version deployed while the tab was open, a
 * lost connection while its code loaded). The orders are in the database: a reload brings them back.
 */
export function RouteError() {
  const t = useT();
  const error = useRouteError();
  const [left, setLeft] = useState(RELOAD_AFTER_S);
  useEffect(() => {
    console.warn('[admin] page failed:', error);
  }, [error]);
  useEffect(() => {
    if (left <= 0) {
      window.location.reload();
      return;
    }
    const id = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(id);
  }, [left]);
  return (
    <main
      className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-slate-50 px-6 text-center text-slate-900"
      role="alert"
    >
      <h1 className="text-2xl font-bold">{t('common.pageErrorTitle')}</h1>
      <p className="max-w-md text-slate-700">{t('common.pageErrorText')}</p>
      <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
      <p className="text-sm text-slate-600" aria-live="polite">
        {t('common.reloadingIn', { n: left })}
      </p>
    </main>
  );
}
