// Storage's image transformations (/storage/v1/render/image): an 800×600 photo to 400 px WebP (and AVIF),
// each request a new transformation (cold), then the same one repeated (from the transform cache).
// Run: npx tsx bench/image.bench.ts   BENCH_IMAGES (30 cold transforms per format), BENCH_REPEATS (300).
import crypto from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { startTestBackend } from '../tests/helpers/backend.js';
import { benchDatabases } from './databases.js';

const COLD = Number(process.env.BENCH_IMAGES ?? 30);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 300);

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function timed(url: string, accept: string): Promise<{ ms: number; bytes: number }> {
  const t = performance.now();
  const r = await fetch(url, { headers: { Accept: accept } });
  const body = await r.arrayBuffer();
  if (r.status !== 200) throw new Error(`${url}: ${r.status} ${Buffer.from(body).toString()}`);
  return { ms: performance.now() - t, bytes: body.byteLength };
}

for (const kind of benchDatabases()) {
  const b = await startTestBackend(kind);
  try {
    // A photo-like 800×600 JPEG: smooth gradients with noise, as a dish photo has.
    const noise = crypto.randomBytes(800 * 600 * 3).map((v, i) => ((i % 2400) / 10 + (v % 48)) & 0xff);
    const photo = await sharp(noise, { raw: { width: 800, height: 600, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer();
    const up = await b
      .serviceClient()
      .storage.from('menu-images')
      .upload('bench/photo.jpg', photo, { contentType: 'image/jpeg' });
    if (up.error) throw up.error;
    const base = `${b.url}/storage/v1/render/image/public/menu-images/bench/photo.jpg`;
    console.log(
      `${kind}: source 800×600 JPEG, ${(photo.length / 1024).toFixed(0)} KiB; ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}`,
    );
    for (const [label, accept] of [
      ['WebP', 'image/webp'],
      ['AVIF', 'image/avif'],
    ] as const) {
      const cold: number[] = [];
      let bytes = 0;
      for (let i = 0; i < COLD; i++) {
        // Each quality is a transformation not made before: a real decode, resize and encode.
        const r = await timed(`${base}?width=400&quality=${50 + i}`, accept);
        cold.push(r.ms);
        bytes = r.bytes;
      }
      const warm: number[] = [];
      for (let i = 0; i < REPEATS; i++) warm.push((await timed(`${base}?width=400&quality=80`, accept)).ms);
      console.log(
        `400 px ${label} (${(bytes / 1024).toFixed(1)} KiB): new p50 ${fmt(pct(cold, 0.5))} p95 ${fmt(pct(cold, 0.95))}; ` +
          `cached p50 ${fmt(pct(warm, 0.5))} p95 ${fmt(pct(warm, 0.95))} (${COLD} new, ${REPEATS} cached)`,
      );
    }
  } finally {
    await b.close();
  }
}
