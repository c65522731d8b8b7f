import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { BackendContext } from '../context.js';
import type { Queryable } from '../db/index.js';
import { CORS_HEADERS, readBody, sendJson, type RouteHandler } from '../http.js';
import { clientAddress } from '../auth/rate-limit.js';
import { createAuthenticator, type RequestIdentity } from '../rest/auth.js';
import { RestError } from '../rest/errors.js';
import { REQUEST_SETTINGS_SQL } from '../rest/index.js';
import {
  bucketNotFound,
  entityTooLarge,
  invalidJwt,
  invalidKey,
  invalidMimeType,
  invalidRequest,
  objectNotFound,
  routeNotFound,
  StorageError,
  toStorageError,
  unauthorized,
} from './errors.js';
import { FileStore } from './files.js';
import { checkBucketId, checkObjectName, mimeAllowed, parseMimeTypes, parseSizeLimit } from './names.js';

const PREFIX = '/storage/v1';
const DEFAULT_MIME = 'text/plain;charset=UTF-8';
/** Room for the multipart envelope around a file at the size limit. */
const MULTIPART_OVERHEAD = 64 * 1024;
const MAX_LIST = 1000;
const MAX_SIGN_SECONDS = 10 * 365 * 24 * 3600;

interface Bucket {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

interface ObjectRow {
  id: string;
  version: string | null;
  metadata: { mimetype?: string; size?: number; eTag?: string; cacheControl?: string; lastModified?: string } | null;
  updated_at: Date;
}

export interface StorageService {
  handle: RouteHandler;
  close(): Promise<void>;
}

/** Storage's global upload limit (STORAGE_FILE_SIZE_LIMIT, bytes; default 50 MiB as on Supabase's free plan). */
export function globalFileSizeLimit(env: Record<string, string | undefined>): number {
  const v = env.STORAGE_FILE_SIZE_LIMIT;
  if (v === undefined || v === '') return 50 * 1024 * 1024;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new Error(`STORAGE_FILE_SIZE_LIMIT must be a number of bytes, got "${v}"`);
  return n;
}

function segments(pathname: string): string[] {
  return pathname
    .slice(PREFIX.length)
    .split('/')
    .filter((s, i) => i > 0 || s !== '')
    .map(decodeURIComponent);
}

function jsonBody(raw: Buffer): Record<string, unknown> {
  if (raw.length === 0) return {};
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw invalidRequest('Body is not valid JSON');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw invalidRequest('Body must be a JSON object');
  return body as Record<string, unknown>;
}

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

/** Ends the rolled-back trial write of an upload (checkMayWrite). */
class DryRun extends Error {}

/** A request whose caller is known: what every authenticated route reads, answers and runs as. */
interface Call {
  req: IncomingMessage;
  url: URL;
  who: RequestIdentity;
  res: ServerResponse;
}

/** `/storage/v1/*`: the part of Supabase Storage's API that supabase-js `storage` calls. */
export function createStorageService(ctx: BackendContext): StorageService {
  const files = FileStore.open(ctx.config.dataDir);
  const identify = createAuthenticator(ctx.jwt);
  const globalLimit = globalFileSizeLimit(ctx.config.env);
  const signingKey = new TextEncoder().encode(ctx.jwt.secret);
  // Each upload body is held in memory up to its limit: only so many at once (STORAGE_MAX_CONCURRENT_UPLOADS),
  // in two pools: the admin's and the service role's, and everyone else's, so that uploads nobody trusted
  // cannot take the slots the restaurant's own photo uploads need. Everyone else may also hold only
  // STORAGE_MAX_UPLOADS_PER_CLIENT (2) at once per client address, and a body must arrive within
  // STORAGE_UPLOAD_TIMEOUT_MS (120 s): a slow sender loses its slot (408) instead of keeping it.
  const positive = (v: string | undefined, fallback: number) => (Number(v) > 0 ? Number(v) : fallback);
  const maxUploads = positive(ctx.config.env.STORAGE_MAX_CONCURRENT_UPLOADS, 8);
  const maxUploadsPerClient = positive(ctx.config.env.STORAGE_MAX_UPLOADS_PER_CLIENT, 2);
  const uploadTimeoutMs = positive(ctx.config.env.STORAGE_UPLOAD_TIMEOUT_MS, 120_000);
  const uploading = { trusted: 0, others: 0 };
  const uploadingFrom = new Map<string, number>();

  /**
   * One transaction: `before` runs as the server (bucket limits, the version being replaced), then
   * the caller's role and JWT claims are set exactly as for /rest/v1, so RLS on storage.objects decides.
   */
  async function asCaller<T>(
    { req, url, who }: Call,
    fn: (tx: Queryable) => Promise<T>,
    before?: (tx: Queryable) => Promise<void>,
  ): Promise<T> {
    return ctx.db.transaction(async (tx) => {
      if (before) await before(tx);
      await tx.query(REQUEST_SETTINGS_SQL, [
        who.role,
        who.claimsJson,
        req.method ?? 'GET',
        url.pathname,
        JSON.stringify(req.headers),
        '{}',
      ]);
      return fn(tx);
    });
  }

  /** One statement as the caller (see `asCaller`): its rows. */
  async function rowsAsCaller<T = Record<string, unknown>>(call: Call, sql: string, params: unknown[]): Promise<T[]> {
    return asCaller(call, async (tx) => (await tx.query<T>(sql, params)).rows);
  }

  async function bucketAsServer(tx: Queryable, id: string): Promise<Bucket> {
    const r = await tx.query<Bucket>('select * from storage.buckets where id = $1', [id]);
    if (r.rows.length === 0) throw bucketNotFound();
    return r.rows[0];
  }

  const limitOf = (b: Bucket) =>
    Math.min(b.file_size_limit === null ? globalLimit : Number(b.file_size_limit), globalLimit);

  async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
    return jsonBody(await readBody(req, ctx.config.maxBodyBytes, () => entityTooLarge()));
  }

