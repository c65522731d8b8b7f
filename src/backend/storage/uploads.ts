import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Queryable } from '../db/index.js';
import { clientAddress } from '../auth/rate-limit.js';
import { sendJson } from '../http.js';
import { readUpload, type Upload } from './upload-body.js';
import { DEFAULT_MIME, type Call, type StorageContext } from './context.js';
import { duplicate, entityTooLarge, invalidMimeType, objectNotFound, StorageError } from './errors.js';
import { mimeAllowed } from './names.js';
import { objectPath, SIGNED_UPLOAD_SECONDS, signToken, verifySignedUrl } from './signing.js';

type Mode = 'create' | 'upsert' | 'update';

/** Ends the rolled-back trial write of an upload (checkMayWrite). */
class DryRun extends Error {}

/** Uploads: plain, upsert and update writes, and signed upload URLs. */
export function createUploads(s: StorageContext) {
  const env = s.ctx.config.env;
  // Each upload body is held in memory up to its limit: only so many at once (STORAGE_MAX_CONCURRENT_UPLOADS),
  // in two pools: the admin's and the service role's, and everyone else's, so that uploads nobody trusted
  // cannot take the slots the restaurant's own photo uploads need. Everyone else may also hold only
  // STORAGE_MAX_UPLOADS_PER_CLIENT (2) at once per client address, and a body must arrive within
  // STORAGE_UPLOAD_TIMEOUT_MS (120 s): a slow sender loses its slot (408) instead of keeping it.
  const positive = (v: string | undefined, fallback: number) => (Number(v) > 0 ? Number(v) : fallback);
  const maxUploads = positive(env.STORAGE_MAX_CONCURRENT_UPLOADS, 8);
  const maxUploadsPerClient = positive(env.STORAGE_MAX_UPLOADS_PER_CLIENT, 2);
  const uploadTimeoutMs = positive(env.STORAGE_UPLOAD_TIMEOUT_MS, 120_000);
  const uploading = { trusted: 0, others: 0 };
  const uploadingFrom = new Map<string, number>();

  const isTrusted = (call: Call) => {
    const claims = call.who.claims as { app_metadata?: { role?: unknown } };
    return (
      call.who.role === 'service_role' || ['admin', 'owner', 'manager'].includes(String(claims.app_metadata?.role))
    );
  };

  /**
   * Before any byte of the body is read: the same write, as the caller, rolled back. Where the bucket's
   * policies cannot let this role write this name (anon, a customer on the menu photos), the upload is
   * refused at once instead of holding a slot while its body arrives. A name that exists already is left
   * to the real write (an upsert may replace it; a plain upload then answers 409 as before).
   */
  async function checkMayWrite(call: Call, bucketId: string, name: string, mode: Mode) {
    const type = call.req.headers['content-type'];
    const probe = { mimetype: typeof type === 'string' ? type.slice(0, 255) : DEFAULT_MIME };
    try {
      await s.asCaller(call, async (tx) => {
        if (mode === 'update') {
          const r = await tx.query(
            `update storage.objects set updated_at = now() where bucket_id = $1 and name = $2 returning id`,
            [bucketId, name],
          );
          if (r.rows.length === 0) throw objectNotFound();
        } else {
          await tx.query(
            `insert into storage.objects (bucket_id, name, owner, owner_id, metadata) values ($1, $2, auth.uid(), auth.uid()::text, $3)`,
            [bucketId, name, probe],
          );
        }
        throw new DryRun();
      });
    } catch (e) {
      if (e instanceof DryRun) return;
      if ((e as { code?: string }).code === '23505') return;
      throw e;
    }
  }

  /** A slot to read one upload body in, or 503 SlowDown; the returned function gives it back. */
  function takeUploadSlot(req: IncomingMessage, trusted: boolean): () => void {
    const slowDown = () => new StorageError(503, '503', 'SlowDown', 'Too many uploads at once: try again in a moment');
    if (trusted) {
      if (uploading.trusted >= maxUploads) throw slowDown();
      uploading.trusted += 1;
      return () => (uploading.trusted -= 1);
    }
    const client = clientAddress(req);
    const mine = uploadingFrom.get(client) ?? 0;
    if (uploading.others >= maxUploads || mine >= maxUploadsPerClient) throw slowDown();
    uploading.others += 1;
    uploadingFrom.set(client, mine + 1);
    return () => {
      uploading.others -= 1;
      const left = (uploadingFrom.get(client) ?? 1) - 1;
      if (left > 0) uploadingFrom.set(client, left);
      else uploadingFrom.delete(client);
    };
  }

  /** The body, or 408 once it has taken longer than STORAGE_UPLOAD_TIMEOUT_MS (the connection is then closed). */
  async function readUploadInTime(req: IncomingMessage, limit: number, trusted: boolean): Promise<Upload> {
    const release = takeUploadSlot(req, trusted);
    let timer: NodeJS.Timeout | undefined;
    const reading = readUpload(req, limit);
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reading.catch(() => undefined);
        reject(new StorageError(408, '408', 'RequestTimeout', 'The upload took too long: try again'));
      }, uploadTimeoutMs);
      timer.unref();
    });
    try {
      return await Promise.race([reading, late]);
    } finally {
      clearTimeout(timer);
      release();
    }
  }

  /**
   * Reads the body within the bucket's limits, stores its bytes and writes the row with `write`
   * (as the caller, or as the server for a signed upload URL); the replaced version's file goes once
   * the row commits, the new one if it does not.
   */
  async function store(
    req: IncomingMessage,
    bucketId: string,
    name: string,
    trusted: boolean,
    write: (fn: (tx: Queryable) => Promise<string>, before: (tx: Queryable) => Promise<void>) => Promise<string>,
    row: (tx: Queryable, params: unknown[]) => Promise<string>,
  ): Promise<string> {
    const bucket = await s.bucketAsServer(s.db, bucketId);
    const limit = s.limitOf(bucket);
    const body = await readUploadInTime(req, limit, trusted);
    if (body.data.length > limit) throw entityTooLarge();
    if (!mimeAllowed(body.mimetype, bucket.allowed_mime_types)) throw invalidMimeType(body.mimetype);
    if (body.mimetype.length > 255) throw invalidMimeType(body.mimetype);
    const metadata = {
      eTag: `"${crypto.createHash('md5').update(body.data).digest('hex')}"`,
      size: body.data.length,
      mimetype: body.mimetype,
      cacheControl: body.cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: body.data.length,
      httpStatusCode: 200,
    };
    const version = await s.files.write(body.data);
    let replaced: string | null = null;
    try {
      const id = await write(
        (tx) => row(tx, [bucketId, name, metadata, version, body.userMetadata]),
        async (tx) => {
          // The version being replaced, read past RLS and locked: its file goes once the new row commits.
          const old = await tx.query<{ version: string | null }>(
            'select version from storage.objects where bucket_id = $1 and name = $2 for update',
            [bucketId, name],
          );
          replaced = old.rows[0]?.version ?? null;
        },
      );
      if (replaced && replaced !== version) await s.files.remove([replaced]);
      return id;
    } catch (e) {
      await s.files.remove([version]);
      throw e;
    }
  }

  /** The row of an upload; `owner` is SQL for the owner's uuid (`auth.uid()` for the caller). */
  async function writeRow(tx: Queryable, params: unknown[], mode: Mode, owner: string): Promise<string> {
    if (mode === 'update') {
      const r = await tx.query<{ id: string }>(
        `update storage.objects set metadata = $3, version = $4, user_metadata = $5, owner = ${owner}, owner_id = ${owner}::text,
           updated_at = now(), last_accessed_at = now() where bucket_id = $1 and name = $2 returning id`,
        params,
      );
      if (r.rows.length === 0) throw objectNotFound();
      return r.rows[0].id;
    }
    const r = await tx.query<{ id: string }>(
      `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata)
       values ($1, $2, ${owner}, ${owner}::text, $3, $4, $5)
       ${
         mode === 'upsert'
           ? `on conflict (bucket_id, name) do update set metadata = excluded.metadata, version = excluded.version,
         user_metadata = excluded.user_metadata, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now(), last_accessed_at = now()`
           : ''
       }
       returning id`,
      params,
    );
    return r.rows[0].id;
  }

  /** POST (create or upsert) and PUT (update) `/object/:bucket/:name`, as the caller under RLS. */
  async function upload(call: Call, bucketId: string, name: string, mode: Mode) {
    await s.bucketAsServer(s.db, bucketId);
    await checkMayWrite(call, bucketId, name, mode);
    const id = await store(
      call.req,
      bucketId,
      name,
      isTrusted(call),
      (fn, before) => s.asCaller(call, fn, before),
      (tx, params) => writeRow(tx, params, mode, 'auth.uid()'),
    );
    sendJson(call.res, 200, { Id: id, Key: `${bucketId}/${name}` });
  }

  /**
   * POST `/object/upload/sign/:bucket/:name`: a URL that lets whoever holds it upload this one name
   * once (or overwrite it, with `x-upsert: true`) within two hours, with no sign-in. The caller must be
   * allowed to write the name now (the same trial write as an upload); the upload then runs as the
   * server, with the caller as the object's owner.
   */
  async function signUpload(call: Call, bucketId: string, name: string) {
    await s.bucketAsServer(s.db, bucketId);
    const upsert = String(call.req.headers['x-upsert'] ?? '').toLowerCase() === 'true';
    await checkMayWrite(call, bucketId, name, upsert ? 'upsert' : 'create');
    const owner = typeof call.who.claims === 'object' && 'sub' in call.who.claims ? call.who.claims.sub : undefined;
    const token = await signToken(
      s,
      { url: `${bucketId}/${name}`, scope: 'upload', upsert, ...(typeof owner === 'string' ? { owner } : {}) },
      SIGNED_UPLOAD_SECONDS,
    );
    sendJson(call.res, 200, { url: `/object/upload/sign/${objectPath(bucketId, name)}?token=${token}`, token });
  }

  /** PUT `/object/upload/sign/:bucket/:name?token=`: the upload a signed upload URL allows. */
  async function uploadSigned(req: IncomingMessage, url: URL, res: ServerResponse, bucketId: string, name: string) {
    const claims = await verifySignedUrl(s, url, `${bucketId}/${name}`, 'upload');
    const owner = typeof claims.owner === 'string' ? claims.owner : null;
    const mode: Mode = claims.upsert === true ? 'upsert' : 'create';
    try {
      await store(
        req,
        bucketId,
        name,
        false,
        (fn, before) =>
          s.db.transaction(async (tx) => {
            await before(tx);
            return fn(tx);
          }),
        (tx, params) => writeRow(tx, [...params, owner], mode, '$6::uuid'),
      );
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw duplicate();
      throw e;
    }
    sendJson(res, 200, { Key: `${bucketId}/${name}` });
  }

  return { upload, signUpload, uploadSigned };
}
