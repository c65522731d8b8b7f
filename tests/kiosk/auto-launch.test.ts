import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAutoLaunch, type LoginItemApp } from '../../src/main/auto-launch';

function fakeApp(): LoginItemApp & { calls: unknown[] } {
  let open = false;
  const calls: unknown[] = [];
  return {
    calls,
    getLoginItemSettings: () => ({ openAtLogin: open }),
    setLoginItemSettings: (s) => {
      calls.push(s);
      open = s.openAtLogin;
    },
  };
}

describe('starting the kiosk at login', () => {
  it('writes and removes an XDG autostart entry on Linux, under XDG_CONFIG_HOME', () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'xdg-'));
    const launch = createAutoLaunch({
      app: fakeApp(),
      appName: 'Kiosque Restaurant',
      platform: 'linux',
      env: { XDG_CONFIG_HOME: home },
      execPath: '/opt/Kiosque Restaurant/kiosque',
    });
    expect(launch.desktopFile).toBe(path.join(home, 'autostart', 'kiosque-restaurant.desktop'));
    expect(launch.isEnabled()).toBe(false);
    expect(launch.setEnabled(true)).toBe(true);
    const entry = fs.readFileSync(launch.desktopFile!, 'utf8');
    expect(entry).toMatch(/^\[Desktop Entry\]$/m);
    expect(entry).toMatch(/^Type=Application$/m);
    expect(entry).toContain('Exec="/opt/Kiosque Restaurant/kiosque"');
    expect(launch.setEnabled(false)).toBe(false);
    expect(fs.existsSync(launch.desktopFile!)).toBe(false);
  });

  it('points the entry at the AppImage when run from one', () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'xdg-'));
    const launch = createAutoLaunch({
      app: fakeApp(),
      appName: 'Kiosque',
      platform: 'linux',
      env: { XDG_CONFIG_HOME: home, APPIMAGE: '/home/caisse/Kiosque.AppImage' },
      execPath: '/tmp/.mount_x/kiosque',
    });
    launch.setEnabled(true);
    expect(fs.readFileSync(launch.desktopFile!, 'utf8')).toMatch(/^Exec=\/home\/caisse\/Kiosque\.AppImage$/m);
  });

  it('treats a Hidden=true entry as disabled', () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'xdg-'));
    const launch = createAutoLaunch({
      app: fakeApp(),
      appName: 'Kiosque',
      platform: 'linux',
      env: { XDG_CONFIG_HOME: home },
    });
    launch.setEnabled(true);
    fs.appendFileSync(launch.desktopFile!, 'Hidden=true\n');
    expect(launch.isEnabled()).toBe(false);
  });

  it('uses Electron login items on Windows', () => {
    const app = fakeApp();
    const launch = createAutoLaunch({
      app,
      appName: 'Kiosque',
      platform: 'win32',
      execPath: 'C:\\Kiosque\\kiosque.exe',
    });
    expect(launch.setEnabled(true)).toBe(true);
    expect(app.calls).toEqual([{ openAtLogin: true, path: 'C:\\Kiosque\\kiosque.exe' }]);
    expect(launch.setEnabled(false)).toBe(false);
  });
});