  // ---- buckets ----

  async function listBuckets(call: Call) {
    const { url, res } = call;
    const q = url.searchParams;
    const limit = Math.min(Math.max(Number(q.get('limit') ?? MAX_LIST) || MAX_LIST, 1), MAX_LIST);
    const offset = Math.max(Number(q.get('offset') ?? 0) || 0, 0);
    const column = ['id', 'name', 'created_at', 'updated_at'].includes(q.get('sortColumn') ?? '')
      ? q.get('sortColumn')!
      : 'name';
    const order = q.get('sortOrder') === 'desc' ? 'desc' : 'asc';
    const search = q.get('search') ?? '';
    const rows = await rowsAsCaller(
      call,
      `select ${BUCKET_COLUMNS} from storage.buckets
       where ($1 = '' or name ilike '%' || replace(replace(replace($1, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')
       order by ${column} ${order} limit $2 offset $3`,
      [search.slice(0, 100), limit, offset],
    );
    sendJson(res, 200, rows.map(bucketJson));
  }

  const BUCKET_COLUMNS = 'id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at';

  function bucketJson(b: Record<string, unknown>) {
    return { ...b, file_size_limit: b.file_size_limit === null ? null : Number(b.file_size_limit) };
  }

  async function bucketRoute(call: Call, parts: string[]) {
    const { req, res } = call;
    const method = req.method ?? 'GET';
    if (parts.length === 0) {
      if (method === 'GET') return listBuckets(call);
      if (method !== 'POST') throw routeNotFound();
      const body = await readJson(req);
      const id = checkBucketId(body.id ?? body.name);
      if (body.name !== undefined && body.name !== id) checkBucketId(body.name);
      const limit = parseSizeLimit(body.file_size_limit);
      if (limit !== null && limit > globalLimit)
        throw invalidRequest('file_size_limit exceeds the global upload limit');
      const types = parseMimeTypes(body.allowed_mime_types);
      await asCaller(call, (tx) =>
        tx.query(
          `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
           values ($1, $2, auth.uid(), auth.uid()::text, $3, $4, $5)`,
          [id, typeof body.name === 'string' ? body.name : id, body.public === true, limit, types],
        ),
      );
      return sendJson(res, 200, { name: id });
    }
    const id = checkBucketId(parts[0]);
    if (parts.length === 2 && parts[1] === 'empty' && method === 'POST') {
      const versions = await asCaller(call, async (tx) => {
        if ((await tx.query('select 1 from storage.buckets where id = $1', [id])).rows.length === 0)
          throw bucketNotFound();
        return (
          await tx.query<{ version: string | null }>(
            'delete from storage.objects where bucket_id = $1 returning version',
            [id],
          )
        ).rows;
      });
      await files.remove(versions.map((v) => v.version));
      return sendJson(res, 200, { message: 'Successfully emptied' });
    }
    if (parts.length !== 1) throw routeNotFound();
    if (method === 'GET') {
      const rows = await rowsAsCaller(call, `select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]);
      if (rows.length === 0) throw bucketNotFound();
      return sendJson(res, 200, bucketJson(rows[0]));
    }
    if (method === 'PUT') {
      const body = await readJson(req);
      const sets: string[] = [];
      const params: unknown[] = [id];
      if ('public' in body) {
        if (typeof body.public !== 'boolean') throw invalidRequest('public must be true or false');
        params.push(body.public);
        sets.push(`public = $${params.length}`);
      }
      if ('file_size_limit' in body) {
        const limit = parseSizeLimit(body.file_size_limit);
        if (limit !== null && limit > globalLimit)
          throw invalidRequest('file_size_limit exceeds the global upload limit');
        params.push(limit);
        sets.push(`file_size_limit = $${params.length}`);
      }
      if ('allowed_mime_types' in body) {
        params.push(parseMimeTypes(body.allowed_mime_types));
        sets.push(`allowed_mime_types = $${params.length}`);
      }
      const updated = await rowsAsCaller(
        call,
        `update storage.buckets set ${[...sets, 'updated_at = now()'].join(', ')} where id = $1 returning id`,
        params,
      );
      if (updated.length === 0) throw bucketNotFound();
      return sendJson(res, 200, { message: 'Successfully updated' });
    }
    if (method === 'DELETE') {
      const n = await asCaller(
        call,
        async (tx) => (await tx.query('delete from storage.buckets where id = $1 returning id', [id])).rows.length,
        async (tx) => {
          await bucketAsServer(tx, id);
          if ((await tx.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id])).rows.length > 0) {
            throw new StorageError(400, '409', 'InvalidRequest', 'The bucket you tried to delete is not empty');
          }
        },
      );
      if (n === 0) throw bucketNotFound();
      return sendJson(res, 200, { message: 'Successfully deleted' });
    }
    throw routeNotFound();
  }

  // ---- objects ----

  interface Upload {
    data: Buffer;
    mimetype: string;
    cacheControl: string;
    userMetadata: unknown;
  }

  async function readUpload(req: IncomingMessage, limit: number): Promise<Upload> {
    const type = typeof req.headers['content-type'] === 'string' ? req.headers['content-type'] : '';
    if (type.toLowerCase().startsWith('multipart/form-data')) {
      const raw = await readBody(req, limit + MULTIPART_OVERHEAD, () => entityTooLarge());
      let form: FormData;
      try {
        form = await new Request('http://storage.local/', {
          method: 'POST',
          headers: { 'content-type': type },
          body: new Uint8Array(raw),
        }).formData();
      } catch {
        throw invalidRequest('The multipart body could not be read');
      }
      const file = form.get('') ?? [...form.values()].find((v) => typeof v !== 'string');
      if (!file || typeof file === 'string') throw invalidRequest('No file in the multipart body');
      const cache = form.get('cacheControl');
      return {
        data: Buffer.from(await file.arrayBuffer()),
        mimetype: file.type || DEFAULT_MIME,
        cacheControl: typeof cache === 'string' && /^\d{1,10}$/.test(cache) ? `max-age=${cache}` : 'no-cache',
        userMetadata: parseUserMetadata(form.get('metadata')),
      };
    }
    const cache = req.headers['cache-control'];
    const meta = req.headers['x-metadata'];
    return {
      data: await readBody(req, limit, () => entityTooLarge()),
      mimetype: type || DEFAULT_MIME,
      cacheControl: typeof cache === 'string' && /^[\w\-=, ]{1,100}$/.test(cache) ? cache : 'no-cache',
      userMetadata: typeof meta === 'string' ? parseUserMetadata(Buffer.from(meta, 'base64').toString('utf8')) : null,
    };
  }

  function parseUserMetadata(v: unknown): unknown {
    if (typeof v !== 'string' || v === '') return null;
    if (v.length > 8192) throw invalidRequest('metadata is larger than 8 KiB');
    try {
      return JSON.parse(v);
    } catch {
      throw invalidRequest('metadata must be JSON');
    }
  }

  /**
   * Before any byte of the body is read: the same write, as the caller, rolled back. Where the bucket's
   * policies cannot let this role write this name (anon, a customer on the menu photos), the upload is
   * refused at once instead of holding a slot while its body arrives. A name that exists already is left
   * to the real write (an upsert may replace it; a plain upload then answers 409 as before).
   */
  async function checkMayWrite(call: Call, bucketId: string, name: string, mode: 'create' | 'upsert' | 'update') {
    const type = call.req.headers['content-type'];
    const probe = { mimetype: typeof type === 'string' ? type.slice(0, 255) : DEFAULT_MIME };
    try {
      await asCaller(call, async (tx) => {
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
  function takeUploadSlot(call: Call): () => void {
    const claims = call.who.claims as { app_metadata?: { role?: unknown } };
    const trusted = call.who.role === 'service_role' || claims.app_metadata?.role === 'admin';
    const slowDown = () => new StorageError(503, '503', 'SlowDown', 'Too many uploads at once: try again in a moment');
    if (trusted) {
      if (uploading.trusted >= maxUploads) throw slowDown();
      uploading.trusted += 1;
      return () => (uploading.trusted -= 1);
    }
    const client = clientAddress(call.req);
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
  function readUploadInTime(req: IncomingMessage, limit: number): Promise<Upload> {
    let timer: NodeJS.Timeout | undefined;
    const reading = readUpload(req, limit);
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reading.catch(() => undefined);
        reject(new StorageError(408, '408', 'RequestTimeout', 'The upload took too long: try again'));
      }, uploadTimeoutMs);
      timer.unref();
    });
    return Promise.race([reading, late]).finally(() => clearTimeout(timer));
  }

  async function upload(call: Call, bucketId: string, name: string, mode: 'create' | 'upsert' | 'update') {
    const { req, res } = call;
    const bucket = await bucketAsServer(ctx.db, bucketId);
    const limit = limitOf(bucket);
    await checkMayWrite(call, bucketId, name, mode);
    const release = takeUploadSlot(call);
    let body: Upload;
    try {
      body = await readUploadInTime(req, limit);
    } finally {
      release();
    }
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
    const version = await files.write(body.data);
    let replaced: string | null = null;
    try {
      const id = await asCaller(
        call,
        async (tx) => {
          const params = [bucketId, name, metadata, version, body.userMetadata];
          if (mode === 'update') {
            const r = await tx.query<{ id: string }>(
              `update storage.objects set metadata = $3, version = $4, user_metadata = $5, owner = auth.uid(), owner_id = auth.uid()::text,
                 updated_at = now(), last_accessed_at = now() where bucket_id = $1 and name = $2 returning id`,
              params,
            );
            if (r.rows.length === 0) throw objectNotFound();
            return r.rows[0].id;
          }
          const r = await tx.query<{ id: string }>(
            `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata)
             values ($1, $2, auth.uid(), auth.uid()::text, $3, $4, $5)
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
        },
        async (tx) => {
          // The version being replaced, read past RLS and locked: its file goes once the new row commits.
          const old = await tx.query<{ version: string | null }>(
            'select version from storage.objects where bucket_id = $1 and name = $2 for update',
            [bucketId, name],
          );
          replaced = old.rows[0]?.version ?? null;
        },
      );
      if (replaced && replaced !== version) await files.remove([replaced]);
      sendJson(res, 200, { Id: id, Key: `${bucketId}/${name}` });
    } catch (e) {
      await files.remove([version]);
      throw e;
    }
  }

  async function sendObject(
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
      data = await files.read(row.version ?? '');
    } catch {
      throw objectNotFound();
    }
    res.writeHead(200, { ...headers, 'Content-Length': String(data.length) });
    res.end(req.method === 'HEAD' ? undefined : data);
  }

  const OBJECT_COLUMNS = 'id, version, metadata, updated_at';

  /** The object's row (file version, metadata, date; `extra` columns after them), if it exists and `tx` may see it. */
  async function objectRow<T extends ObjectRow = ObjectRow>(
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

  async function download(call: Call, bucketId: string, name: string) {
    const { req, url, res } = call;
    const row = await asCaller(call, (tx) => objectRow(tx, bucketId, name));
    if (!row) throw objectNotFound();
    await sendObject(req, res, url, row, name, 'no-cache');
  }

  async function publicDownload(req: IncomingMessage, url: URL, res: ServerResponse, bucketId: string, name: string) {
    const r = await ctx.db.query<ObjectRow & { public: boolean }>(
      `select o.id, o.version, o.metadata, o.updated_at, b.public from storage.objects o join storage.buckets b on b.id = o.bucket_id
       where o.bucket_id = $1 and o.name = $2`,
      [bucketId, name],
    );
    if (r.rows.length === 0 || !r.rows[0].public) throw objectNotFound();
    await sendObject(req, res, url, r.rows[0], name, 'max-age=3600');
  }

  async function signToken(url: string, expiresIn: number): Promise<string> {
    return new SignJWT({ url })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
      .sign(signingKey);
  }

  function expiresInOf(body: Record<string, unknown>): number {
    const n = body.expiresIn;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_SIGN_SECONDS)
      throw invalidRequest('expiresIn must be a whole number of seconds, at least 1');
    return n;
  }

  const signedPath = (bucketId: string, name: string, token: string) =>
    `/object/sign/${encodeURIComponent(bucketId)}/${name.split('/').map(encodeURIComponent).join('/')}?token=${token}`;

  async function signedDownload(req: IncomingMessage, url: URL, res: ServerResponse, bucketId: string, name: string) {
    const token = url.searchParams.get('token');
    if (!token) throw invalidJwt('Missing token');
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, signingKey, { algorithms: ['HS256'] }));
    } catch (e) {
      throw invalidJwt(e instanceof joseErrors.JWTExpired ? 'jwt expired' : 'invalid signature');
    }
    if (payload.url !== `${bucketId}/${name}`) throw invalidJwt('The token does not match this object');
    const row = await objectRow(ctx.db, bucketId, name);
    if (!row) throw objectNotFound();
    await sendObject(req, res, url, row, name, 'no-cache');
  }

  /** A body's list of 1 to MAX_LIST object names, or a 400 that names the field. */
  function nameList(v: unknown, field: string): string[] {
    if (!Array.isArray(v) || v.length === 0 || v.length > MAX_LIST || !v.every((n) => typeof n === 'string')) {
      throw invalidRequest(`${field} must be a list of 1 to ${MAX_LIST} object names`);
    }
    return v as string[];
  }

  async function sign(call: Call, bucketId: string, name: string | null) {
    const { req, res } = call;
    const body = await readJson(req);
    const expiresIn = expiresInOf(body);
    if (name !== null) {
      const found = await rowsAsCaller(call, 'select 1 from storage.objects where bucket_id = $1 and name = $2', [
        bucketId,
        name,
      ]);
      if (found.length === 0) throw objectNotFound();
      return sendJson(res, 200, {
        signedURL: signedPath(bucketId, name, await signToken(`${bucketId}/${name}`, expiresIn)),
      });
    }
    const paths = nameList(body.paths, 'paths');
    const valid = paths.filter((p) => {
      try {
        checkObjectName(p);
        return true;
      } catch {
        return false;
      }
    });
    const visible = new Set(
      (
        await rowsAsCaller<{ name: string }>(
          call,
          'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
          [bucketId, valid],
        )
      ).map((r) => r.name),
    );
    const out = [];
    for (const p of paths) {
      out.push(
        visible.has(p)
          ? { error: null, path: p, signedURL: signedPath(bucketId, p, await signToken(`${bucketId}/${p}`, expiresIn)) }
          : { error: 'Either the object does not exist or you do not have access to it', path: p, signedURL: null },
      );
    }
    sendJson(res, 200, out);
  }

  async function list(call: Call, bucketId: string) {
    const { req, res } = call;
    const body = await readJson(req);
    const prefix = typeof body.prefix === 'string' ? body.prefix.replace(/\/+$/, '') : '';
    if (prefix !== '') checkObjectName(prefix);
    const base = prefix === '' ? '' : `${prefix}/`;
    const limit = body.limit === undefined ? 100 : Number(body.limit);
    const offset = body.offset === undefined ? 0 : Number(body.offset);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIST)
      throw invalidRequest(`limit must be between 1 and ${MAX_LIST}`);
    if (!Number.isInteger(offset) || offset < 0) throw invalidRequest('offset must be 0 or more');
    const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
    const column = ['name', 'updated_at', 'created_at', 'last_accessed_at'].includes(sortBy.column as string)
      ? (sortBy.column as string)
      : 'name';
    const order = String(sortBy.order ?? 'asc').toLowerCase() === 'desc' ? 'desc' : 'asc';
    const search = typeof body.search === 'string' ? body.search.slice(0, 255) : '';
    const rows = await rowsAsCaller(
      call,
      `with o as (
         select substr(name, char_length($2) + 1) as rest, id, updated_at, created_at, last_accessed_at, metadata
         from storage.objects where bucket_id = $1 and starts_with(name, $2)
       ), e as (
         select split_part(rest, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
                null::timestamptz as last_accessed_at, null::jsonb as metadata
         from o where strpos(rest, '/') > 0 group by 1
         union all
         select rest, id, updated_at, created_at, last_accessed_at, metadata from o where strpos(rest, '/') = 0
       )
       select * from e
       where name <> '' and ($3 = '' or name ilike replace(replace(replace($3, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')
       order by ${column} ${order} nulls first, name ${order} limit $4 offset $5`,
      [bucketId, base, search, limit, offset],
    );
    sendJson(res, 200, rows);
  }

  async function remove(call: Call, bucketId: string, names: unknown) {
    const { res } = call;
    const list = nameList(names, 'prefixes');
    const rows = await rowsAsCaller<Record<string, unknown> & { version: string | null }>(
      call,
      'delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *',
      [bucketId, list],
    );
    await files.remove(rows.map((r) => r.version));
    sendJson(res, 200, rows);
  }

  async function moveOrCopy(call: Call, kind: 'move' | 'copy') {
    const { req, res } = call;
    const body = await readJson(req);
    const from = checkBucketId(body.bucketId);
    const to = checkBucketId(body.destinationBucket ?? body.bucketId);
    const source = checkObjectName(body.sourceKey);
    const dest = checkObjectName(body.destinationKey);
    await bucketAsServer(ctx.db, from);
    const destBucket = from === to ? null : await bucketAsServer(ctx.db, to);
    const checkFits = (row: ObjectRow) => {
      if (!destBucket) return;
      if ((row.metadata?.size ?? 0) > limitOf(destBucket)) throw entityTooLarge();
      if (!mimeAllowed(row.metadata?.mimetype ?? DEFAULT_MIME, destBucket.allowed_mime_types))
        throw invalidMimeType(row.metadata?.mimetype ?? DEFAULT_MIME);
    };
    if (kind === 'move') {
      await asCaller(call, async (tx) => {
        const src = await objectRow(tx, from, source);
        if (!src) throw objectNotFound();
        checkFits(src);
        const r = await tx.query(
          `update storage.objects set bucket_id = $3, name = $4, updated_at = now(), last_accessed_at = now() where bucket_id = $1 and name = $2 returning id`,
          [from, source, to, dest],
        );
        if (r.rows.length === 0) throw objectNotFound();
      });
      return sendJson(res, 200, { message: 'Successfully moved' });
    }
    let copied: string | null = null;
    try {
      const id = await asCaller(call, async (tx) => {
        const src = await objectRow<ObjectRow & { user_metadata: unknown }>(tx, from, source, ', user_metadata');
        if (!src || !src.version) throw objectNotFound();
        checkFits(src);
        copied = await files.copy(src.version);
        const r = await tx.query<{ id: string }>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata)
           values ($1, $2, auth.uid(), auth.uid()::text, $3, $4, $5) returning id`,
          [to, dest, src.metadata, copied, src.user_metadata],
        );
        return r.rows[0].id;
      });
      sendJson(res, 200, { Id: id, Key: `${to}/${dest}` });
    } catch (e) {
      if (copied) await files.remove([copied]);
      throw e;
    }
  }

  async function info(call: Call, bucketId: string, name: string) {
    const { res } = call;
    const rows = await rowsAsCaller(
      call,
      'select id, name, version, bucket_id, metadata, user_metadata, created_at, updated_at from storage.objects where bucket_id = $1 and name = $2',
      [bucketId, name],
    );
    if (rows.length === 0) throw objectNotFound();
    const r = rows[0];
    const m = (r.metadata ?? {}) as Record<string, unknown>;
    sendJson(res, 200, {
      id: r.id,
      name: r.name,
      version: r.version,
      bucket_id: r.bucket_id,
      size: m.size ?? null,
      content_type: m.mimetype ?? null,
      cache_control: m.cacheControl ?? null,
      etag: m.eTag ?? null,
      metadata: r.user_metadata ?? null,
      last_modified: m.lastModified ?? null,
      created_at: r.created_at,
    });
  }

  async function objectRoute(req: IncomingMessage, url: URL, res: ServerResponse, parts: string[]) {
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
    if (head === 'public' && (method === 'GET' || method === 'HEAD')) {
      const t = named(1);
      return publicDownload(req, url, res, t.bucketId, t.name);
    }
    if (head === 'sign' && (method === 'GET' || method === 'HEAD')) {
      const t = named(1);
      return signedDownload(req, url, res, t.bucketId, t.name);
    }
    const who = await identify(req.headers).catch((e: unknown) => {
      throw e instanceof RestError ? unauthorized(e.message) : e;
    });
    const call: Call = { req, url, who, res };
    if (head === 'list' && method === 'POST') return list(call, checkBucketId(parts[1]));
    if ((head === 'move' || head === 'copy') && method === 'POST' && parts.length === 1) return moveOrCopy(call, head);
    if (head === 'sign' && method === 'POST') {
      const t = target(1);
      return sign(call, t.bucketId, t.name);
    }
    if (head === 'authenticated' && (method === 'GET' || method === 'HEAD')) {
      const t = named(1);
      return download(call, t.bucketId, t.name);
    }
    if (head === 'info' && method === 'GET') {
      const t = named(parts[1] === 'authenticated' || parts[1] === 'public' ? 2 : 1);
      return info(call, t.bucketId, t.name);
    }
    const t = target(0);
    if (method === 'DELETE') {
      if (t.name === null) return remove(call, t.bucketId, (await readJson(req)).prefixes);
      return remove(call, t.bucketId, [t.name]);
    }
    if (t.name === null) throw routeNotFound();
    if (method === 'POST') {
      const upsert = String(req.headers['x-upsert'] ?? '').toLowerCase() === 'true';
      return upload(call, t.bucketId, t.name, upsert ? 'upsert' : 'create');
    }
    if (method === 'PUT') return upload(call, t.bucketId, t.name, 'update');
    if (method === 'GET' || method === 'HEAD') return download(call, t.bucketId, t.name);
    throw routeNotFound();
  }

  const handle: RouteHandler = async (req, res, url) => {
    try {
      const parts = segments(url.pathname);
      if (parts[0] === 'bucket') {
        const who = await identify(req.headers).catch((e: unknown) => {
          throw e instanceof RestError ? unauthorized(e.message) : e;
        });
        await bucketRoute({ req, url, who, res }, parts.slice(1));
      } else if (parts[0] === 'object' && parts.length > 1) {
        await objectRoute(req, url, res, parts.slice(1));
      } else throw routeNotFound();
    } catch (e) {
      const err = toStorageError(e);
      if (res.headersSent) res.end();
      else {
        // A refused upload is not read to its end: close the connection rather than wait for the rest.
        if (!req.complete) res.setHeader('Connection', 'close');
        sendJson(res, err.status, err.body);
      }
    }
  };

  return { handle, close: () => files.close() };
}
