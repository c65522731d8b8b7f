import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The part of Electron's `app` that auto-launch needs (replaced in tests). */
export interface LoginItemApp {
  getLoginItemSettings(): { openAtLogin: boolean };
  setLoginItemSettings(settings: { openAtLogin: boolean; path?: string; args?: string[] }): void;
}

export interface AutoLaunchOptions {
  app: LoginItemApp;
  appName: string;
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
  execPath?: string;
}

export interface AutoLaunch {
  isEnabled(): boolean;
  setEnabled(enabled: boolean): boolean;
  /** Linux only: where the autostart entry lives. */
  readonly desktopFile: string | null;
}

function desktopEntry(name: string, exec: string): string {
  // Exec arguments with spaces must be quoted (XDG Desktop Entry spec).
  const quoted = /[\s"]/.test(exec) ? `"${exec.replace(/(["\\`$])/g, '\\$1')}"` : exec;
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Version=1.0',
    `Name=${name}`,
    `Comment=${name} – caisse et impression des commandes`,
    `Exec=${quoted}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    'X-GNOME-Autostart-Delay=5',
    '',
  ].join('\n');
}

/**
 * Starting the kiosk at login: Electron's login items on Windows and macOS, an XDG autostart
 * entry on Linux (pointing at the AppImage when the kiosk runs from one, since its mount path changes).
 */
export function createAutoLaunch({
  app,
  appName,
  platform = process.platform,
  env = process.env,
  execPath = process.execPath,
}: AutoLaunchOptions): AutoLaunch {
  if (platform !== 'linux') {
    return {
      desktopFile: null,
      isEnabled: () => app.getLoginItemSettings().openAtLogin,
      setEnabled(enabled) {
        app.setLoginItemSettings({ openAtLogin: enabled, path: execPath });
        return app.getLoginItemSettings().openAtLogin;
      },
    };
  }
  const configHome = env.XDG_CONFIG_HOME || path.join(env.HOME || os.homedir(), '.config');
  const slug = appName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const desktopFile = path.join(configHome, 'autostart', `${slug}.desktop`);
  return {
    desktopFile,
    isEnabled() {
      try {
        const text = fs.readFileSync(desktopFile, 'utf8');
        return !/^Hidden\s*=\s*true/m.test(text) && !/^X-GNOME-Autostart-enabled\s*=\s*false/m.test(text);
      } catch {
        return false;
      }
    },
    setEnabled(enabled) {
      if (enabled) {
        fs.mkdirSync(path.dirname(desktopFile), { recursive: true });
        fs.writeFileSync(desktopFile, desktopEntry(appName, env.APPIMAGE || execPath));
      } else {
        fs.rmSync(desktopFile, { force: true });
      }
      return this.isEnabled();
    },
  };
}
