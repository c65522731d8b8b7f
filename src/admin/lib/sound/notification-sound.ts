import { Howl, Howler } from 'howler';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { isKiosk } from '../kiosk/kiosk.js';

interface SoundState {
  /** Staff choice, on by default and remembered on this device. */
  enabled: boolean;
  /**
   * Repeat the chime for as long as an order waits for acceptance. Always on in the counter kiosk; on by
   * default in a browser too, where turning it off (one chime per new order) is the manager's visible choice.
   */
  repeatUntilAcknowledged: boolean;
  /** Browsers refuse audio before the first click or key press. */
  unlocked: boolean;
  /** The chime is repeating now. */
  ringing: boolean;
  setEnabled(enabled: boolean): void;
  setRepeat(repeat: boolean): void;
}

export const useNotificationSound = create<SoundState>()(
  persist(
    (set) => ({
      enabled: true,
      repeatUntilAcknowledged: true,
      unlocked: false,
      ringing: false,
      setEnabled: (enabled) => {
        set({ enabled });
        if (!enabled) stopRinging();
      },
      setRepeat: (repeatUntilAcknowledged) => set({ repeatUntilAcknowledged }),
    }),
    {
      name: 'admin-notification-sound',
      // Version 0 stored "off" as its default, never chosen: those devices ring until accepted from now on.
      version: 1,
      migrate: (stored) => ({
        enabled: (stored as { enabled?: boolean } | null)?.enabled ?? true,
        repeatUntilAcknowledged: true,
      }),
      partialize: (s) => ({ enabled: s.enabled, repeatUntilAcknowledged: s.repeatUntilAcknowledged }),
    },
  ),
);

// The page says whether the chime repeats now (`<html data-ringing="true">`), as it says how many chimes went off
// (data-chimes-played), for what watches the page from outside (the browser tests).
useNotificationSound.subscribe(({ ringing }) => {
  if (typeof document !== 'undefined') document.documentElement.dataset.ringing = String(ringing);
});

/** Whether waiting orders ring until accepted here: always in the kiosk, the setting in a browser. */
export function repeatsUntilAccepted(): boolean {
  return isKiosk() || useNotificationSound.getState().repeatUntilAcknowledged;
}

export const NOTIFICATION_SOUND_URL = `${import.meta.env.BASE_URL}notification.mp3`;

let chime: Howl | null = null;
function getChime(): Howl {
  chime ??= new Howl({ src: [NOTIFICATION_SOUND_URL], preload: true, volume: 1 });
  return chime;
}

/** Call once at start: the first interaction anywhere unlocks audio for the rest of the session. */
export function installSoundUnlock(): () => void {
  const unlock = () => {
    getChime();
    const ctx = Howler.ctx as AudioContext | undefined;
    if (ctx && ctx.state === 'suspended') void ctx.resume();
    useNotificationSound.setState({ unlocked: true });
    remove();
  };
  const events = ['pointerdown', 'keydown', 'touchstart'] as const;
  const remove = () => events.forEach((e) => document.removeEventListener(e, unlock, true));
  events.forEach((e) => document.addEventListener(e, unlock, true));
  // A kiosk started with autoplay allowed is unlocked from the start.
  getChime();
  if ((Howler.ctx as AudioContext | undefined)?.state === 'running') useNotificationSound.setState({ unlocked: true });
  return remove;
}

let chimesPlayed = 0;
function ring(): void {
  getChime().play();
  // Lets staff (and the browser tests) see on the page that the chime really went off.
  document.documentElement.dataset.chimesPlayed = String(++chimesPlayed);
}

let ringTimer: ReturnType<typeof setInterval> | null = null;
export const RING_EVERY_MS = 4000;

/** Whether a chime can be heard now (sound on and unlocked by a first interaction). */
export function canRing(): boolean {
  const { enabled, unlocked } = useNotificationSound.getState();
  return enabled && unlocked;
}

/** One chime (a new reservation, an auto-accepted order, a new waiting order in a browser). */
export function playNewOrderSound(): void {
  if (!canRing()) {
    console.warn('Sound not ready or disabled');
    return;
  }
  ring();
}

/** Rings now and every few seconds until stopRinging(): orders wait for acceptance. */
export function startRinging(): void {
  if (ringTimer || !canRing()) return;
  ring();
  useNotificationSound.setState({ ringing: true });
  ringTimer = setInterval(() => (canRing() ? ring() : stopRinging()), RING_EVERY_MS);
}

export function stopRinging(): void {
  if (ringTimer) clearInterval(ringTimer);
  ringTimer = null;
  if (useNotificationSound.getState().ringing) useNotificationSound.setState({ ringing: false });
}
