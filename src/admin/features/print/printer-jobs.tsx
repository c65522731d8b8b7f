import { orderNumber } from '../../../shared/domain/index.js';
import { Card } from '../../components/ui/card.js';
import { useT } from '../../i18n/index.js';
import { RetryButton } from './printer-indicator.js';
import { usePrinterState, useRefusedPrints } from '../../lib/kiosk/printer-store.js';

/** Tickets still waiting or failing, so staff see which order is stuck and why. */
export function PrinterJobs() {
  const t = useT();
  const status = usePrinterState((s) => s.status);
  const waiting = status?.jobs.filter((j) => j.state !== 'printed') ?? [];
  const refused = useRefusedPrints();
  if (!status) return null;
  return (
    <Card className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-bold">{t('printer.queueTitle')}</h2>
        {(refused.length > 0 || waiting.some((j) => j.state === 'failed')) && <RetryButton />}
      </div>
      {status.lastError && (
        <p role="alert" className="rounded-lg border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900">
          {status.lastError}
        </p>
      )}
      {waiting.length === 0 && refused.length === 0 ? (
        <p className="text-slate-700">{t('printer.queueEmpty')}</p>
      ) : (
        <ul className="space-y-1" data-testid="printer-jobs">
          {refused.map((r) => (
            <li key={`refused-${r.order.id}`} className="flex flex-wrap items-center gap-2" data-print-state="refused">
              <span className="font-mono font-bold">#{orderNumber(r.order.id)}</span>
              <span className="font-bold text-red-800">{t('printer.jobRefused')}</span>
              <span className="text-slate-700">— {r.message}</span>
            </li>
          ))}
          {waiting.map((j) => (
            <li key={j.orderId} className="flex flex-wrap items-center gap-2">
              <span className="font-mono font-bold">#{orderNumber(j.orderId)}</span>
              <span className={j.state === 'failed' ? 'font-bold text-red-800' : 'text-amber-900'}>
                {t(j.state === 'failed' ? 'printer.jobFailed' : 'printer.jobWaiting', { n: j.attempts })}
              </span>
              {j.lastError && <span className="text-slate-700">— {j.lastError}</span>}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
