import { useT } from '../../i18n/index.js';
import { isKiosk } from '../../lib/kiosk/kiosk.js';
import { useIsPrinted, usePrinterState } from '../../lib/kiosk/printer-store.js';

/** Whether this counter kiosk printed the order; nothing in a manager's browser. */
export function PrintedBadge({ orderId }: { orderId: string }) {
  if (!isKiosk()) return null;
  return <KioskPrintedBadge orderId={orderId} />;
}

function KioskPrintedBadge({ orderId }: { orderId: string }) {
  const t = useT();
  const printed = useIsPrinted(orderId);
  const job = usePrinterState((s) => s.status?.jobs.find((j) => j.orderId === orderId && j.state !== 'printed'));
  const refused = usePrinterState((s) => s.refused[orderId] !== undefined);
  if (refused || job?.state === 'failed')
    return (
      <span
        data-testid="print-badge"
        data-print-state="failed"
        className="rounded-full border-2 border-red-800 bg-red-100 px-2 text-sm font-bold text-red-900"
      >
        {t('printer.badgeFailed')}
      </span>
    );
  if (job)
    return (
      <span
        data-testid="print-badge"
        data-print-state="waiting"
        className="rounded-full border-2 border-amber-700 bg-amber-50 px-2 text-sm font-bold text-amber-900"
      >
        {t('printer.badgeWaiting')}
      </span>
    );
  if (!printed) return null;
  return (
    <span
      data-testid="print-badge"
      data-print-state="printed"
      className="rounded-full border-2 border-slate-500 bg-slate-100 px-2 text-sm font-bold text-slate-800"
    >
      {t('printer.badgePrinted')}
    </span>
  );
}
