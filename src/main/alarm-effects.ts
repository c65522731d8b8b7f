import { app, Notification, shell } from 'electron';
import type { WatchdogEffects } from './watchdog';

/** The part of a BrowserWindow the alarm uses. */
export interface AlarmWindow {
  isDestroyed(): boolean;
  isMinimized(): boolean;
  isVisible(): boolean;
  restore(): void;
  show(): void;
  moveTop(): void;
  focus(): void;
  flashFrame(flag: boolean): void;
}

/** The watchdog's effects in Electron: its own sound, the taskbar button, OS notifications, the window. */
export function createAlarmEffects(
  getWindow: () => AlarmWindow | null,
  sound: { play(): void } | null,
): WatchdogEffects {
  const live = () => {
    const win = getWindow();
    return win && !win.isDestroyed() ? win : null;
  };
  // Kept until closed: a notification that is garbage-collected loses its click handler.
  const shown = new Set<Notification>();
  const bringToFront = () => {
    const win = live();
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.show();
    win.moveTop();
    win.focus();
    if (process.platform === 'darwin') app.focus({ steal: true });
  };
  return {
    playChime() {
      try {
        if (sound) sound.play();
        else shell.beep();
      } catch {
        shell.beep();
      }
    },
    flash(on) {
      live()?.flashFrame(on);
    },
    notify(title, body) {
      if (!Notification.isSupported()) return;
      const n = new Notification({ title, body, urgency: 'critical', silent: true });
      shown.add(n);
      n.on('click', bringToFront);
      n.on('close', () => shown.delete(n));
      n.show();
    },
    bringToFront,
    isMinimised() {
      const win = live();
      return !win || win.isMinimized() || !win.isVisible();
    },
  };
}
