import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http.js';

/** A GoTrue `HTTPError`: an HTTP status, a stable `error_code` and a message. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly weakPasswordReasons?: string[],
  ) {
    super(message);
  }
}

/** The OAuth2 shape GoTrue still uses for a few `/token` errors: always 400 `{error, error_description}`. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description = '',
  ) {
    super(description || error);
  }
}

export const badRequest = (code: string, msg: string) => new AuthError(400, code, msg);
export const forbidden = (code: string, msg: string) => new AuthError(403, code, msg);
export const notFound = (code: string, msg: string) => new AuthError(404, code, msg);
export const unprocessable = (code: string, msg: string) => new AuthError(422, code, msg);
export const internal = (msg: string) => new AuthError(500, 'unexpected_failure', msg);

const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = Date.parse('2024-01-01T00:00:00Z');

/** GoTrue answers in the 2024-01-01 shape when the client asks for that version or a later one. */
function requestedApiVersion(req: IncomingMessage): string | null {
  const raw = req.headers[API_VERSION_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const t = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(t) && t >= API_VERSION_2024 ? '2024-01-01' : null;
}

export function sendAuthError(req: IncomingMessage, res: ServerResponse, e: AuthError | OAuthError): void {
  const version = requestedApiVersion(req);
  const echo: Record<string, string> = version ? { 'X-Supabase-Api-Version': version } : {};
  if (e instanceof OAuthError) {
    sendJson(res, 400, e.description ? { error: e.error, error_description: e.description } : { error: e.error }, echo);
    return;
  }
  const extra = e.weakPasswordReasons ? { weak_password: { reasons: e.weakPasswordReasons } } : {};
  const headers = { ...echo, 'x-sb-error-code': e.code };
  if (version) {
    sendJson(res, e.status, { code: e.code, message: e.message, ...extra }, headers);
  } else {
    sendJson(res, e.status, { code: e.status, error_code: e.code, msg: e.message, ...extra }, headers);
  }
}
