import { spawn as nodeSpawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chimeWav as synthesiseWav, type Chime } from '../shared/audio/chime.js';

/** The kiosk's two-note chime (A5 then E5, 1.3 s), made here so the alarm needs no file of the admin app. */
const ALARM_CHIME: Chime = {
  rate: 22_050,
  seconds: 1.3,
  notes: [
    { hz: 880, at: 0, seconds: 0.45 },
    { hz: 660, at: 0.4, seconds: 0.8 },
  ],
  voice: (hz, t) => {
    const envelope = Math.min(1, t / 0.01) * Math.exp(-4 * t);
    return 0.5 * envelope * (Math.sin(2 * Math.PI * hz * t) + 0.3 * Math.sin(4 * Math.PI * hz * t));
  },
};

/** The alarm's chime as a 16-bit mono WAV file. */
export function chimeWav(): Buffer {
  const wav = synthesiseWav(ALARM_CHIME);
  return Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength);
}

export interface PlayerCommand {
  command: string;
  args: string[];
}

/** The system's own players for a WAV file, tried in order: they work with no window at all. */
export function playerCommands(platform: NodeJS.Platform, file: string): PlayerCommand[] {
  if (platform === 'win32') {
    const quoted = `'${file.replace(/'/g, "''")}'`;
    return [
      {
        command: 'powershell.exe',
        args: ['-NoProfile', '-NonInteractive', '-Command', `(New-Object Media.SoundPlayer ${quoted}).PlaySync()`],
      },
    ];
  }
  if (platform === 'darwin') return [{ command: 'afplay', args: [file] }];
  return [
    { command: 'paplay', args: [file] },
    { command: 'pw-play', args: [file] },
    { command: 'aplay', args: ['-q', file] },
  ];
}

export interface SoundPlayerOptions {
  file: string;
  platform?: NodeJS.Platform;
  commands?: PlayerCommand[];
  spawn?: (command: string, args: string[]) => ChildProcess;
  /** A player still running after this long is stopped and counts as failed. */
  timeoutMs?: number;
  /** Last resort when no player works: the system beep. */
  beep: () => void;
  onPlayed?: (how: string) => void;
}

/**
 * Plays the chime from the main process, without any renderer: the first system player that works
 * is kept for next time; when none does, the system beep.
 */
export function createSoundPlayer(options: SoundPlayerOptions): { play(): void; readonly playing: boolean } {
  const commands = options.commands ?? playerCommands(options.platform ?? process.platform, options.file);
  const spawn = options.spawn ?? ((command, args) => nodeSpawn(command, args, { stdio: 'ignore', windowsHide: true }));
  let working: PlayerCommand | null = null;
  let playing = false;

  const attempt = (list: PlayerCommand[]) => {
    const [first, ...rest] = list;
    if (!first) {
      playing = false;
      options.beep();
      options.onPlayed?.('beep');
      return;
    }
    let done = false;
    const next = () => {
      if (done) return;
      done = true;
      if (working === first) working = null;
      attempt(rest);
    };
    let child: ChildProcess;
    try {
      child = spawn(first.command, first.args);
    } catch {
      next();
      return;
    }
    const timer = setTimeout(() => {
      child.kill();
      next();
    }, options.timeoutMs ?? 10_000);
    child.once('error', () => {
      clearTimeout(timer);
      next();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) return next();
      if (done) return;
      done = true;
      working = first;
      playing = false;
      options.onPlayed?.(first.command);
    });
  };

  return {
    get playing() {
      return playing;
    },
    play() {
      if (playing) return;
      playing = true;
      if (!fs.existsSync(options.file)) {
        fs.mkdirSync(path.dirname(options.file), { recursive: true });
        fs.writeFileSync(options.file, chimeWav());
      }
      attempt(working ? [working, ...commands.filter((c) => c !== working)] : commands);
    },
  };
}
