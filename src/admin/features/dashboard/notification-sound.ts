import { Howl, Howler } from 'howler';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface SoundState {
  /** Staff choice, on by default and remembered on this device. */
  enabled: boolean;
  /** Keep ringing until someone presses "Visto". */
  repeatUntilAcknowledged: boolean;
  /** Browsers refuse audio before the first click or key press. */
  unlocked: boolean;
  ringing: boolean;
  setEnabled(enabled: boolean): void;
  setRepeat(repeat: boolean): void;
}

export const useNotificationSound = create<SoundState>()(
  persist(
    (set) => ({
      enabled: true,
      repeatUntilAcknowledged: false,
      unlocked: false,
      ringing: false,
      setEnabled: (enabled) => {
        set({ enabled });
        if (!enabled) acknowledgeNewOrders();
      },
      setRepeat: (repeatUntilAcknowledged) => set({ repeatUntilAcknowledged }),
    }),
    { name: 'admin-notification-sound', partialize: (s) => ({ enabled: s.enabled, repeatUntilAcknowledged: s.repeatUntilAcknowledged }) },
  ),
);

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
const RING_EVERY_MS = 4000;

export function playNewOrderSound(): void {
  const { enabled, unlocked, repeatUntilAcknowledged } = useNotificationSound.getState();
  if (!enabled || !unlocked) {
    console.warn('Sound not ready or disabled');
    if (enabled && repeatUntilAcknowledged) useNotificationSound.setState({ ringing: true });
    return;
  }
  ring();
  if (repeatUntilAcknowledged) {
    useNotificationSound.setState({ ringing: true });
    ringTimer ??= setInterval(ring, RING_EVERY_MS);
  }
}

export function acknowledgeNewOrders(): void {
  if (ringTimer) clearInterval(ringTimer);
  ringTimer = null;
  useNotificationSound.setState({ ringing: false });
}
