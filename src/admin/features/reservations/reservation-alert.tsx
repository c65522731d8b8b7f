import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n/index.js';
import { Banner } from '../../components/ui/banner.js';
import { useNewReservations, usePendingReservationCountQuery } from '../../lib/data.js';
import { playNewOrderSound } from '../../lib/sound/notification-sound.js';

export const RESERVATIONS_POLL_MS = 30_000;
const BAR = 'no-print flex flex-wrap items-center gap-3 bg-blue-700 px-4 py-3 text-lg font-bold text-white';

/** '{N} nouvelle(s) réservation(s) en attente !' on every screen until dismissed or handled. */
export function ReservationAlert() {
  const t = useT();
  const pending = usePendingReservationCountQuery({ queryConfig: { refetchInterval: RESERVATIONS_POLL_MS } });
  const [dismissedAt, setDismissedAt] = useState(0);
  useNewReservations(() => playNewOrderSound());

  const count = pending.data ?? 0;
  if (count === 0 || count <= dismissedAt) return null;
  return (
    <Banner testId="reservation-alert" icon="calendar" text={t('reservationAlert.text', { n: count })} className={BAR}>
      <Link to="/reservations" className="min-h-11 rounded-lg bg-white px-4 py-2 text-blue-800">
        {t('reservationAlert.link')}
      </Link>
      <button
        type="button"
        aria-label={t('common.dismiss')}
        onClick={() => setDismissedAt(count)}
        className="min-h-11 min-w-11 rounded-lg text-2xl hover:bg-blue-800"
      >
        ×
      </button>
    </Banner>
  );
}
