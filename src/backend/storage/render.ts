import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import sharp from 'sharp';
import { clientAddress } from '../auth/rate-limit.js';
import { CORS_HEADERS } from '../http.js';
import type { Call, ObjectRow, StorageContext } from './context.js';
import { objectRow } from './downloads.js';
import { objectNotFound, StorageError } from './errors.js';
import { parseTransform, transformFromString, transformToString, type Transform } from './transform.js';
import { verifySignedUrl } from './signing.js';

/** Serves `/render/image`: see `transform.ts` for what may be asked. */
type OutFormat = 'avif' | 'webp' | 'jpeg' | 'png';

/** What the request lets the server choose: the Accept header matters only when no format is asked. */
function wanted(t: Transform, accept: string): 'avif' | 'webp' | 'origin' {
  if (t.format === 'avif' || t.format === 'webp' || t.format === 'origin') return t.format;
  if (/image\/avif/i.test(accept)) return 'avif';
  if (/image\/webp/i.test(accept)) return 'webp';
  return 'origin';
}

/** The output format: the one wanted, or the source's own (read from its bytes, whatever its stored type). */
function outputFormat(want: 'avif' | 'webp' | 'origin', source: string | undefined): OutFormat {
  if (want !== 'origin') return want;
  if (source === 'png' || source === 'webp') return source;
  return source === 'heif' ? 'avif' : 'jpeg';
}

/** The transformation as imgproxy writes it, which Storage echoes in `X-Transformations`. */
function imgproxyString(t: Transform): string {
  const parts: string[] = [];
  if (t.height) parts.push(`height:${t.height}`);
  if (t.width) parts.push(`width:${t.width}`);
  if (t.width || t.height)
    parts.push(`resizing_type:${t.resize === 'contain' ? 'fit' : t.resize === 'fill' ? 'force' : 'fill'}`);
  if (t.quality) parts.push(`quality:${t.quality}`);
  if (t.format && t.format !== 'origin') parts.push(`format:${t.format}`);
  return parts.join(',');
}

