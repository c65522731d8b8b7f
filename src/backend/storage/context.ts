import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BackendContext } from '../context.js';
import type { Queryable } from '../db/index.js';
import { readBody } from '../http.js';
import { createAuthenticator, type RequestIdentity } from '../rest/auth.js';
import { RestError } from '../rest/errors.js';
import { REQUEST_SETTINGS_SQL } from '../rest/index.js';
import { bucketNotFound, entityTooLarge, invalidRequest, unauthorized } from './errors.js';
import { FileStore } from './files.js';

export const DEFAULT_MIME = 'text/plain;charset=UTF-8';
export const MAX_LIST = 1000;

export interface Bucket {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

export interface ObjectRow {
  id: string;
  version: string | null;
  metadata: { mimetype?: string; size?: number; eTag?: string; cacheControl?: string; lastModified?: string } | null;
  updated_at: Date;
}

/** A request whose caller is known: what every authenticated route reads, answers and runs as. */
export interface Call {
  req: IncomingMessage;
  url: URL;
  who: RequestIdentity;
  res: ServerResponse;
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

export function jsonBody(raw: Buffer): Record<string, unknown> {
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

/** What every part of Storage shares: the database, the files, the caller's identity and the limits. */
export type StorageContext = ReturnType<typeof createStorageContext>;

export function createStorageContext(ctx: BackendContext) {
  const files = FileStore.open(ctx.config.dataDir);
  const authenticate = createAuthenticator(ctx.jwt);
  const globalLimit = globalFileSizeLimit(ctx.config.env);

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

  return {
    ctx,
    db: ctx.db,
    files,
    globalLimit,
    signingKey: new TextEncoder().encode(ctx.jwt.secret),
    asCaller,

    /** The caller of a request, or Storage's 403 for a bad token. */
    async identify(req: IncomingMessage): Promise<RequestIdentity> {
      return authenticate(req.headers).catch((e: unknown) => {
        throw e instanceof RestError ? unauthorized(e.message) : e;
      });
    },

    /** One statement as the caller (see `asCaller`): its rows. */
    async rowsAsCaller<T = Record<string, unknown>>(call: Call, sql: string, params: unknown[]): Promise<T[]> {
      return asCaller(call, async (tx) => (await tx.query<T>(sql, params)).rows);
    },

    async bucketAsServer(tx: Queryable, id: string): Promise<Bucket> {
      const r = await tx.query<Bucket>('select * from storage.buckets where id = $1', [id]);
      if (r.rows.length === 0) throw bucketNotFound();
      return r.rows[0];
    },

    limitOf: (b: Bucket) => Math.min(b.file_size_limit === null ? globalLimit : Number(b.file_size_limit), globalLimit),

    async readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
      return jsonBody(await readBody(req, ctx.config.maxBodyBytes, () => entityTooLarge()));
    },
  };
}
