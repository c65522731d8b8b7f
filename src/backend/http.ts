import type { IncomingMessage, ServerResponse } from 'node:http';

/** Headers Supabase's gateway answers with, so browsers on any origin can call the API. */
export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD',
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, prefer, range, range-unit, accept, accept-profile, content-profile, x-supabase-api-version, x-retry-count, x-region',
  'Access-Control-Expose-Headers': 'Content-Range, Content-Location, Range-Unit, Preference-Applied, X-Supabase-Api-Version',
  'Access-Control-Max-Age': '86400',
};

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message ?? body.msg ?? body.error ?? status));
  }
}

/** Reads the whole body, refusing more than `limit` bytes with a 413 (`onTooLarge` shapes the body). */
export function readBody(
  req: IncomingMessage,
  limit: number,
  tooLarge: () => HttpError = () => new HttpError(413, { message: 'Payload Too Large' }),
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      req.resume();
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (c: Buffer) => {
      if (failed) return;
      size += c.length;
      if (size > limit) {
        failed = true;
        reject(tooLarge());
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('error', (e) => {
      if (!failed) reject(e);
    });
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { ...CORS_HEADERS, 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(text);
}

export function sendText(res: ServerResponse, status: number, text: string, contentType: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...CORS_HEADERS, 'Content-Type': contentType, ...headers });
  res.end(text);
}

/** A route module: answers the requests whose path starts with its prefix. */
export type RouteHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;
