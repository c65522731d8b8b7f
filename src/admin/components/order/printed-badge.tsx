import { useT, type MessageKey } from '../../i18n/index.js';
import { isKiosk } from '../../lib/kiosk/kiosk.js';
import { useIsPrinted, usePrinterState } from '../../lib/kiosk/printer-store.js';

const BADGES: Record<'failed' | 'waiting' | 'printed', { tone: string; label: MessageKey }> = {
  failed: { tone: 'border-red-800 bg-red-100 text-red-900', label: 'printer.badgeFailed' },
  waiting: { tone: 'border-amber-700 bg-amber-50 text-amber-900', label: 'printer.badgeWaiting' },
  printed: { tone: 'border-slate-500 bg-slate-100 text-slate-800', label: 'printer.badgePrinted' },
};

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
  const state = refused || job?.state === 'failed' ? 'failed' : job ? 'waiting' : printed ? 'printed' : null;
  if (!state) return null;
  const badge = BADGES[state];
  return (
    <span
      data-testid="print-badge"
      data-print-state={state}
      className={`rounded-full border-2 px-2 text-sm font-bold ${badge.tone}`}
    >
      {t(badge.label)}
    </span>
  );
}
