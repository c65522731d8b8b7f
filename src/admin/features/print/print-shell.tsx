import { useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { TicketColumns } from '../../../shared/domain/index.js';
import { Button } from '../../components/ui/button.js';
import { Icon } from '../../components/ui/icon.js';
import { Spinner } from '../../components/ui/spinner.js';
import { toast } from '../../components/ui/toast-store.js';
import { useT } from '../../i18n/index.js';
import { TicketPreview } from './ticket-preview.js';
import { usePrintOrder } from './use-print-order.js';

function Message({ text, onClose }: { text: string; onClose(): void }) {
  const t = useT();
  return (
    <div role="alert" className="mx-auto mt-10 max-w-sm rounded-xl border-2 border-red-700 bg-white p-6 text-center">
      <p className="text-lg font-bold text-red-800">{text}</p>
      <Button className="mt-4 w-full" variant="secondary" onClick={onClose}>
        {t('print.close')}
      </Button>
    </div>
  );
}

/** Shared by the print page (new tab, 42 columns) and the thermal popup (302x600, 32 columns). */
export function PrintShell({ columns, compact }: { columns: TicketColumns; compact?: boolean }) {
  const t = useT();
  const { orderId } = useParams();
  const order = usePrintOrder(orderId);
  const close = () => window.close();
  const notFound = order.isSuccess && !order.data;

  useEffect(() => {
    if (notFound) toast.error(t('common.error'), t('print.notFoundToast'));
  }, [notFound, t]);

  let body: ReactNode;
  if (!orderId) body = <Message text={t('print.missingId')} onClose={close} />;
  else if (order.isPending) body = <Spinner label={t('common.loading')} />;
  else if (order.isError) body = <Message text={t('print.loadFailed')} onClose={close} />;
  else if (!order.data) body = <Message text={t('print.notFound')} onClose={close} />;
  else body = <TicketPreview order={order.data} columns={columns} />;

  return (
    <div className={`min-h-full bg-slate-200 print:bg-white ${compact ? 'p-1' : 'p-4'}`}>
      {order.data && (
        <div className="no-print mx-auto mb-3 flex max-w-[80mm] gap-2">
          <Button className="flex-1" onClick={() => window.print()}>
            <Icon name="printer" /> {t('print.print')}
          </Button>
          <Button className="flex-1" variant="secondary" onClick={close}>
            {t('print.close')}
          </Button>
        </div>
      )}
      {body}
    </div>
  );
}