export function createRenderer(s: StorageContext) {
  const env = s.ctx.config.env;
  const positive = (v: string | undefined, fallback: number) => (Number(v) > 0 ? Number(v) : fallback);
  // A photo is decoded whole: a source over STORAGE_TRANSFORM_MAX_PIXELS (40 MP) is refused from its header,
  // at most STORAGE_TRANSFORM_CONCURRENCY (2) run at once, 16 more wait (4 per client address), each within
  // STORAGE_TRANSFORM_TIMEOUT_S (10 s); results are kept in memory (32 MiB, least recently used first).
  const maxPixels = positive(env.STORAGE_TRANSFORM_MAX_PIXELS, 40_000_000);
  const concurrency = positive(env.STORAGE_TRANSFORM_CONCURRENCY, 2);
  const timeoutSeconds = positive(env.STORAGE_TRANSFORM_TIMEOUT_S, 10);
  const maxWaiting = 16;
  const maxPerClient = 4;
  const cacheBytes = positive(env.STORAGE_TRANSFORM_CACHE_BYTES, 32 * 1024 * 1024);

  const cache = new Map<string, { data: Buffer; type: string }>();
  let cached = 0;
  let running = 0;
  const waiting: (() => void)[] = [];
  const perClient = new Map<string, number>();

  function remember(key: string, value: { data: Buffer; type: string }) {
    if (value.data.length > cacheBytes / 4) return;
    cache.set(key, value);
    cached += value.data.length;
    for (const [k, v] of cache) {
      if (cached <= cacheBytes) break;
      cache.delete(k);
      cached -= v.data.length;
    }
  }

  /** A turn to transform, fairly shared: 503 SlowDown when too many wait, or too many from this client. */
  async function turn(req: IncomingMessage): Promise<() => void> {
    const client = clientAddress(req);
    const mine = perClient.get(client) ?? 0;
    if (mine >= maxPerClient || waiting.length >= maxWaiting)
      throw new StorageError(503, '503', 'SlowDown', 'Too many image transformations at once: try again in a moment');
    perClient.set(client, mine + 1);
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    return () => {
      running -= 1;
      const left = (perClient.get(client) ?? 1) - 1;
      if (left > 0) perClient.set(client, left);
      else perClient.delete(client);
      waiting.shift()?.();
    };
  }

  async function transform(input: Buffer, t: Transform, format: OutFormat): Promise<Buffer> {
    let img = sharp(input, { limitInputPixels: maxPixels, failOn: 'error' })
      .rotate()
      .timeout({ seconds: timeoutSeconds });
    if (t.width || t.height) {
      img = img.resize({
        width: t.width,
        height: t.height,
        fit: t.resize === 'contain' ? 'inside' : t.resize === 'fill' ? 'fill' : 'cover',
        withoutEnlargement: true,
      });
    }
    const quality = t.quality ?? 80;
    if (format === 'avif') img = img.avif({ quality: Math.max(20, quality - 20), effort: 2 });
    else if (format === 'webp') img = img.webp({ quality });
    else if (format === 'png') img = img.png();
    else img = img.jpeg({ quality, mozjpeg: true });
    return img.toBuffer();
  }

  /** Answers one object transformed; `row` null means it does not exist or the caller may not read it. */
  async function render(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    row: ObjectRow | undefined,
    t: Transform,
    cacheControl: string,
  ) {
    if (!row || !row.version) throw objectNotFound();
    const want = wanted(t, String(req.headers.accept ?? ''));
    const key = `${row.version}|${transformToString(t)}|${want}`;
    const etag = `"${crypto.createHash('sha1').update(key).digest('base64url')}"`;
    const headers: Record<string, string> = {
      ...CORS_HEADERS,
      'Cache-Control': row.metadata?.cacheControl ?? cacheControl,
      ETag: etag,
      'Last-Modified': new Date(row.metadata?.lastModified ?? row.updated_at).toUTCString(),
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept',
      'X-Transformations': imgproxyString(t),
      'Access-Control-Expose-Headers':
        'Content-Length, Content-Type, ETag, Last-Modified, Cache-Control, X-Transformations',
    };
    if (url.searchParams.has('download')) {
      const wanted = url.searchParams.get('download') || 'image';
      headers['Content-Disposition'] = `attachment; filename="${wanted.replace(/[^\w.\- ]/g, '_').slice(0, 200)}"`;
    }
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    let out = cache.get(key);
    if (out) {
      cache.delete(key);
      cache.set(key, out);
    } else {
      const done = await turn(req);
      try {
        let input: Buffer;
        try {
          input = await s.files.read(row.version);
        } catch {
          throw objectNotFound();
        }
        let data: Buffer;
        let format: OutFormat = 'jpeg';
        try {
          const source = await sharp(input, { limitInputPixels: maxPixels }).metadata();
          format = outputFormat(want, source.format);
          data = await transform(input, t, format);
        } catch (e) {
          const message = (e as Error).message ?? '';
          if (/pixel limit/i.test(message))
            throw new StorageError(413, '413', 'Payload too large', 'The image has too many pixels to be transformed');
          if (/timeout/i.test(message))
            throw new StorageError(503, '503', 'SlowDown', 'The image took too long to transform');
          throw new StorageError(422, '422', 'InvalidImage', 'The image could not be read');
        }
        out = { data, type: `image/${format}` };
        remember(key, out);
      } finally {
        done();
      }
    }
    res.writeHead(200, { ...headers, 'Content-Type': out.type, 'Content-Length': String(out.data.length) });
    res.end(req.method === 'HEAD' ? undefined : out.data);
  }

  const fromQuery = (url: URL) => parseTransform((k) => url.searchParams.get(k) ?? undefined);

  return {
    /** `/render/image/public/:bucket/:name`: objects of public buckets, no sign-in. */
    async public(req: IncomingMessage, url: URL, res: ServerResponse, bucketId: string, name: string) {
      const t = fromQuery(url);
      const r = await s.db.query<ObjectRow & { public: boolean }>(
        `select o.id, o.version, o.metadata, o.updated_at, b.public from storage.objects o join storage.buckets b on b.id = o.bucket_id
         where o.bucket_id = $1 and o.name = $2`,
        [bucketId, name],
      );
      await render(req, res, url, r.rows[0]?.public ? r.rows[0] : undefined, t, 'max-age=3600');
    },
    /** `/render/image/authenticated/:bucket/:name`: what the caller may read under RLS. */
    async authenticated(call: Call, bucketId: string, name: string) {
      const t = fromQuery(call.url);
      const row = await s.asCaller(call, (tx) => objectRow(tx, bucketId, name));
      await render(call.req, call.res, call.url, row, t, 'no-cache');
    },
    /** `/render/image/sign/:bucket/:name?token=`: the object and transformation a token was signed for. */
    async signed(req: IncomingMessage, url: URL, res: ServerResponse, bucketId: string, name: string) {
      const claims = await verifySignedUrl(s, url, `${bucketId}/${name}`, 'download');
      const t = transformFromString(typeof claims.transformations === 'string' ? claims.transformations : '');
      await render(req, res, url, await objectRow(s.db, bucketId, name), t, 'no-cache');
    },
  };
}
