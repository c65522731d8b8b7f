import { useState } from 'react';
import { Link } from 'react-router-dom';
import { orderNumber, type Order, type OrderStatus } from '../../../shared/domain/index.js';
import { Button, buttonClass } from '../ui/button.js';
import { Icon } from '../ui/icon.js';
import { ConfirmDialog } from '../ui/confirm-dialog.js';
import { toast } from '../ui/toast-store.js';
import { useT } from '../../i18n/index.js';
import { openThermalPopup, printTicket } from '../../lib/kiosk/kiosk.js';
import { EmailDialog } from './email-dialog.js';
import { gpsUrl, clockOf, frenchDate } from './order-format.js';
import { restaurantAddress } from '../../../shared/domain/restaurant.js';
import { OrderItems, OrderTotals } from './order-items.js';
import {
  useDeleteOrderMutation,
  useRefuseClientOrdersMutation,
  useRestaurantIdentity,
  useUpdateOrderStatusMutation,
} from '../../lib/data.js';
import { BLOCKED_CLIENT_REASON } from '../../../shared/domain/refusals.js';
import { SmsDialog } from './sms-dialog.js';
import { StatusBadge } from './status-badge.js';
import { PrintedBadge } from './printed-badge.js';
import { NoticeBadge } from './notice-badge.js';
import { StatusEditor } from './status-editor.js';

/**
 * Where the detail is shown decides its wording and what it may do: the dashboard panel and the
 * order page change and delete orders (deleting asks first and says the order leaves the takings report,
 * which reads the orders that exist); the archive and a customer's orders only read them, with a link to
 * the order's page, where it can be deleted.
 */
export type OrderDetailPlace = 'dashboard' | 'page' | 'archive' | 'customer';

