import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../../components/ui/icon.js';
import { toast } from '../../components/ui/toast-store.js';
import { useT } from '../../i18n/index.js';
import { isKiosk, retryKioskPrinting } from '../../lib/kiosk/kiosk.js';
import {
  retryRefusedPrints,
  usePrinterFeed,
  usePrinterState,
  useRefusedPrints,
} from '../../lib/kiosk/printer-store.js';

/** The top bar's printer slot: only in the counter kiosk. */
export function PrinterIndicator() {
  if (!isKiosk()) return null;
  return <KioskPrinterIndicator />;
}

function KioskPrinterIndicator() {
  const t = useT();
  usePrinterFeed();
  const status = usePrinterState((s) => s.status);
  const refused = useRefusedPrints();
  const failed = (status?.jobs.filter((j) => j.state === 'failed').length ?? 0) + refused.length;
  const error = status ? !status.online || failed > 0 : refused.length > 0;
  const tone = error
    ? 'border-red-800 bg-red-100 text-red-900'
    : !status
      ? 'border-slate-300 text-slate-600'
      : status.pending > 0
        ? 'border-amber-700 bg-amber-50 text-amber-900'
        : 'border-green-800 bg-green-100 text-green-900';
  const message = status?.lastError ?? status?.jobs.find((j) => j.lastError)?.lastError ?? refused[0]?.message ?? '?';
  const label = error
    ? t('printer.statusError', { message })
    : !status
      ? t('common.loading')
      : status.pending > 0
        ? t('printer.statusWaiting', { n: status.pending })
        : t('printer.statusOnline');

  return (
    // The phone top bar has no room left: there the printer shows bottom left, and only when something needs attention.
    <div
      className={`items-center gap-1 sm:static sm:flex sm:min-w-0 sm:shadow-none ${error || (status && status.pending > 0) ? 'fixed bottom-4 left-4 z-40 flex shadow-lg' : 'hidden'}`}
      data-testid="printer-status"
      data-state={error ? 'error' : !status ? 'loading' : status.pending > 0 ? 'waiting' : 'online'}
    >
      <Link
        to="/printer"
        title={label}
        aria-label={label}
        className={`inline-flex min-h-12 min-w-12 items-center justify-center gap-2 rounded-full border-2 px-2 font-bold sm:min-w-0 sm:px-3 ${tone}`}
      >
        <Icon name="printer" className="h-5 w-5 shrink-0" />
        <span aria-hidden className="max-w-[11rem] truncate sm:max-w-[9rem] xl:max-w-[16rem]">
          {error ? message : label}
        </span>
        {status && status.pending > 0 && error && (
          <span aria-hidden className="shrink-0 rounded-full bg-red-700 px-2 text-sm text-white">
            {status.pending}
          </span>
        )}
      </Link>
      {error && <RetryButton />}
    </div>
  );
}

export function RetryButton({ className = 'inline-flex' }: { className?: string }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      className={`${className} min-h-12 shrink-0 items-center rounded-lg border-2 border-red-800 bg-white px-2 text-sm font-bold text-red-900 hover:bg-red-50 disabled:opacity-50 sm:px-3`}
      onClick={async () => {
        setBusy(true);
        try {
          await Promise.all([retryKioskPrinting(), retryRefusedPrints()]);
          toast.info(t('printer.retrying'));
        } catch (e) {
          toast.error(t('common.error'), (e as Error).message);
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('printer.retry')}
    </button>
  );
}
