import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const electron = vi.hoisted(() => {
  const notifications: FakeNotificationLike[] = [];
  interface FakeNotificationLike {
    options: { title: string; body: string; urgency?: string; silent?: boolean };
    shown: boolean;
    emit(event: string): void;
  }
  class FakeNotification {
    static supported = true;
    static isSupported() {
      return FakeNotification.supported;
    }
    shown = false;
    private handlers = new Map<string, () => void>();
    constructor(readonly options: { title: string; body: string; urgency?: string; silent?: boolean }) {
      notifications.push(this);
    }
    on(event: string, fn: () => void) {
      this.handlers.set(event, fn);
      return this;
    }
    show() {
      this.shown = true;
    }
    emit(event: string) {
      this.handlers.get(event)?.();
    }
  }
  return { notifications, Notification: FakeNotification, beeps: { count: 0 }, focus: [] as unknown[] };
});

vi.mock('electron', () => ({
  Notification: electron.Notification,
  shell: { beep: () => void (electron.beeps.count += 1) },
  app: { focus: (o: unknown) => void electron.focus.push(o) },
}));

const { createAlarmEffects } = await import('../../src/main/alarm-effects');
const { KioskWatchdog } = await import('../../src/main/watchdog');
const { chimeWav, createSoundPlayer, playerCommands } = await import('../../src/main/alarm-sound');

class FakeWindow {
  calls: string[] = [];
  minimised = true;
  visible = true;
  destroyed = false;
  isDestroyed = () => this.destroyed;
  isMinimized = () => this.minimised;
  isVisible = () => this.visible;
  restore = () => {
    this.calls.push('restore');
    this.minimised = false;
  };
  show = () => void this.calls.push('show');
  moveTop = () => void this.calls.push('moveTop');
  focus = () => void this.calls.push('focus');
  flashFrame = (on: boolean) => void this.calls.push(`flashFrame:${on}`);
}

describe('the kiosk alarm in Electron', () => {
  beforeEach(() => {
    electron.notifications.length = 0;
    electron.beeps.count = 0;
    electron.Notification.supported = true;
  });

  it('plays the chime, flashes the taskbar, notifies and restores the window when the app is gone', () => {
    const win = new FakeWindow();
    let plays = 0;
    let now = 0;
    const dog = new KioskWatchdog(
      createAlarmEffects(() => win, { play: () => void plays++ }),
      { now: () => now, expectHeartbeat: true },
    );
    dog.heartbeat({ signedIn: true, realtimeJoined: true, online: true, unacceptedOrders: 2 });
    expect(win.calls).toEqual(['flashFrame:true']);
    expect(electron.notifications.map((n) => n.options.title)).toEqual(['Nouvelles commandes']);
    win.calls = [];
    dog.rendererGone('crashed');
    expect(plays).toBe(1);
    expect(win.calls).toEqual(['restore', 'show', 'moveTop', 'focus']);
    const alarm = electron.notifications[1];
    expect(alarm.options).toMatchObject({ title: 'Kiosque : commandes en danger', urgency: 'critical', silent: true });
    expect(alarm.options.body).toContain('s’est arrêté (crashed)');
    expect(alarm.shown).toBe(true);
    win.minimised = true;
    win.calls = [];
    alarm.emit('click');
    expect(win.calls).toEqual(['restore', 'show', 'moveTop', 'focus']);
    now += 20_000;
    dog.tick();
    expect(plays).toBe(2);
    win.calls = [];
    dog.heartbeat({ signedIn: true, realtimeJoined: true, online: true, unacceptedOrders: 0 });
    expect(win.calls).toEqual(['flashFrame:false']);
  });

  it('beeps when there is no sound player, and does nothing to a closed window', () => {
    const win = new FakeWindow();
    win.destroyed = true;
    const effects = createAlarmEffects(() => win, null);
    effects.playChime();
    effects.flash(true);
    effects.bringToFront();
    expect(electron.beeps.count).toBe(1);
    expect(win.calls).toEqual([]);
    expect(effects.isMinimised()).toBe(true);
    electron.Notification.supported = false;
    effects.notify('t', 'b');
    expect(electron.notifications).toEqual([]);
    const failing = createAlarmEffects(() => null, {
      play: () => {
        throw new Error('no audio');
      },
    });
    failing.playChime();
    expect(electron.beeps.count).toBe(2);
  });
});

describe('the alarm sound without any window', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chime-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is a real, audible WAV chime', () => {
    const wav = chimeWav();
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(wav.readUInt32LE(24)).toBe(22050);
    const samples = (wav.length - 44) / 2;
    expect(samples / 22050).toBeGreaterThan(1);
    let peak = 0;
    for (let i = 44; i < wav.length; i += 2) peak = Math.max(peak, Math.abs(wav.readInt16LE(i)));
    expect(peak).toBeGreaterThan(10_000);
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
  });

  it('uses the system player of each platform', () => {
    expect(playerCommands('linux', '/u/c.wav').map((c) => c.command)).toEqual(['paplay', 'pw-play', 'aplay']);
    expect(playerCommands('darwin', '/u/c.wav')).toEqual([{ command: 'afplay', args: ['/u/c.wav'] }]);
    const [win] = playerCommands('win32', "C:\\Users\\D'Souza\\chime.wav");
    expect(win.command).toBe('powershell.exe');
    expect(win.args.at(-1)).toBe("(New-Object Media.SoundPlayer 'C:\\Users\\D''Souza\\chime.wav').PlaySync()");
  });

  it('falls through missing or failing players to one that works, writes the chime, and keeps that player', async () => {
    const file = path.join(dir, 'sub', 'chime.wav');
    const record = path.join(dir, 'played.txt');
    const player = {
      command: process.execPath,
      args: [
        '-e',
        `require('fs').appendFileSync(${JSON.stringify(record)}, require('fs').statSync(${JSON.stringify(file)}).size + '\\n')`,
      ],
    };
    const played: string[] = [];
    let beeps = 0;
    const sound = createSoundPlayer({
      file,
      commands: [
        { command: path.join(dir, 'no-such-player'), args: [] },
        { command: process.execPath, args: ['-e', 'process.exit(3)'] },
        player,
      ],
      beep: () => void beeps++,
      onPlayed: (how) => played.push(how),
    });
    sound.play();
    sound.play();
    await vi.waitFor(() => expect(played).toEqual([process.execPath]), { timeout: 10_000 });
    expect(fs.readFileSync(record, 'utf8')).toBe(`${chimeWav().length}\n`);
    sound.play();
    await vi.waitFor(() => expect(played).toHaveLength(2), { timeout: 10_000 });
    expect(fs.readFileSync(record, 'utf8').trim().split('\n')).toHaveLength(2);
    expect(beeps).toBe(0);
  });

  it('beeps when no player works, also when one hangs', async () => {
    let beeps = 0;
    const sound = createSoundPlayer({
      file: path.join(dir, 'chime.wav'),
      commands: [
        { command: path.join(dir, 'missing'), args: [] },
        { command: process.execPath, args: ['-e', 'setTimeout(() => {}, 60000)'] },
      ],
      timeoutMs: 300,
      beep: () => void beeps++,
    });
    sound.play();
    await vi.waitFor(() => expect(beeps).toBe(1), { timeout: 10_000 });
    expect(sound.playing).toBe(false);
  });
});
