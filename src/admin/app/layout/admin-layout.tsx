import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { MfaEnrolBanner } from './mfa-banner.js';
import { Sidebar } from './sidebar.js';
import { RoleGate } from '../auth/admin-guard.js';
import { TopBar } from './top-bar.js';
import { useT } from '../../i18n/index.js';
import { useOrderFeed } from '../../lib/live-orders.js';
import { useOpeningScheduleQuery } from '../../lib/data.js';
import { SoundBanner } from '../../lib/sound/sound-controls.js';
import { AcceptancePanel } from '../../features/acceptance/acceptance-panel.js';
import { useAcceptanceAlarm, useKioskHeartbeat, useWaitingOrders } from '../../features/acceptance/waiting-orders.js';
import { ReservationAlert } from '../../features/reservations/reservation-alert.js';

export function AdminLayout() {
  const t = useT();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setDrawerOpen(false), [location.pathname]);
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
      {drawerOpen && (
        <div
          className="no-print fixed inset-0 z-40 lg:hidden"
          role="dialog"
          aria-modal="true"
          aria-label={t('nav.openMenu')}
        >
          <button
            type="button"
            aria-label={t('nav.closeMenu')}
            className="absolute inset-0 bg-black/60"
            onClick={() => setDrawerOpen(false)}
          />
          <div className="absolute inset-y-0 left-0 w-72 max-w-[85vw] shadow-2xl">
            <Sidebar onNavigate={() => setDrawerOpen(false)} />
          </div>
        </div>
      )}
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
