import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http.js';
import { DEFAULT_MIME, type Call, type ObjectRow, type StorageContext } from './context.js';
import { download, objectRow, publicDownload, signedDownload } from './downloads.js';
import { entityTooLarge, invalidKey, invalidMimeType, objectNotFound, routeNotFound, unauthorized } from './errors.js';
import { list, listV2 } from './listing.js';
import { checkBucketId, checkObjectName, mimeAllowed } from './names.js';
import { nameList, sign } from './signing.js';
import { createUploads } from './uploads.js';

async function remove(s: StorageContext, call: Call, bucketId: string, names: unknown) {
  const rows = await s.rowsAsCaller<Record<string, unknown> & { version: string | null }>(
    call,
    'delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *',
    [bucketId, nameList(names, 'prefixes')],
  );
  await s.files.remove(rows.map((r) => r.version));
  sendJson(call.res, 200, rows);
}

async function moveOrCopy(s: StorageContext, call: Call, kind: 'move' | 'copy') {
  const body = await s.readJson(call.req);
  const from = checkBucketId(body.bucketId);
  const to = checkBucketId(body.destinationBucket ?? body.bucketId);
  const source = checkObjectName(body.sourceKey);
  const dest = checkObjectName(body.destinationKey);
  await s.bucketAsServer(s.db, from);
  const destBucket = from === to ? null : await s.bucketAsServer(s.db, to);
  const checkFits = (row: ObjectRow) => {
    if (!destBucket) return;
    if ((row.metadata?.size ?? 0) > s.limitOf(destBucket)) throw entityTooLarge();
    if (!mimeAllowed(row.metadata?.mimetype ?? DEFAULT_MIME, destBucket.allowed_mime_types))
      throw invalidMimeType(row.metadata?.mimetype ?? DEFAULT_MIME);
  };
  if (kind === 'move') {
    await s.asCaller(call, async (tx) => {
      const src = await objectRow(tx, from, source);
      if (!src) throw objectNotFound();
      checkFits(src);
      const r = await tx.query(
        `update storage.objects set bucket_id = $3, name = $4, updated_at = now(), last_accessed_at = now() where bucket_id = $1 and name = $2 returning id`,
        [from, source, to, dest],
      );
      if (r.rows.length === 0) throw objectNotFound();
    });
    return sendJson(call.res, 200, { message: 'Successfully moved' });
  }
  let copied: string | null = null;
  try {
    const id = await s.asCaller(call, async (tx) => {
      const src = await objectRow<ObjectRow & { user_metadata: unknown }>(tx, from, source, ', user_metadata');
      if (!src || !src.version) throw objectNotFound();
      checkFits(src);
      copied = await s.files.copy(src.version);
      const r = await tx.query<{ id: string }>(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata)
         values ($1, $2, auth.uid(), auth.uid()::text, $3, $4, $5) returning id`,
        [to, dest, src.metadata, copied, src.user_metadata],
      );
      return r.rows[0].id;
    });
    sendJson(call.res, 200, { Id: id, Key: `${to}/${dest}` });
  } catch (e) {
    if (copied) await s.files.remove([copied]);
    throw e;
  }
}

async function info(s: StorageContext, call: Call, bucketId: string, name: string) {
  const rows = await s.rowsAsCaller(
    call,
    'select id, name, version, bucket_id, metadata, user_metadata, created_at, updated_at from storage.objects where bucket_id = $1 and name = $2',
    [bucketId, name],
  );
  if (rows.length === 0) throw objectNotFound();
  const r = rows[0];
  const m = (r.metadata ?? {}) as Record<string, unknown>;
  sendJson(call.res, 200, {
    id: r.id,
    name: r.name,
    version: r.version,
    bucket_id: r.bucket_id,
    size: m.size ?? null,
    content_type: m.mimetype ?? null,
    cache_control: m.cacheControl ?? null,
    etag: m.eTag ?? null,
    // The user's own metadata: `{}` when the upload gave none, as Storage answers.
    metadata: r.user_metadata ?? {},
    last_modified: m.lastModified ?? null,
    created_at: r.created_at,
  });
}

/**
 * `/storage/v1/object/...`. Public and signed reads and signed uploads need no sign-in (the bucket's
 * flag or the URL's token decides); every other route needs the Authorization header, as Storage's.
 */
export function createObjectRoutes(s: StorageContext) {
  const uploads = createUploads(s);

  return async function objectRoute(req: IncomingMessage, url: URL, res: ServerResponse, parts: string[]) {
    const method = req.method ?? 'GET';
    const head = parts[0];
    const target = (from: number) => {
      const bucketId = checkBucketId(parts[from]);
      const rest = parts.slice(from + 1);
      return { bucketId, name: rest.length === 0 ? null : checkObjectName(rest.join('/')) };
    };
    const named = (from: number) => {
      const t = target(from);
      if (t.name === null) throw invalidKey('');
      return t as { bucketId: string; name: string };
    };
    const signedUpload = head === 'upload' && parts[1] === 'sign';
    if (head === 'public' && (method === 'GET' || method === 'HEAD')) {
      const t = named(1);
      return publicDownload(s, req, url, res, t.bucketId, t.name);
    }
    if (head === 'sign' && (method === 'GET' || method === 'HEAD')) {
      const t = named(1);
      return signedDownload(s, req, url, res, t.bucketId, t.name);
    }
    if (signedUpload && method === 'PUT') {
      const t = named(2);
      return uploads.uploadSigned(req, url, res, t.bucketId, t.name);
    }
    if (!req.headers.authorization) throw unauthorized('Invalid Compact JWS');
    const call: Call = { req, url, who: await s.identify(req), res };
    if (signedUpload && method === 'POST') {
      const t = named(2);
      return uploads.signUpload(call, t.bucketId, t.name);
    }
    if (head === 'list' && method === 'POST') return list(s, call, checkBucketId(parts[1]));
    if (head === 'list-v2' && method === 'POST') return listV2(s, call, checkBucketId(parts[1]));
    if ((head === 'move' || head === 'copy') && method === 'POST' && parts.length === 1)
      return moveOrCopy(s, call, head);
    if (head === 'sign' && method === 'POST') {
      const t = target(1);
      return sign(s, call, t.bucketId, t.name);
    }
    if (head === 'authenticated' && (method === 'GET' || method === 'HEAD')) {
      const t = named(1);
      return download(s, call, t.bucketId, t.name);
    }
    if (head === 'info' && method === 'GET') {
      const t = named(parts[1] === 'authenticated' || parts[1] === 'public' ? 2 : 1);
      return info(s, call, t.bucketId, t.name);
    }
    const t = target(0);
    if (method === 'DELETE') {
      if (t.name === null) return remove(s, call, t.bucketId, (await s.readJson(req)).prefixes);
      return remove(s, call, t.bucketId, [t.name]);
    }
    if (t.name === null) throw routeNotFound();
    if (method === 'POST') {
      const upsert = String(req.headers['x-upsert'] ?? '').toLowerCase() === 'true';
      return uploads.upload(call, t.bucketId, t.name, upsert ? 'upsert' : 'create');
    }
    if (method === 'PUT') return uploads.upload(call, t.bucketId, t.name, 'update');
    if (method === 'GET' || method === 'HEAD') return download(s, call, t.bucketId, t.name);
    throw routeNotFound();
  };
}
