import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Queryable } from '../db/index.js';
import { CORS_HEADERS } from '../http.js';
import type { Call, ObjectRow, StorageContext } from './context.js';
import { objectNotFound } from './errors.js';
import { verifySignedUrl } from './signing.js';

function objectHeaders(row: ObjectRow, fallbackCache: string): Record<string, string> {
  const m = row.metadata ?? {};
  return {
    ...CORS_HEADERS,
    'Content-Type': m.mimetype ?? 'application/octet-stream',
    'Cache-Control': m.cacheControl ?? fallbackCache,
    ETag: m.eTag ?? `"${row.version ?? row.id}"`,
    'Last-Modified': new Date(m.lastModified ?? row.updated_at).toUTCString(),
    // A stored file is data, never a page of this origin: no script, no plugin, no sniffing.
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'X-Content-Type-Options': 'nosniff',
    'Access-Control-Expose-Headers': 'Content-Length, Content-Type, ETag, Last-Modified, Cache-Control',
  };
}

async function sendObject(
  s: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  row: ObjectRow,
  name: string,
  fallbackCache: string,
) {
  const headers = objectHeaders(row, fallbackCache);
  if (url.searchParams.has('download')) {
    const wanted = url.searchParams.get('download') || name.split('/').pop()!;
    headers['Content-Disposition'] = `attachment; filename="${wanted.replace(/[^\w.\- ]/g, '_').slice(0, 200)}"`;
  }
  if (req.headers['if-none-match'] && req.headers['if-none-match'] === headers.ETag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  let data: Buffer;
  try {
    data = await s.files.read(row.version ?? '');
  } catch {
    throw objectNotFound();
  }
  res.writeHead(200, { ...headers, 'Content-Length': String(data.length) });
  res.end(req.method === 'HEAD' ? undefined : data);
}

const OBJECT_COLUMNS = 'id, version, metadata, updated_at';

/** The object's row (file version, metadata, date; `extra` columns after them), if it exists and `tx` may see it. */
export async function objectRow<T extends ObjectRow = ObjectRow>(
  tx: Queryable,
  bucketId: string,
  name: string,
  extra = '',
): Promise<T | undefined> {
  return (
    await tx.query<T>(`select ${OBJECT_COLUMNS}${extra} from storage.objects where bucket_id = $1 and name = $2`, [
      bucketId,
      name,
    ])
  ).rows[0];
}

/** GET `/object[/authenticated]/:bucket/:name`: as the caller, under RLS. */
export async function download(s: StorageContext, call: Call, bucketId: string, name: string) {
  const row = await s.asCaller(call, (tx) => objectRow(tx, bucketId, name));
  if (!row) throw objectNotFound();
  await sendObject(s, call.req, call.res, call.url, row, name, 'no-cache');
}

/** GET `/object/public/:bucket/:name`: any object of a public bucket, with no token. */
export async function publicDownload(
  s: StorageContext,
  req: IncomingMessage,
  url: URL,
  res: ServerResponse,
  bucketId: string,
  name: string,
) {
  const r = await s.db.query<ObjectRow & { public: boolean }>(
    `select o.id, o.version, o.metadata, o.updated_at, b.public from storage.objects o join storage.buckets b on b.id = o.bucket_id
     where o.bucket_id = $1 and o.name = $2`,
    [bucketId, name],
  );
  if (r.rows.length === 0 || !r.rows[0].public) throw objectNotFound();
  await sendObject(s, req, res, url, r.rows[0], name, 'max-age=3600');
}

/** GET `/object/sign/:bucket/:name?token=`: the object a download token was signed for. */
export async function signedDownload(
  s: StorageContext,
  req: IncomingMessage,
  url: URL,
  res: ServerResponse,
  bucketId: string,
  name: string,
) {
  await verifySignedUrl(s, url, `${bucketId}/${name}`, 'download');
  const row = await objectRow(s.db, bucketId, name);
  if (!row) throw objectNotFound();
  await sendObject(s, req, res, url, row, name, 'no-cache');
}
