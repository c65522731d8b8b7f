// Synthesises src/admin/public/notification.mp3 (the admin's new-order chime): a soft three-note bell chime (C6, E6, G6), 1.6 s.
// Run: npx tsx scripts/make-notification-chime.ts  (needs `lame`: apt-get install -y lame)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chimeWav, type Chime } from '../src/shared/audio/chime.js';

export const NOTIFICATION_CHIME: Chime = {
  rate: 44_100,
  seconds: 1.6,
  notes: [
    { hz: 1046.5, at: 0.0 },
    { hz: 1318.5, at: 0.16 },
    { hz: 1568.0, at: 0.32 },
  ],
  // A bell: the fundamental plus quieter, faster-decaying partials.
  voice: (hz, t) => {
    const attack = Math.min(1, t / 0.004);
    const decay = Math.exp(-t * 3.2);
    const tone =
      Math.sin(2 * Math.PI * hz * t) +
      0.35 * Math.sin(2 * Math.PI * hz * 2 * t) * Math.exp(-t * 6) +
      0.12 * Math.sin(2 * Math.PI * hz * 3.01 * t) * Math.exp(-t * 9);
    return 0.28 * attack * decay * tone;
  },
  fadeOutSeconds: 0.1,
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const work = mkdtempSync(path.join(tmpdir(), 'chime-'));
  const wav = path.join(work, 'chime.wav');
  writeFileSync(wav, chimeWav(NOTIFICATION_CHIME));
  const out = fileURLToPath(new URL('../src/admin/public/notification.mp3', import.meta.url));
  execFileSync('lame', ['--quiet', '-V', '4', '--tt', 'Nouvelle commande', wav, out]);
  rmSync(work, { recursive: true });
  console.log(`wrote ${out}`);
}
