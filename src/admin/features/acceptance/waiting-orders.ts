/**
 * Alerts driven by the orders' state, not by what a screen has seen: every order still "En attente"
 * (whenever it came in, whatever was open, reloaded or offline) is listed and rings until someone
 * accepts or refuses it. Realtime changes of orders refetch the list (see useOrderFeed), so an
 * order accepted on another device stops the chime here within a second.
 */
import { useEffect, useRef } from 'react';
import { orderNumber } from '../../../shared/domain/index.js';
import { clockOf } from '../../components/order/order-format.js';
import { DataError } from '../../../shared/data/errors.js';
import { useAcceptOrderMutation, useRefuseOrderMutation, useWaitingOrdersQuery } from '../../lib/data.js';
import { toast } from '../../components/ui/toast-store.js';
import {
  canRing,
  playNewOrderSound,
  repeatsUntilAccepted,
  startRinging,
  stopRinging,
  useNotificationSound,
} from '../../lib/sound/notification-sound.js';
import { useLiveOrders } from '../../lib/live-orders.js';
import { at } from '../../i18n/acceptance.js';
import { isKiosk, sendKioskHeartbeat } from '../../lib/kiosk/kiosk.js';

export const WAITING_POLL_MS = 10_000;
export const QUICK_MINUTES = [15, 20, 30, 45, 60] as const;

export function useWaitingOrders() {
  return useWaitingOrdersQuery({
    queryConfig: { refetchInterval: WAITING_POLL_MS, refetchIntervalInBackground: true },
  });
}

export { clockOf };

/** The staff's message for a failed accept/refuse: by the database's refusal code, else its text. */
export function acceptanceError(e: unknown): string {
  if (e instanceof DataError) {
    if (e.isForbidden) return at('forbidden');
    switch (e.refusal?.code) {
      case 'already_handled':
      case 'unknown_order':
        return at('alreadyHandled');
      case 'reason_required':
        return at('reasonRequired');
      case 'reason_too_long':
        return at('reasonTooLong');
      case 'invalid_ready_time':
        return at('badReadyTime');
    }
    return e.message;
  }
  return e instanceof Error ? e.message : String(e);
}

export function useAcceptOrder() {
  return useAcceptOrderMutation({
    mutationConfig: {
      onSuccess: (order) =>
        toast.success(
          at('accepted', { id: orderNumber(order.id), ready: order.ready_at ? clockOf(order.ready_at) : '' }),
        ),
      onError: (e) => toast.error(at('acceptFailed'), acceptanceError(e)),
    },
  });
}

export function useRefuseOrder() {
  return useRefuseOrderMutation({
    mutationConfig: {
      onSuccess: (order) => toast.success(at('refused', { id: orderNumber(order.id) })),
      onError: (e) => toast.error(at('refuseFailed'), acceptanceError(e)),
    },
  });
}

const baseTitle = typeof document !== 'undefined' ? document.title : '';
let baseIcon: string | null = null;

/** The favicon with the count in a red badge (an SVG data URL: the CSP allows data: images). */
function countIcon(n: number): string {
  const label = n > 99 ? '99+' : String(n);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<circle cx="32" cy="32" r="31" fill="#b91c1c"/>` +
    `<text x="32" y="44" font-family="Arial,sans-serif" font-size="${label.length > 2 ? 26 : 36}" font-weight="bold" fill="#fff" text-anchor="middle">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function showCount(n: number): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (link) {
    baseIcon ??= link.getAttribute('href');
    link.setAttribute('href', n > 0 ? countIcon(n) : (baseIcon ?? link.href));
  }
  document.title = n > 0 ? `${at('titleCount', { n })} · ${baseTitle}` : baseTitle;
  document.documentElement.dataset.waitingOrders = String(n);
}

/**
 * Mounted once in the admin layout. Rings while orders wait: repeating until they are accepted in
 * the kiosk (or when the browser setting says so), else one chime per order not rung yet here;
 * orders already waiting when the page opened ring too. Also keeps the tab title and favicon.
 */
export function useAcceptanceAlarm(): void {
  const waiting = useWaitingOrders();
  const { enabled, unlocked, repeatUntilAcknowledged } = useNotificationSound();
  const rung = useRef(new Set<string>());
  const ids = (waiting.data ?? []).map((o) => o.id);
  const key = ids.join(',');

  useEffect(() => {
    showCount(ids.length);
    if (ids.length === 0) {
      stopRinging();
      rung.current.clear();
      return;
    }
    if (!canRing()) return;
    if (repeatsUntilAccepted()) {
      startRinging();
    } else {
      stopRinging();
      if (ids.some((id) => !rung.current.has(id))) playNewOrderSound();
    }
    rung.current = new Set(ids);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- ids are summed up by key
  }, [key, enabled, unlocked, repeatUntilAcknowledged]);

  useEffect(
    () => () => {
      stopRinging();
      showCount(0);
    },
    [],
  );
}

/** What the kiosk's watchdog needs to know (src/shared/ipc.ts KioskHeartbeat), every 5 s and on change. */
export const HEARTBEAT_MS = 5000;

export function useKioskHeartbeat(signedIn: boolean, unacceptedOrders = 0, lastFetchOk = true): void {
  const connection = useLiveOrders((s) => s.connection);
  const realtimeJoined = signedIn && connection === 'live';
  useEffect(() => {
    if (!isKiosk()) return;
    const send = () =>
      void sendKioskHeartbeat({
        signedIn,
        realtimeJoined,
        online: navigator.onLine && lastFetchOk,
        unacceptedOrders: Math.min(unacceptedOrders, 10_000),
      }).catch(() => undefined);
    send();
    const timer = setInterval(send, HEARTBEAT_MS);
    window.addEventListener('online', send);
    window.addEventListener('offline', send);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', send);
      window.removeEventListener('offline', send);
    };
  }, [signedIn, realtimeJoined, unacceptedOrders, lastFetchOk]);
}
