import { createAutoLaunch } from '../../../src/main/auto-launch';

/** The kiosk's auto-launch on Linux, writing its autostart entry under `dir`, with an Electron app that never starts at login. */
export function linuxAutoLaunch(dir: string) {
  return createAutoLaunch({
    app: { getLoginItemSettings: () => ({ openAtLogin: false }), setLoginItemSettings: () => {} },
    appName: 'Kiosque',
    platform: 'linux',
    env: { XDG_CONFIG_HOME: dir },
  });
}
