import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RouteHandler } from '../http.js';
import { sendJson } from '../http.js';
import type { BackendContext } from '../context.js';
import { bucketRoute } from './buckets.js';
import { createStorageContext } from './context.js';
import { routeNotFound, toStorageError, unauthorized } from './errors.js';
import { checkBucketId, checkObjectName } from './names.js';
import { createObjectRoutes } from './objects.js';
import { createRenderer } from './render.js';

export { globalFileSizeLimit } from './context.js';

const PREFIX = '/storage/v1';

export interface StorageService {
  handle: RouteHandler;
  close(): Promise<void>;
}

function segments(pathname: string): string[] {
  return pathname
    .slice(PREFIX.length)
    .split('/')
    .filter((s, i) => i > 0 || s !== '')
    .map(decodeURIComponent);
}

/**
 * `/storage/v1/*`: the part of Supabase Storage's API that supabase-js `storage` calls. Buckets in
 * `buckets.ts`; objects (`objects.ts`) read in `downloads.ts`, written in `uploads.ts`, listed in
 * `listing.ts`, signed in `signing.ts`; what they share (caller, limits, files) in `context.ts`.
 */
export function createStorageService(ctx: BackendContext): StorageService {
  const s = createStorageContext(ctx);
  const objectRoute = createObjectRoutes(s);
  const renderer = createRenderer(s);

  /** `/render/image/{public,authenticated,sign}/:bucket/:name`. */
  async function renderRoute(req: IncomingMessage, res: ServerResponse, url: URL, parts: string[]) {
    const method = req.method ?? 'GET';
    if ((method !== 'GET' && method !== 'HEAD') || parts.length < 3) throw routeNotFound();
    const bucketId = checkBucketId(parts[1]);
    const name = checkObjectName(parts.slice(2).join('/'));
    if (parts[0] === 'public') return renderer.public(req, url, res, bucketId, name);
    if (parts[0] === 'sign') return renderer.signed(req, url, res, bucketId, name);
    if (parts[0] !== 'authenticated') throw routeNotFound();
    if (!req.headers.authorization) throw unauthorized('Invalid Compact JWS');
    return renderer.authenticated({ req, url, res, who: await s.identify(req) }, bucketId, name);
  }

  const handle: RouteHandler = async (req, res, url) => {
    try {
      const parts = segments(url.pathname);
      if (parts[0] === 'bucket') {
        if (!req.headers.authorization) throw unauthorized('Invalid Compact JWS');
        await bucketRoute(s, { req, url, who: await s.identify(req), res }, parts.slice(1));
      } else if (parts[0] === 'render' && parts[1] === 'image') {
        await renderRoute(req, res, url, parts.slice(2));
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

  return { handle, close: () => s.files.close() };
}
