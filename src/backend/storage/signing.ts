import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { sendJson } from '../http.js';
import { MAX_LIST, type Call, type StorageContext } from './context.js';
import { invalidJwt, invalidRequest, objectNotFound } from './errors.js';
import { checkObjectName } from './names.js';
import { parseTransform, transformToString } from './transform.js';

const MAX_SIGN_SECONDS = 10 * 365 * 24 * 3600;
/** How long a signed upload URL stays valid (Storage's default, 2 hours). */
export const SIGNED_UPLOAD_SECONDS = 2 * 3600;

/**
 * What a token was made for: a download token never opens an upload, nor the reverse. Download tokens
 * carry no scope (as Storage's), upload tokens `upload` with the owner and whether they may overwrite.
 */
export type SignedScope = 'download' | 'upload';

export interface SignedClaims {
  url: string;
  scope?: string;
  owner?: string;
  upsert?: boolean;
  /** A signed download's image transformation (`width:400,format:webp`): the URL then goes to /render/image. */
  transformations?: string;
}

export async function signToken(s: StorageContext, claims: SignedClaims, expiresIn: number): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
    .sign(s.signingKey);
}

/** The claims of the `?token=` of `url`, if it was signed here for `path` and `scope` and has not expired. */
export async function verifySignedUrl(s: StorageContext, url: URL, path: string, scope: SignedScope) {
  const token = url.searchParams.get('token');
  if (!token) throw invalidJwt('Missing token');
  let payload: SignedClaims;
  try {
    ({ payload } = (await jwtVerify(token, s.signingKey, { algorithms: ['HS256'] })) as unknown as {
      payload: SignedClaims;
    });
  } catch (e) {
    throw invalidJwt(e instanceof joseErrors.JWTExpired ? 'jwt expired' : 'invalid signature');
  }
  if (payload.url !== path) throw invalidJwt('The token does not match this object');
  if ((payload.scope ?? 'download') !== scope) throw invalidJwt('The token was not signed for this operation');
  return payload;
}

function expiresInOf(body: Record<string, unknown>): number {
  const n = body.expiresIn;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_SIGN_SECONDS)
    throw invalidRequest('expiresIn must be a whole number of seconds, at least 1');
  return n;
}

export const objectPath = (bucketId: string, name: string) =>
  `${encodeURIComponent(bucketId)}/${name.split('/').map(encodeURIComponent).join('/')}`;

const signedPath = (bucketId: string, name: string, token: string, render = false) =>
  `/${render ? 'render/image' : 'object'}/sign/${objectPath(bucketId, name)}?token=${token}`;

/** A body's list of 1 to MAX_LIST object names, or a 400 that names the field. */
export function nameList(v: unknown, field: string): string[] {
  if (!Array.isArray(v) || v.length === 0 || v.length > MAX_LIST || !v.every((n) => typeof n === 'string')) {
    throw invalidRequest(`${field} must be a list of 1 to ${MAX_LIST} object names`);
  }
  return v as string[];
}

/** POST `/object/sign/:bucket[/:name]`: download URLs for objects the caller may read. */
export async function sign(s: StorageContext, call: Call, bucketId: string, name: string | null) {
  const body = await s.readJson(call.req);
  const expiresIn = expiresInOf(body);
  const tokenFor = (n: string) => signToken(s, { url: `${bucketId}/${n}` }, expiresIn);
  const transform =
    body.transform && typeof body.transform === 'object'
      ? transformToString(parseTransform((k) => (body.transform as Record<string, unknown>)[k]))
      : '';
  if (name !== null) {
    const found = await s.rowsAsCaller(call, 'select 1 from storage.objects where bucket_id = $1 and name = $2', [
      bucketId,
      name,
    ]);
    if (found.length === 0) throw objectNotFound();
    if (transform !== '') {
      const token = await signToken(s, { url: `${bucketId}/${name}`, transformations: transform }, expiresIn);
      return sendJson(call.res, 200, { signedURL: signedPath(bucketId, name, token, true) });
    }
    return sendJson(call.res, 200, { signedURL: signedPath(bucketId, name, await tokenFor(name)) });
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
      await s.rowsAsCaller<{ name: string }>(
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
        ? { error: null, path: p, signedURL: signedPath(bucketId, p, await tokenFor(p)) }
        : { error: 'Either the object does not exist or you do not have access to it', path: p, signedURL: null },
    );
  }
  sendJson(call.res, 200, out);
}