export function OrderDetail({
  order,
  place,
  onDeleted,
}: {
  order: Order;
  place: OrderDetailPlace;
  onDeleted?(): void;
}) {
  const t = useT();
  const pickupAddress = restaurantAddress(useRestaurantIdentity());
  const update = useUpdateOrderStatusMutation();
  const remove = useDeleteOrderMutation();
  const refuseClient = useRefuseClientOrdersMutation();
  const [dialog, setDialog] = useState<'call' | 'sms' | 'email' | 'delete' | 'refuse-client' | null>(null);
  // Not reviewed yet (waiting, or auto-accepted and not moved on): the counter may refuse the client's flood.
  const unreviewed = order.status === 'En attente' || (order.auto_accepted === true && order.status === 'Bien reçu');
  const readOnly = place === 'archive';
  const consultOnly = readOnly || place === 'customer';
  const unavailable = () =>
    readOnly
      ? toast.error(t('archive.readOnlyTitle'), t('archive.readOnlyBody'))
      : toast.error(t('customerOrders.unavailableTitle'), t('customerOrders.unavailableBody'));

  async function saveStatus(status: OrderStatus) {
    if (readOnly) return unavailable();
    try {
      await update.mutateAsync({ id: order.id, status });
      if (place === 'page') toast.success(t('order.detailSaved'));
      else toast.success(t('order.statusUpdatedTitle'), t('order.statusUpdatedBody'));
    } catch {
      if (place === 'page') toast.error(t('order.detailSaveFailed'));
      else toast.error(t('common.error'), t('order.statusUpdateFailed'));
    }
  }

  async function confirmDelete() {
    setDialog(null);
    try {
      await remove.mutateAsync(order.id);
      toast.success(t('order.deleted'));
      onDeleted?.();
    } catch {
      toast.error(t('common.error'), t('order.deleteFailed'));
    }
  }

  async function confirmRefuseClient() {
    setDialog(null);
    try {
      const done = await refuseClient.mutateAsync({ id: order.id, reason: BLOCKED_CLIENT_REASON });
      toast.success(t('order.refuseClientDone', { n: String(done.refused) }));
    } catch {
      toast.error(t('common.error'), t('order.refuseClientFailed'));
    }
  }

  async function print() {
    try {
      const where = await printTicket(order);
      if (where === 'printer') toast.success(t('print.sentToPrinter'));
    } catch (e) {
      toast.error(t('common.error'), t('print.printerFailed', { message: (e as Error).message }));
    }
  }

  const isPickup = order.delivery_method === 'pickup';
  return (
    <article className="space-y-5" data-testid="order-detail" data-order-id={order.id}>
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="text-2xl font-extrabold">{t('order.number', { id: orderNumber(order.id) })}</h2>
          <p className="text-slate-700">{t('order.createdAt', { time: clockOf(order.created_at) })}</p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <StatusBadge status={order.status} />
          {order.status === 'Annulée' && order.cancelled_by_customer_at && (
            <span className="text-sm font-bold text-red-800" data-testid="cancelled-by-customer">
              {t('order.cancelledByCustomer')}
            </span>
          )}
          <PrintedBadge orderId={order.id} />
          <NoticeBadge orderId={order.id} status={order.status} />
        </div>
      </header>

      {order.is_preorder && order.preorder_date && (
        <p className="rounded-lg border-2 border-purple-700 bg-purple-50 px-4 py-2 text-lg font-bold text-purple-900">
          {t('order.preorderFor', {
            date: frenchDate(order.preorder_date),
            time: (order.preorder_time ?? '').slice(0, 5),
          })}
        </p>
      )}

      <section className="rounded-xl border border-slate-300 p-4">
        <h3 className="mb-1 text-lg font-bold">{t('order.customer')}</h3>
        <p className="text-xl font-semibold">{order.customer_name}</p>
        <a href={`tel:${order.customer_phone}`} className="text-lg text-brand-700 underline">
          {order.customer_phone}
        </a>
        {order.customer_email && <p className="text-slate-700">{order.customer_email}</p>}
        <div className="mt-3 rounded-lg bg-slate-100 p-3">
          <p className="font-bold">{isPickup ? t('order.pickupAt') : t('order.deliveryTo')}</p>
          {isPickup ? (
            <p>{pickupAddress}</p>
          ) : (
            <>
              <p>{order.customer_address}</p>
              <p>
                {order.customer_postal_code} {order.customer_city}
              </p>
              <a href={gpsUrl(order)} target="_blank" rel="noopener" className={buttonClass('secondary', 'mt-2')}>
                <Icon name="pin" /> {t('order.openGps')}
              </a>
            </>
          )}
        </div>
        <p className="mt-2">
          {t('order.payment')}:{' '}
          <strong>{order.payment_method === 'card' ? t('order.paymentCard') : t('order.paymentCash')}</strong>
        </p>
      </section>

      <StatusEditor order={order} saving={update.isPending} readOnly={readOnly} onSave={saveStatus} />
      <OrderItems order={order} />
      {order.notes && (
        <section className="rounded-xl border-2 border-amber-600 bg-amber-50 p-4">
          <h3 className="font-bold">{t('order.notes')}</h3>
          <p className="whitespace-pre-wrap text-lg">{order.notes}</p>
        </section>
      )}
      <OrderTotals order={order} />

      <div className="no-print grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Button variant="secondary" onClick={() => setDialog('call')} disabled={!order.customer_phone}>
          <Icon name="phone" /> {t('order.call')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => (place === 'archive' ? unavailable() : setDialog('sms'))}
          disabled={!order.customer_phone}
        >
          <Icon name="message" /> {t('order.sms')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => (readOnly || place === 'customer' ? unavailable() : setDialog('email'))}
          disabled={!order.customer_email}
        >
          <Icon name="mail" /> {t('order.email')}
        </Button>
        <Button variant="secondary" onClick={print}>
          <Icon name="printer" /> {t('order.print')}
        </Button>
        <Button variant="secondary" onClick={() => openThermalPopup(order.id)}>
          <Icon name="receipt" /> {t('order.thermalPrint')}
        </Button>
        <Button
          variant="danger"
          onClick={() => (consultOnly ? unavailable() : setDialog('delete'))}
          disabled={remove.isPending}
        >
          <Icon name="trash" /> {t('order.delete')}
        </Button>
        {consultOnly && (
          <Link to={`/order/${order.id}`} className={buttonClass('secondary')} data-testid="open-order">
            {t('order.open')}
          </Link>
        )}
        {unreviewed && (place === 'dashboard' || place === 'page') && (
          <Button
            variant="danger"
            onClick={() => setDialog('refuse-client')}
            disabled={refuseClient.isPending}
            data-testid="refuse-client"
          >
            <Icon name="close" /> {t('order.refuseClient')}
          </Button>
        )}
      </div>

      <ConfirmDialog
        open={dialog === 'call'}
        title={t('order.callConfirmTitle')}
        body={t('order.callConfirmBody', { name: order.customer_name, phone: order.customer_phone })}
        confirmLabel={t('order.call')}
        onClose={() => setDialog(null)}
        onConfirm={() => {
          setDialog(null);
          window.location.href = `tel:${order.customer_phone}`;
        }}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        danger
        title={t('order.deleteConfirmTitle')}
        body={t('order.deleteConfirmBody', { id: orderNumber(order.id) })}
        confirmLabel={t('order.delete')}
        onClose={() => setDialog(null)}
        onConfirm={confirmDelete}
      />
      <ConfirmDialog
        open={dialog === 'refuse-client'}
        danger
        title={t('order.refuseClientConfirmTitle')}
        body={t('order.refuseClientConfirmBody', { phone: order.customer_phone })}
        confirmLabel={t('order.refuseClient')}
        onClose={() => setDialog(null)}
        onConfirm={confirmRefuseClient}
      />
      {dialog === 'sms' && <SmsDialog order={order} open onClose={() => setDialog(null)} />}
      {dialog === 'email' && <EmailDialog order={order} open onClose={() => setDialog(null)} />}
    </article>
  );
}
