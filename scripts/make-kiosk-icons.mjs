#!/usr/bin/env node
// Draws the kiosk's icon (a flame on the grill's charcoal colour) as PNG sizes and a Windows .ico,
// with no image library: pixels are computed and written with zlib.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const out = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'build');
fs.mkdirSync(path.join(out, 'icons'), { recursive: true });

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size, pixel) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel((x + 0.5) / size, (y + 0.5) / size);
      raw.set([r, g, b, a], y * (size * 4 + 1) + 1 + x * 4);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const mix = (a, b, t) => a.map((v, i) => Math.round(v + (b[i] - v) * t));
const clamp = (v) => Math.max(0, Math.min(1, v));

// Rounded square background, a two-tone flame and a grill bar.
function icon(u, v) {
  const dx = Math.max(Math.abs(u - 0.5) - 0.38, 0),
    dy = Math.max(Math.abs(v - 0.5) - 0.38, 0);
  const corner = Math.hypot(dx, dy) - 0.08;
  const bgAlpha = clamp(0.5 - corner * 200);
  if (bgAlpha <= 0) return [0, 0, 0, 0];
  let color = mix([40, 30, 26], [20, 14, 12], v);
  const flame = (scale, cy) => {
    const x = (u - 0.5) / scale,
      y = (v - cy) / scale;
    const body = Math.hypot(x, y + 0.02) - 0.2;
    const tip = y < 0 ? Math.abs(x) - 0.2 * (1 + y / 0.42) : 1;
    return y < -0.42 ? 1 : Math.min(body, Math.max(tip, -0.42 - y));
  };
  const outer = flame(1, 0.52),
    inner = flame(0.55, 0.6);
  if (outer < 0) color = mix([234, 88, 12], [250, 204, 21], clamp((0.75 - v) * 1.6));
  if (inner < 0) color = mix([253, 224, 71], [255, 247, 237], clamp((0.8 - v) * 2));
  if (v > 0.78 && v < 0.82 && u > 0.24 && u < 0.76) color = [156, 163, 175];
  return [...color, Math.round(bgAlpha * 255)];
}

const sizes = [16, 32, 48, 64, 128, 256, 512];
const pngs = Object.fromEntries(sizes.map((s) => [s, png(s, icon)]));
for (const s of sizes) fs.writeFileSync(path.join(out, 'icons', `${s}x${s}.png`), pngs[s]);
fs.writeFileSync(path.join(out, 'icon.png'), pngs[512]);

// .ico with PNG-compressed entries (Windows Vista and later).
const icoSizes = [16, 32, 48, 64, 128, 256];
const header = Buffer.alloc(6 + 16 * icoSizes.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(icoSizes.length, 4);
let offset = header.length;
icoSizes.forEach((s, i) => {
  const e = 6 + i * 16;
  header[e] = s === 256 ? 0 : s;
  header[e + 1] = s === 256 ? 0 : s;
  header.writeUInt16LE(1, e + 4);
  header.writeUInt16LE(32, e + 6);
  header.writeUInt32LE(pngs[s].length, e + 8);
  header.writeUInt32LE(offset, e + 12);
  offset += pngs[s].length;
});
fs.writeFileSync(path.join(out, 'icon.ico'), Buffer.concat([header, ...icoSizes.map((s) => pngs[s])]));
console.log(`Icons written to ${out}`);
