import { useState } from 'react';
import { RESERVATION_STATUSES, type Reservation, type ReservationStatus } from '../../../shared/domain/index.js';
import { BackLink } from '../../components/ui/back-link.js';
import { Button } from '../../components/ui/button.js';
import { Icon } from '../../components/ui/icon.js';
import { PageHeader } from '../../components/ui/card.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { Dialog } from '../../components/ui/dialog.js';
import { toast } from '../../components/ui/toast-store.js';
import { QueryState } from '../../components/ui/query-state.js';
import { useT, type MessageKey } from '../../i18n/index.js';
import {
  useDeleteReservationMutation,
  useReservationsQuery,
  useUpdateReservationStatusMutation,
} from '../../lib/data.js';
import { frenchDate } from '../../components/order/order-format.js';
import { RESERVATIONS_POLL_MS } from './reservation-alert.js';
import { CapacityForm } from './capacity-form.js';

const STATUS_LABEL: Record<ReservationStatus, MessageKey> = {
  'En attente': 'reservations.statusPending',
  Confirmée: 'reservations.statusConfirmed',
  Annulée: 'reservations.statusCancelled',
};
const STATUS_STYLE: Record<ReservationStatus, string> = {
  'En attente': 'border-yellow-600 bg-yellow-50',
  Confirmée: 'border-green-700 bg-green-50',
  Annulée: 'border-red-700 bg-red-50',
};

export function ReservationsPage() {
  const t = useT();
  const list = useReservationsQuery({ queryConfig: { refetchInterval: RESERVATIONS_POLL_MS } });
  const [toDelete, setToDelete] = useState<Reservation | null>(null);
  // Cancelling asks for an optional reason: the guest's e-mail gives it.
  const [toCancel, setToCancel] = useState<Reservation | null>(null);
  const [cancelReason, setCancelReason] = useState('');

  const update = useUpdateReservationStatusMutation({
    mutationConfig: {
      onSuccess: () => toast.success(t('reservations.updated')),
      onError: () => toast.error(t('common.error'), t('reservations.updateFailed')),
    },
  });
  const remove = useDeleteReservationMutation({
    mutationConfig: {
      onSuccess: () => toast.success(t('reservations.deleted')),
      onError: () => toast.error(t('common.error'), t('reservations.deleteFailed')),
    },
  });

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t('reservations.title')}>
        <BackLink>{t('common.backToDashboard')}</BackLink>
      </PageHeader>
      <CapacityForm />
      <QueryState
        query={list}
        error={t('reservations.loadFailed')}
        errorAction={<Button onClick={() => void list.refetch()}>{t('common.refresh')}</Button>}
        empty={t('reservations.empty')}
      >
        {(data) => (
          <ul className="space-y-3" data-testid="reservation-list">
            {data.map((r) => (
              <li
                key={r.id}
                data-testid="reservation-row"
                className={`rounded-2xl border-2 bg-white p-4 ${STATUS_STYLE[r.status]}`}
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <p className="text-xl font-bold">{r.name}</p>
                    <p className="text-lg">
                      {frenchDate(r.reservation_date)} · {r.reservation_time.slice(0, 5)} · {r.people}{' '}
                      {t('reservations.people').toLowerCase()}
                    </p>
                    <p>
                      <a className="text-brand-700 underline" href={`tel:${r.phone}`}>
                        {r.phone}
                      </a>{' '}
                      ·{' '}
                      <a className="text-brand-700 underline" href={`mailto:${r.email}`}>
                        {r.email}
                      </a>
                    </p>
                    {r.status === 'Annulée' && r.cancel_reason && (
                      <p data-testid="reservation-cancel-reason">
                        {t('reservations.cancelReasonShown', { reason: r.cancel_reason })}
                      </p>
                    )}
                    {r.message && (
                      <p className="mt-2 whitespace-pre-wrap rounded-lg bg-white/70 p-2 italic">{r.message}</p>
                    )}
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <label className="sr-only" htmlFor={`status-${r.id}`}>
                      {t('common.status')}
                    </label>
                    <select
                      id={`status-${r.id}`}
                      value={r.status}
                      disabled={update.isPending}
                      onChange={(e) => {
                        const status = e.target.value as ReservationStatus;
                        if (status === 'Annulée') {
                          setCancelReason('');
                          setToCancel(r);
                        } else update.mutate({ id: r.id, status });
                      }}
                      className="min-h-12 rounded-lg border-2 border-slate-400 bg-white px-3 text-lg font-semibold"
                    >
                      {RESERVATION_STATUSES.map((s) => (
                        <option key={s} value={s}>
                          {t(STATUS_LABEL[s])}
                        </option>
                      ))}
                    </select>
                    <Button
                      variant="danger"
                      onClick={() => setToDelete(r)}
                      aria-label={`${t('common.delete')} ${r.name}`}
                    >
                      <Icon name="trash" />
                    </Button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <Dialog open={toCancel !== null} onClose={() => setToCancel(null)} title={t('reservations.cancelTitle')}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (toCancel) update.mutate({ id: toCancel.id, status: 'Annulée', cancelReason });
            setToCancel(null);
          }}
        >
          <p className="text-lg">{toCancel ? t('reservations.cancelBody', { name: toCancel.name }) : ''}</p>
          <label className="mt-4 block font-semibold" htmlFor="reservation-cancel-reason">
            {t('reservations.cancelReason')}
          </label>
          <textarea
            id="reservation-cancel-reason"
            value={cancelReason}
            maxLength={500}
            rows={3}
            onChange={(e) => setCancelReason(e.target.value)}
            className="mt-1 w-full rounded-lg border-2 border-slate-400 p-2 text-lg"
          />
          <div className="mt-6 flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setToCancel(null)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="danger">
              {t('reservations.cancelConfirm')}
            </Button>
          </div>
        </form>
      </Dialog>
      <ConfirmDialog
        open={toDelete !== null}
        danger
        title={t('common.delete')}
        body={toDelete ? t('reservations.deleteConfirm', { name: toDelete.name }) : ''}
        confirmLabel={t('common.delete')}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete.id);
          setToDelete(null);
        }}
      />
    </div>
  );
}
