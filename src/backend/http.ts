import type { IncomingMessage, ServerResponse } from 'node:http';

/** Headers Supabase's gateway answers with, so browsers on any origin can call the API. */
export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD',
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, prefer, range, range-unit, accept, accept-profile, content-profile, x-supabase-api-version, x-retry-count, x-region',
  'Access-Control-Expose-Headers':
    'Content-Range, Content-Location, Range-Unit, Preference-Applied, X-Supabase-Api-Version',
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

type HeaderSet = Record<string, string>;

/**
 * The answers of the Supabase-compatible API carry the CORS headers (any origin may read them); a
 * private page (the mailbox) passes its own `base` headers instead.
 */
export const sendJson = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers?: HeaderSet,
  base?: HeaderSet,
): void =>
  sendText(
    res,
    status,
    body === undefined ? '' : JSON.stringify(body),
    'application/json; charset=utf-8',
    headers,
    base,
  );

export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  contentType: string,
  headers: HeaderSet = {},
  base: HeaderSet = CORS_HEADERS,
): void {
  res.writeHead(status, { ...base, 'Content-Type': contentType, ...headers });
  res.end(text);
}

/** A route module: answers the requests whose path starts with its prefix. */
export type RouteHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

/** The host name of a Host header, lower-case, without port, brackets or trailing dot; null when unparsable. */
export function hostName(header: string): string | null {
  let h = header.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    if (end < 0) return null;
    h = h.slice(1, end);
  } else {
    const colon = h.indexOf(':');
    if (colon >= 0) {
      if (!/^\d*$/.test(h.slice(colon + 1))) return null;
      h = h.slice(0, colon);
    }
  }
  h = h.replace(/\.$/, '');
  return h === '' || /[\s/\\@?#]/.test(h) ? null : h;
}

/**
 * Which Host headers the server answers (DNS rebinding defence): loopback names, SITE_URL's host,
 * ALLOWED_HOSTS, the address and name the server listens on, and when it listens on every interface,
 * the machine's own addresses and name. `isLoopback` decides loopback names.
 */
export function createHostCheck(options: {
  host: string;
  siteUrl: string | null;
  allowedHosts: string[];
  isLoopback: (host: string) => boolean;
  interfaces: () => string[];
  hostname: () => string;
}): (header: string | undefined, localAddress?: string) => boolean {
  const fixed = new Set<string>();
  const add = (h: string | null) => {
    if (h) fixed.add(h.replace(/^::ffff:/, ''));
  };
  if (options.siteUrl) {
    try {
      add(hostName(new URL(options.siteUrl).host));
    } catch {
      // configFromEnv callers report a bad SITE_URL elsewhere.
    }
  }
  for (const h of options.allowedHosts) add(hostName(h));
  const wildcard = ['0.0.0.0', '::', ''].includes(options.host);
  if (!wildcard)
    add(hostName(options.host.includes(':') && !options.host.startsWith('[') ? `[${options.host}]` : options.host));
  const own = new Set<string>();
  let refreshedAt = 0;
  const refreshOwn = () => {
    if (Date.now() - refreshedAt < 1000) return;
    refreshedAt = Date.now();
    own.clear();
    for (const a of options.interfaces()) own.add(a.toLowerCase().replace(/%.*$/, ''));
    const name = options.hostname().toLowerCase();
    if (name) {
      own.add(name);
      if (!name.includes('.')) own.add(`${name}.local`);
    }
  };
  if (wildcard) refreshOwn();
  return (header, localAddress) => {
    // HTTP/1.0 without Host: no browser sends that, so it cannot be a rebinding page.
    if (header === undefined) return true;
    const h = hostName(header);
    if (h === null) return false;
    if (options.isLoopback(h) || fixed.has(h)) return true;
    if (!wildcard) return false;
    // The address the request reached is this machine's by definition.
    if (
      localAddress &&
      h ===
        localAddress
          .toLowerCase()
          .replace(/^::ffff:/, '')
          .replace(/%.*$/, '')
    )
      return true;
    if (own.has(h)) return true;
    // Interfaces come and go (DHCP, Wi-Fi): look again before refusing.
    refreshOwn();
    return own.has(h);
  };
}

/** The answer to a request whose Host header names a host this server does not serve. */
export const MISDIRECTED_TEXT =
  'Misdirected request: this server does not answer to the host name in the request (DNS rebinding protection). ' +
  'Reach it at its own address, or add the name to ALLOWED_HOSTS (comma-separated) or SITE_URL.\n';
