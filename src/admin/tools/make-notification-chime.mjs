// Synthesises public/notification.mp3: a soft three-note bell chime (C6, E6, G6), 1.6 s.
// Run: node src/admin/tools/make-notification-chime.mjs  (needs `lame`: apt-get install -y lame)
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const rate = 44100;
const seconds = 1.6;
const notes = [
  { hz: 1046.5, at: 0.0 },
  { hz: 1318.5, at: 0.16 },
  { hz: 1568.0, at: 0.32 },
];
const samples = new Float32Array(Math.round(rate * seconds));

for (const { hz, at } of notes) {
  const start = Math.round(at * rate);
  for (let i = start; i < samples.length; i++) {
    const t = (i - start) / rate;
    const attack = Math.min(1, t / 0.004);
    const decay = Math.exp(-t * 3.2);
    // A bell: the fundamental plus quieter, faster-decaying partials.
    const tone =
      Math.sin(2 * Math.PI * hz * t) +
      0.35 * Math.sin(2 * Math.PI * hz * 2 * t) * Math.exp(-t * 6) +
      0.12 * Math.sin(2 * Math.PI * hz * 3.01 * t) * Math.exp(-t * 9);
    samples[i] += 0.28 * attack * decay * tone;
  }
}

const fadeOut = Math.round(0.1 * rate);
for (let i = 0; i < fadeOut; i++) samples[samples.length - 1 - i] *= i / fadeOut;

const pcm = Buffer.alloc(44 + samples.length * 2);
pcm.write('RIFF', 0);
pcm.writeUInt32LE(36 + samples.length * 2, 4);
pcm.write('WAVEfmt ', 8);
pcm.writeUInt32LE(16, 16);
pcm.writeUInt16LE(1, 20);
pcm.writeUInt16LE(1, 22);
pcm.writeUInt32LE(rate, 24);
pcm.writeUInt32LE(rate * 2, 28);
pcm.writeUInt16LE(2, 32);
pcm.writeUInt16LE(16, 34);
pcm.write('data', 36);
pcm.writeUInt32LE(samples.length * 2, 40);
samples.forEach((s, i) => pcm.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), 44 + i * 2));

const work = mkdtempSync(path.join(tmpdir(), 'chime-'));
const wav = path.join(work, 'chime.wav');
writeFileSync(wav, pcm);
const out = fileURLToPath(new URL('../public/notification.mp3', import.meta.url));
execFileSync('lame', ['--quiet', '-V', '4', '--tt', 'Nouvelle commande', wav, out]);
rmSync(work, { recursive: true });
console.log(`wrote ${out}`);
