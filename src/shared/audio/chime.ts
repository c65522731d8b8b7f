/**
 * The chimes' synthesiser: notes summed into samples, written as a 16-bit mono WAV file. The kiosk's alarm
 * (src/main/alarm-sound.ts) makes its chime with it at run time, and scripts/make-notification-chime.ts the admin's
 * notification.mp3. Plain arrays and bytes, no Node Buffer, so both sides can use it.
 */

/** One note: its pitch, when it starts and how long it sounds (to the end of the chime when not given), in seconds. */
export interface ChimeNote {
  hz: number;
  at: number;
  seconds?: number;
}

export interface Chime {
  /** Samples per second. */
  rate: number;
  /** Length of the whole chime. */
  seconds: number;
  notes: readonly ChimeNote[];
  /** A note's sample `t` seconds after it starts (its timbre and envelope). */
  voice: (hz: number, t: number) => number;
  /** The last stretch fades out linearly to silence. */
  fadeOutSeconds?: number;
}

/** The chime's samples, between -1 and 1 where the voices do not clip. */
export function chimeSamples(chime: Chime): Float64Array {
  const samples = new Float64Array(Math.ceil(chime.rate * chime.seconds));
  for (const note of chime.notes) {
    const start = Math.floor(note.at * chime.rate);
    const end =
      note.seconds === undefined
        ? samples.length
        : Math.min(samples.length, start + Math.floor(note.seconds * chime.rate));
    for (let i = start; i < end; i++) samples[i] += chime.voice(note.hz, (i - start) / chime.rate);
  }
  const fade = Math.round((chime.fadeOutSeconds ?? 0) * chime.rate);
  for (let i = 0; i < fade; i++) samples[samples.length - 1 - i] *= i / fade;
  return samples;
}

/** Samples as a 16-bit mono PCM WAV file (44-byte RIFF header, then the data), clipped to [-1, 1]. */
export function wavFile(samples: ArrayLike<number>, rate: number): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const text = (at: number, s: string) => [...s].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true); // size of the fmt chunk
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // bytes per frame
  view.setUint16(34, 16, true); // bits per sample
  text(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) {
    view.setInt16(44 + i * 2, Math.round(Math.max(-1, Math.min(1, samples[i])) * 32767), true);
  }
  return bytes;
}

/** The chime as a WAV file. */
export function chimeWav(chime: Chime): Uint8Array {
  return wavFile(chimeSamples(chime), chime.rate);
}
