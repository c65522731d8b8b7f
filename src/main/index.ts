import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import { app, BrowserWindow, ipcMain, Menu, net, powerSaveBlocker, protocol, session, shell } from 'electron';
import { IPC } from '../shared/ipc';
import { createAutoLaunch } from './auto-launch';
import { registerIpcHandlers, registerSetupHandler } from './ipc-handlers';
import { KioskConfig } from './kiosk-config';
import { PrintQueue } from './print-queue';
import {
  printDaySummary,
  printKitchenSummary,
  printOrderTickets,
  printPreorderSlip,
  printTestTicket,
} from './printer/print-service';
import { ADMIN_ENTRY, APP_ORIGIN, APP_SCHEME, contentTypeOf, resolveRendererFile } from './renderer-files';
import { contentSecurityPolicy, DocumentUrls, guardContents, isAppUrl } from './security';
import { setupPageHtml, setupPageScript } from './setup-page';
import { createAlarmEffects } from './alarm-effects';
import { createSoundPlayer } from './alarm-sound';
import { KioskWatchdog } from './watchdog';

const APP_NAME = 'Kiosque Restaurant';

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
]);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.commandLine.appendSwitch('autoplay-policy', 'no-user-gesture-required');
  void app.whenReady().then(start);
}

let mainWindow: BrowserWindow | null = null;
let watchdog: KioskWatchdog | null = null;

async function start(): Promise<void> {
  const userData = app.getPath('userData');
  const config = new KioskConfig(path.join(userData, 'kiosk.json'));
  const autoLaunch = createAutoLaunch({ app, appName: APP_NAME });
  if (!config.autoLaunchInitialised) {
    // On at first install, switchable afterwards from the printer settings screen.
    if (app.isPackaged) autoLaunch.setEnabled(true);
    config.markAutoLaunchInitialised();
  }

  const sound = createSoundPlayer({ file: path.join(userData, 'alarm-chime.wav'), beep: () => shell.beep() });
  watchdog = new KioskWatchdog(
    createAlarmEffects(() => mainWindow, sound),
    { expectHeartbeat: config.heartbeatSeen && config.connection !== null },
  );
  setInterval(() => watchdog?.network(net.isOnline()), 2000);

  const queue = new PrintQueue({
    file: path.join(userData, 'print-queue.json'),
    print: (order, restaurant, slip) =>
      slip === 'acknowledgement'
        ? printPreorderSlip(order, config.printer, restaurant)
        : printOrderTickets(order, config.printer, restaurant),
    preorders: () => ({
      leadMinutes: config.printer.preorderLeadMinutes,
      acknowledge: config.printer.preorderAcknowledgement,
    }),
    onChange: (status) => {
      watchdog?.printer(status);
      if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(IPC.printerStatusEvent, status);
    },
  });
  queue.start();

  const rendererDir = path.join(__dirname, '../renderer');
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const csp = config.connection
      ? contentSecurityPolicy(config.connection.supabaseUrl)
      : "default-src 'self'; style-src 'self' 'unsafe-inline'";
    const headers = { 'Content-Security-Policy': csp, 'X-Content-Type-Options': 'nosniff' };
    if (url.pathname === '/env.js') {
      const env = {
        SUPABASE_URL: config.connection?.supabaseUrl,
        SUPABASE_ANON_KEY: config.connection?.supabaseAnonKey,
      };
      return new Response(`window.__ENV__ = ${JSON.stringify(env)};`, {
        headers: { ...headers, 'Content-Type': 'text/javascript' },
      });
    }
    if (url.pathname === '/setup.js')
      return new Response(setupPageScript, { headers: { ...headers, 'Content-Type': 'text/javascript' } });
    if (url.pathname === '/setup')
      return new Response(setupPageHtml(config.connection), {
        headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' },
      });
    const file = resolveRendererFile(rendererDir, request.url);
    if (!file) return new Response('Not found', { status: 404, headers });
    const res = await net.fetch(pathToFileURL(file).toString());
    return new Response(res.body, { status: res.status, headers: { ...headers, 'Content-Type': contentTypeOf(file) } });
  });

  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);

  registerIpcHandlers(
    ipcMain,
    {
      version: app.getVersion(),
      queue,
      config,
      autoLaunch,
      testPrint: (settings, restaurant) => printTestTicket(settings, restaurant),
      printDaySummary: (report, settings, restaurant) => printDaySummary(report, settings, restaurant),
      printKitchenSummary: (summary, settings, restaurant) => printKitchenSummary(summary, settings, restaurant),
      onPrinterSettingsChanged: () => queue.retryNow(),
      onHeartbeat: (state) => {
        config.markHeartbeatSeen();
        watchdog?.heartbeat(state);
      },
    },
    (url) => isAppUrl(url, APP_ORIGIN),
  );
  const documents = new DocumentUrls();
  registerSetupHandler(
    ipcMain,
    `${APP_ORIGIN}/setup`,
    (sender) => documents.of(sender),
    (value) => {
      config.setConnection(value);
      void mainWindow?.loadURL(ADMIN_ENTRY);
    },
  );

  app.on('web-contents-created', (_event, contents) => {
    documents.track(contents);
    guardContents(contents, APP_ORIGIN, (url) => void shell.openExternal(url));
  });

  // No application menu: its shortcuts (developer tools, reload) are not for the counter.
  Menu.setApplicationMenu(null);
  powerSaveBlocker.start('prevent-display-sleep');
  mainWindow = createWindow(config.windowMode, config.connection ? ADMIN_ENTRY : `${APP_ORIGIN}/setup`);

  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('window-all-closed', () => app.quit());
}

function createWindow(mode: 'kiosk' | 'fullscreen' | 'window', url: string): BrowserWindow {
  const preload = path.join(__dirname, '../preload/index.cjs');
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    show: false,
    kiosk: mode === 'kiosk',
    fullscreen: mode === 'fullscreen',
    autoHideMenuBar: true,
    backgroundColor: '#111827',
    title: APP_NAME,
    icon: fs.existsSync(path.join(__dirname, '../../build/icon.png'))
      ? path.join(__dirname, '../../build/icon.png')
      : undefined,
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      // New orders must ring and print even when the window is minimised or hidden.
      backgroundThrottling: false,
      autoplayPolicy: 'no-user-gesture-required',
      spellcheck: false,
      // Developer tools would hand the signed-in admin session to anyone at the counter.
      devTools: !app.isPackaged,
    },
  });
  win.once('ready-to-show', () => win.show());
  win.webContents.on('did-finish-load', () => watchdog?.rendererLoaded());
  win.webContents.on('render-process-gone', (_e, details) => {
    console.error(`Renderer gone (${details.reason}); reloading.`);
    watchdog?.rendererGone(details.reason);
    setTimeout(() => !win.isDestroyed() && win.reload(), 1000);
  });
  let unresponsiveTimer: NodeJS.Timeout | null = null;
  win.on('unresponsive', () => {
    watchdog?.rendererUnresponsive();
    unresponsiveTimer = setTimeout(() => !win.isDestroyed() && win.webContents.forcefullyCrashRenderer(), 15_000);
  });
  win.on('responsive', () => {
    watchdog?.rendererResponsive();
    if (unresponsiveTimer) clearTimeout(unresponsiveTimer);
  });
  void win.loadURL(url);
  return win;
}
