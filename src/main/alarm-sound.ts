import { spawn as nodeSpawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const RATE = 22_050;

/** A two-note chime as a 16-bit mono WAV, made here so the alarm needs no file of the admin app. */
export function chimeWav(): Buffer {
  const notes = [
    { hz: 880, at: 0, len: 0.45 },
    { hz: 660, at: 0.4, len: 0.8 },
  ];
  const total = Math.ceil(RATE * 1.3);
  const samples = new Float64Array(total);
  for (const n of notes) {
    const start = Math.floor(n.at * RATE);
    const count = Math.floor(n.len * RATE);
    for (let i = 0; i < count && start + i < total; i++) {
      const t = i / RATE;
      const envelope = Math.min(1, t / 0.01) * Math.exp(-4 * t);
      samples[start + i] +=
        0.5 * envelope * (Math.sin(2 * Math.PI * n.hz * t) + 0.3 * Math.sin(4 * Math.PI * n.hz * t));
    }
  }
  const data = Buffer.alloc(total * 2);
  for (let i = 0; i < total; i++) data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i])) * 32767), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
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
