import crypto from 'node:crypto';
import sharp from 'sharp';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { closeClientAgents, fetchFrom } from '../helpers/client-address.js';

const BUCKET = 'menu-images';

/** A photo-like JPEG (noise, so that encoders have real work), `w`×`h`. */
async function photo(w: number, h: number): Promise<Buffer> {
  const raw = crypto.randomBytes(w * h * 3);
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function size(res: Response): Promise<{ width?: number; height?: number; format?: string; bytes: number }> {
  const buf = Buffer.from(await res.arrayBuffer());
  const m = await sharp(buf).metadata();
  return { width: m.width, height: m.height, format: m.format, bytes: buf.length };
}

describe.each(testDatabases())('Storage image transformations (/render/image) on %s', (kind) => {
  let b: TestBackend;
  let admin: SupabaseClient;
  let publicBase: string;

  beforeAll(async () => {
    b = await startTestBackend(kind, { env: { STORAGE_TRANSFORM_CONCURRENCY: '1' } });
    admin = b.client(
      await b.context.jwt.sign(
        {
          role: 'authenticated',
          aud: 'authenticated',
          sub: crypto.randomUUID(),
          email: 'owner@churrasqueira.lu',
          app_metadata: { role: 'admin' },
        },
        3600,
      ),
    );
    const s = admin.storage.from(BUCKET);
    expect((await s.upload('render/photo.jpg', await photo(800, 600), { contentType: 'image/jpeg' })).error).toBeNull();
    expect((await s.upload('render/big.jpg', await photo(2000, 1500), { contentType: 'image/jpeg' })).error).toBeNull();
    // 50 megapixels of one colour: a few kilobytes of PNG that would take 150 MB to decode.
    const bomb = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#c0392b' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect((await s.upload('render/bomb.png', bomb, { contentType: 'image/png' })).error).toBeNull();
    expect(
      (await s.upload('render/notes.png', Buffer.from('not an image at all'), { contentType: 'image/png' })).error,
    ).toBeNull();
    publicBase = `${b.url}/storage/v1/render/image/public/${BUCKET}`;
  });
  afterAll(async () => {
    await b?.close();
    await closeClientAgents();
  });

  it('resizes and converts: the browser gets AVIF or WebP as it accepts, the original format otherwise', async () => {
    const webp = await fetch(`${publicBase}/render/photo.jpg?width=400`, { headers: { Accept: 'image/webp,*/*' } });
    expect(webp.status).toBe(200);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(webp.headers.get('vary')).toBe('Accept');
    expect(await size(webp)).toMatchObject({ width: 400, height: 300, format: 'webp' });

    const avif = await fetch(`${publicBase}/render/photo.jpg?width=400`, {
      headers: { Accept: 'image/avif,image/webp,*/*' },
    });
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect(await size(avif)).toMatchObject({ width: 400, height: 300, format: 'heif' });

    const plain = await fetch(`${publicBase}/render/photo.jpg?width=400`);
    expect(plain.headers.get('content-type')).toBe('image/jpeg');
    const origin = await fetch(`${publicBase}/render/photo.jpg?width=400&format=origin`, {
      headers: { Accept: 'image/avif' },
    });
    expect(await size(origin)).toMatchObject({ width: 400, format: 'jpeg' });
  });

  it('cover crops, contain fits inside, fill stretches; never enlarges; quality changes the bytes', async () => {
    const get = (q: string) => fetch(`${publicBase}/render/photo.jpg?${q}&format=webp`).then(size);
    expect(await get('width=200&height=200')).toMatchObject({ width: 200, height: 200 });
    expect(await get('width=200&height=200&resize=contain')).toMatchObject({ width: 200, height: 150 });
    expect(await get('width=200&height=100&resize=fill')).toMatchObject({ width: 200, height: 100 });
    expect(await get('width=5000')).toMatchObject({ width: 800, height: 600 });
    const low = await get('width=400&quality=20');
    const high = await get('width=400&quality=100');
    expect(low.bytes).toBeLessThan(high.bytes);
  });

  it('refuses bad parameters, other files and missing objects in Storage shape', async () => {
    for (const q of ['quality=5', 'quality=101', 'resize=squash', 'format=gif', 'width=-3', 'width=abc']) {
      const r = await fetch(`${publicBase}/render/photo.jpg?${q}`);
      expect(r.status, q).toBe(400);
      expect(await r.json()).toMatchObject({ statusCode: '400' });
    }
    expect((await fetch(`${publicBase}/render/missing.jpg?width=10`)).status).toBe(400);
    const notImage = await fetch(`${publicBase}/render/notes.png?width=10`);
    expect(notImage.status).toBe(422);
    expect(await notImage.json()).toMatchObject({ message: 'The image could not be read' });
  });

  it('a 50-megapixel image is refused from its header, quickly, and the server goes on', async () => {
    const started = Date.now();
    const r = await fetch(`${publicBase}/render/bomb.png?width=100`);
    expect(r.status).toBe(413);
    expect(await r.json()).toMatchObject({ message: 'The image has too many pixels to be transformed' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await fetch(`${publicBase}/render/photo.jpg?width=50`)).status).toBe(200);
  });

  it('repeats come from the cache with the same ETag, and If-None-Match answers 304', async () => {
    const first = await fetch(`${publicBase}/render/big.jpg?width=640`, { headers: { Accept: 'image/webp' } });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    await first.arrayBuffer();
    const again = await fetch(`${publicBase}/render/big.jpg?width=640`, { headers: { Accept: 'image/webp' } });
    expect(again.headers.get('etag')).toBe(etag);
    const notModified = await fetch(`${publicBase}/render/big.jpg?width=640`, {
      headers: { Accept: 'image/webp', 'If-None-Match': etag },
    });
    expect(notModified.status).toBe(304);
    // Another format is another image.
    const avif = await fetch(`${publicBase}/render/big.jpg?width=640`, { headers: { Accept: 'image/avif' } });
    expect(avif.headers.get('etag')).not.toBe(etag);
  });

  it('supabase-js: download with a transform, public URLs with a transform, signed URLs that carry their transform', async () => {
    const s = admin.storage.from(BUCKET);
    const dl = await s.download('render/photo.jpg', { transform: { width: 100 } });
    expect(dl.error).toBeNull();
    expect(await sharp(Buffer.from(await dl.data!.arrayBuffer())).metadata()).toMatchObject({ width: 100 });

    const pub = s.getPublicUrl('render/photo.jpg', { transform: { width: 120, height: 120 } }).data.publicUrl;
    expect(pub).toContain('/storage/v1/render/image/public/');
    expect(await fetch(pub).then(size)).toMatchObject({ width: 120, height: 120 });

    const signed = await s.createSignedUrl('render/photo.jpg', 60, { transform: { width: 50, quality: 60 } });
    expect(signed.error).toBeNull();
    expect(signed.data!.signedUrl).toContain(`/storage/v1/render/image/sign/${BUCKET}/render/photo.jpg?token=`);
    expect(await fetch(signed.data!.signedUrl, { headers: { Accept: 'image/webp' } }).then(size)).toMatchObject({
      width: 50,
      format: 'webp',
    });
    // The query cannot change what was signed: the token's transform holds.
    expect(await fetch(`${signed.data!.signedUrl}&width=700`).then(size)).toMatchObject({ width: 50 });
    // Nor open another object.
    const token = new URL(signed.data!.signedUrl).searchParams.get('token');
    expect((await fetch(`${b.url}/storage/v1/render/image/sign/${BUCKET}/render/big.jpg?token=${token}`)).status).toBe(
      400,
    );
    // The authenticated route needs a sign-in that may read the object.
    expect((await fetch(`${b.url}/storage/v1/render/image/authenticated/${BUCKET}/render/photo.jpg`)).status).toBe(400);
  });

  it('one client cannot queue more than its share of transformations; another client is still served', async () => {
    const from = fetchFrom('127.0.0.61');
    const widths = [301, 302, 303, 304, 305, 306, 307, 308, 309, 310];
    const other = fetchFrom('127.0.0.62');
    const results = await Promise.all(
      widths.map((w) =>
        from(`${publicBase}/render/big.jpg?width=${w}`, { headers: { Accept: 'image/avif' } }).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        }),
      ),
    );
    expect(results.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(results.every((s) => s === 200 || s === 503)).toBe(true);
    expect((await other(`${publicBase}/render/big.jpg?width=200`, { headers: { Accept: 'image/webp' } })).status).toBe(
      200,
    );
  });
});
