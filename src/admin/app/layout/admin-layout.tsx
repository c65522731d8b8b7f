import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { MfaEnrolBanner } from './mfa-banner.js';
import { Sidebar } from './sidebar.js';
import { RoleGate } from '../auth/admin-guard.js';
import { TopBar } from './top-bar.js';
import { Icon } from '../../components/ui/icon.js';
import { useModalDialog } from '../../components/ui/modal.js';
import { useT } from '../../i18n/index.js';
import { useOrderFeed } from '../../lib/live-orders.js';
import { useOpeningScheduleQuery } from '../../lib/data.js';
import { SPLIT_VIEW, useMediaQuery } from '../../lib/use-media-query.js';
import { SoundBanner } from '../../lib/sound/sound-controls.js';
import { AcceptancePanel } from '../../features/acceptance/acceptance-panel.js';
import { useAcceptanceAlarm, useKioskHeartbeat, useWaitingOrders } from '../../features/acceptance/waiting-orders.js';
import { ReservationAlert } from '../../features/reservations/reservation-alert.js';

export function AdminLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setDrawerOpen(false), [location.pathname]);
  // From 1024 px the sidebar stands beside the page: an open drawer closes rather than wait behind it.
  const wide = useMediaQuery(SPLIT_VIEW);
  useEffect(() => {
    if (wide) setDrawerOpen(false);
  }, [wide]);
  useOrderFeed();
  // The opening hours carry the restaurant's time zone: every date and time below is on its clock once read
  // (src/shared/data/public-fetch.ts), and follows a change of the setting live.
  useOpeningScheduleQuery();
  useAcceptanceAlarm();
  const waiting = useWaitingOrders();
  useKioskHeartbeat(true, waiting.data?.length ?? 0, !waiting.isError);

  return (
    <div className="flex min-h-full">
      <aside className="no-print sticky top-0 hidden h-screen w-72 shrink-0 lg:block">
        <Sidebar />
      </aside>
      {drawerOpen && !wide && <NavDrawer onClose={() => setDrawerOpen(false)} />}
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar onOpenMenu={() => setDrawerOpen(true)} />
        <AcceptancePanel />
        <div className="px-3 pt-3 empty:hidden sm:px-5">
          <SoundBanner />
        </div>
        <ReservationAlert />
        <MfaEnrolBanner />
        <main className="flex-1 p-3 sm:p-5">
          <RoleGate>
            <Outlet />
          </RoleGate>
        </main>
      </div>
    </div>
  );
}

/**
 * The navigation below 1024 px: the sidebar in a modal <dialog> at the left. The browser makes the page
 * behind inert, moves the focus in and closes it on Escape; a tap beside it, a link or « Fechar menu » closes
 * it too, and the focus goes back to the menu button.
 */
function NavDrawer({ onClose }: { onClose(): void }) {
  const t = useT();
  const modal = useModalDialog(onClose);
  return (
    <dialog
      {...modal}
      aria-label={t('nav.drawer')}
      data-testid="nav-drawer"
      // A tap on the backdrop lands on the <dialog> itself (the sidebar fills it).
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      className="no-print m-0 h-full max-h-none w-72 max-w-[85vw] bg-transparent p-0 shadow-2xl backdrop:bg-black/60"
    >
      <div className="relative h-full">
        <Sidebar onNavigate={onClose} />
        <button
          type="button"
          aria-label={t('nav.closeMenu')}
          onClick={onClose}
          className="absolute top-3 right-2 inline-flex min-h-12 min-w-12 items-center justify-center rounded-lg text-white hover:bg-slate-800"
        >
          <Icon name="close" className="h-6 w-6" />
        </button>
      </div>
    </dialog>
  );
}
