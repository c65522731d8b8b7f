import { MailerError } from './mailer.ts';

export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

/** A refusal with a status and a message for the caller (`{error}` in the body). */
export class HttpError extends Error {
  /** `code`: what the screen that called names the refusal by, in its own language (the message is the fallback). */
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS_HEADERS, 'Content-Type': 'application/json; charset=utf-8' },
  });
}

/** Deno.serve with CORS preflight, POST only, and every failure answered as JSON `{error}`. */
export function serveJson(handler: (req: Request) => Promise<unknown>): void {
  Deno.serve(async (req) => {
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS_HEADERS });
    try {
      if (req.method !== 'POST') throw new HttpError(405, 'Utilisez POST.');
      return json(200, await handler(req));
    } catch (e) {
      if (e instanceof HttpError)
        return json(e.status, e.code ? { error: e.message, code: e.code } : { error: e.message });
      if (e instanceof MailerError)
        return json(e.status >= 400 && e.status < 500 ? 400 : 502, { error: e.message, retryable: e.retryable });
      console.error(e);
      return json(500, { error: e instanceof Error ? e.message : String(e) });
    }
  });
}

/** The request body as a JSON object, or 400. */
export async function readJson(req: Request): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    const text = await req.text();
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Le corps de la requête doit être du JSON.');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new HttpError(400, 'Le corps de la requête doit être un objet JSON.');
  return body as Record<string, unknown>;
}

/** A non-empty trimmed string field, or 400 naming the field. */
export function requiredText(body: Record<string, unknown>, field: string, max = 100_000): string {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '')
    throw new HttpError(400, `Le champ "${field}" est obligatoire.`);
  if (value.length > max) throw new HttpError(400, `Le champ "${field}" dépasse ${max} caractères.`);
  return value.trim();
}

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

export function isEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && EMAIL.test(value);
}

export function requiredEmail(body: Record<string, unknown>, field: string): string {
  const value = requiredText(body, field, 254);
  if (!isEmail(value)) throw new HttpError(400, `Le champ "${field}" n'est pas une adresse e-mail valide.`);
  return value;
}

export function bearerToken(req: Request): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.get('Authorization') ?? '');
  return m ? m[1] : null;
}

export function siteUrl(): string {
  return (Deno.env.get('SITE_URL') || Deno.env.get('SUPABASE_URL') || '').replace(/\/+$/, '');
}
