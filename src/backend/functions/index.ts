import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { BackendContext } from '../context.js';
import { HttpError, readBody, sendJson, type RouteHandler } from '../http.js';
import { bearerToken } from '../jwt.js';
import { FunctionBuildError } from './bundle.js';
import { functionSettingsReader } from './function-settings.js';
import { createFunctionRegistry, type LoadedFunction } from './registry.js';
import { watchFunctionRejections } from './rejections.js';

const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const HOP_BY_HOP = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'expect',
]);

/** What `Deno.env` holds in a function: the backend's environment plus the Supabase variables. */
function functionEnv(ctx: BackendContext): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(ctx.config.env)) if (v !== undefined) env[k] = v;
  env.SUPABASE_URL = ctx.publicUrl;
  env.SUPABASE_ANON_KEY = ctx.jwt.anonKey;
  env.SUPABASE_SERVICE_ROLE_KEY = ctx.jwt.serviceRoleKey;
  if (ctx.config.databaseUrl) env.SUPABASE_DB_URL = ctx.config.databaseUrl;
  else delete env.SUPABASE_DB_URL;
  return env;
}

function toWebRequest(
  req: IncomingMessage,
  url: URL,
  publicUrl: string,
  body: Buffer | null,
  signal: AbortSignal,
): Request {
  // Hosted Supabase hands functions a URL whose path starts at the function name.
  const rest = url.pathname.slice('/functions/v1'.length);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || HOP_BY_HOP.has(k)) continue;
    for (const value of Array.isArray(v) ? v : [v]) headers.append(k, value);
  }
  return new Request(`${publicUrl}${rest}${url.search}`, {
    method: req.method,
    headers,
    body: body && body.length > 0 ? new Uint8Array(body) : undefined,
    redirect: 'manual',
    signal,
  });
}

async function writeWebResponse(res: ServerResponse, response: Response, head: boolean): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(response.status, response.statusText || undefined, headers);
  if (!response.body || head) {
    res.end();
    return;
  }
  // A client that goes away cancels the stream (server-sent events would otherwise run forever).
  const reader = response.body.getReader();
  const cancel = () => void reader.cancel().catch(() => {});
  res.once('close', cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || res.destroyed) break;
      if (!res.write(value)) await new Promise((r) => res.once('drain', r).once('close', r));
    }
  } finally {
    res.off('close', cancel);
    if (res.destroyed) cancel();
  }
  res.end();
}

/**
 * `/functions/v1/<name>`: runs `supabase/functions/<name>/index.ts` as Supabase's gateway and edge runtime would.
 * Each function is bundled with esbuild and run in its own V8 context (see README.md in this folder).
 */
export function createFunctionsHandler(ctx: BackendContext): RouteHandler {
  const functionsDir = path.resolve(ctx.config.supabaseDir, 'functions');
  const settings = functionSettingsReader(path.resolve(ctx.config.supabaseDir));
  const env = functionEnv(ctx);
  const registry = createFunctionRegistry(functionsDir, () => ({ ...env }));
  const timeoutMs = Number(ctx.config.env.FUNCTIONS_TIMEOUT_MS || 150_000);
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new Error(
      `FUNCTIONS_TIMEOUT_MS must be a positive number of milliseconds, got "${ctx.config.env.FUNCTIONS_TIMEOUT_MS}"`,
    );
  }
  const limit = ctx.config.maxBodyBytes;

  return async (req, res, url) => {
    const name = url.pathname.split('/')[3] ?? '';
    if (!NAME.test(name) || !registry.exists(name)) {
      return sendJson(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    }
    if (settings(name).verifyJwt) {
      const auth = req.headers.authorization;
      const token = typeof auth === 'string' ? bearerToken({ authorization: auth }) : null;
      try {
        if (!token) throw new Error('missing');
        await ctx.jwt.verify(token);
      } catch {
        return sendJson(res, 401, { msg: 'Invalid JWT' });
      }
    }

    let body: Buffer | null = null;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      try {
        body = await readBody(
          req,
          limit,
          () =>
            new HttpError(413, { code: 'PAYLOAD_TOO_LARGE', message: `Request body is larger than ${limit} bytes` }),
        );
      } catch (e) {
        if (e instanceof HttpError) return sendJson(res, e.status, e.body, { Connection: 'close' });
        throw e;
      }
    }

    const deadline = new Deadline(timeoutMs);
    try {
      let fn: LoadedFunction;
      try {
        fn = await deadline.race(registry.get(name));
      } catch (e) {
        if (e instanceof FunctionTimeout) throw e;
        // Ctrl-C in a terminal reaches esbuild's service process too: the server is stopping, nothing to report.
        if (/The service was stopped/.test(errorMessage(e)))
          return sendJson(res, 503, { error: 'The server is stopping' });
        const reason =
          e instanceof FunctionBuildError
            ? `cannot build function "${name}": ${e.message}`
            : `function "${name}" failed to start: ${errorMessage(e)}`;
        console.error(`[functions] ${reason}`);
        return sendJson(res, 500, { error: reason });
      }
      watchFunctionRejections(name, fn.context);
      await serveWith(fn, req, res, url, body, deadline);
    } catch (e) {
      if (e instanceof FunctionTimeout)
        return sendJson(res, 504, { error: `Function "${name}" did not answer within ${timeoutMs} ms` });
      console.error(`[functions] ${name} threw:`, e);
      if (!res.headersSent) sendJson(res, 500, { error: errorMessage(e) });
      else res.destroy();
    } finally {
      deadline.clear();
    }
  };

  async function serveWith(
    fn: LoadedFunction,
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    body: Buffer | null,
    deadline: Deadline,
  ) {
    const aborted = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) aborted.abort(new Error('the client closed the connection'));
    });
    const request = toWebRequest(req, url, ctx.publicUrl, body, aborted.signal);
    let completed!: () => void;
    const info = {
      remoteAddr: {
        transport: 'tcp' as const,
        hostname: req.socket.remoteAddress ?? '127.0.0.1',
        port: req.socket.remotePort ?? 0,
      },
      completed: new Promise<void>((r) => (completed = r)),
    };
    try {
      const response = await deadline.race(Promise.resolve().then(() => fn.handler(request, info)));
      if (!(response instanceof Response)) throw new Error(`the handler returned ${typeof response}, not a Response`);
      deadline.clear();
      await writeWebResponse(res, response, req.method === 'HEAD');
    } finally {
      completed();
    }
  }
}

class FunctionTimeout extends Error {}

/** One wall-clock limit for starting the function and getting its Response (streaming is not limited). */
class Deadline {
  private timer: NodeJS.Timeout | undefined;
  private readonly expired: Promise<never>;
  constructor(ms: number) {
    this.expired = new Promise<never>((_, reject) => {
      this.timer = setTimeout(() => reject(new FunctionTimeout()), ms);
    });
    this.expired.catch(() => {});
  }
  race<T>(work: Promise<T>): Promise<T> {
    return Promise.race([work, this.expired]);
  }
  clear(): void {
    clearTimeout(this.timer);
  }
}

/** Errors from a function's realm are not `instanceof Error` here: read the message structurally. */
function errorMessage(e: unknown): string {
  if (e && typeof e === 'object' && 'message' in e) return String((e as { message: unknown }).message);
  return String(e);
}
