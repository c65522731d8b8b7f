import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { configFromEnv, isLoopbackHost, mailboxEnabled, type BackendConfig } from './config.js';
import type { BackendContext } from './context.js';
import { proxiedClient } from './client-address.js';
import { answerClientErrors } from './client-errors.js';
import { limitConnections } from './connection-limits.js';
import { openDb, type Db } from './db/index.js';
import { lockDataDir } from './db/lock.js';
import { createDataSafety } from './backup/service.js';
import { migrate, type MigrationReport } from './db/migrate.js';
import { CORS_HEADERS, createHostCheck, MISDIRECTED_TEXT, sendJson, type RouteHandler } from './http.js';
import { createJwtKeys } from './jwt.js';
import { loadSigningKeys } from './auth/signing-keys.js';
import { createRestHandler } from './rest/index.js';
import { createAuthHandler } from './auth/index.js';
import { attachRealtime } from './realtime/index.js';
import type { DispatchStats } from './realtime/dispatch.js';
import { createFunctionsHandler } from './functions/index.js';
import { mailConfigFromEnv } from './mail/config.js';
import { createMailer } from './mail/index.js';
import { createMailboxHandler, loadMailboxSecret } from './mail/mailbox.js';
import { createStaticHandler } from './static.js';
import { createStorageService } from './storage/index.js';
import { dispatcherSettings, loopbackUrl, startDispatcher, type Dispatcher } from './dispatcher.js';
import { startRetentionJob, type RetentionJob } from './jobs/retention.js';
import { startUpkeepJob } from './jobs/upkeep.js';

export interface Backend {
  url: string;
  port: number;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  db: Db;
  context: BackendContext;
  migrations: MigrationReport;
  /** The dev mailbox's key, and its link carrying it (what `npm start` prints); null when the mailbox is off. */
  mailboxSecret: string | null;
  mailboxUrl: string | null;
  /** Delivers the notification outbox; null with DISPATCH=off or without the dispatch-notifications function. */
  dispatcher: Dispatcher | null;
  /** The daily retention rules of the privacy page (RETENTION_AUTO=off stops them). */
  retention: RetentionJob;
  /** Realtime's counters: what Postgres Changes delivery asked of the database. */
  realtime: { stats: DispatchStats };
  close(): Promise<void>;
}

/**
 * The client's address as PostgREST and hosted Supabase hand it to SQL: `x-forwarded-for` in
 * `request.headers`, read by the product's rate limits. A client may not choose its own: unless the
 * backend sits behind a proxy it trusts (TRUST_PROXY=true), the header is the socket's address. Behind
 * one, it is the address that proxy saw (see proxiedClient), never the entries the client sent itself.
 */
export function setClientAddress(req: http.IncomingMessage, trustProxy: boolean): void {
  const socketAddress = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  const forwarded = req.headers['x-forwarded-for'];
  req.headers['x-forwarded-for'] =
    (trustProxy && typeof forwarded === 'string' ? proxiedClient(forwarded) : null) ?? socketAddress;
  delete req.headers['x-real-ip'];
  delete req.headers['cf-connecting-ip'];
}

function loadOrCreateSecret(config: BackendConfig): string {
  if (config.jwtSecret) return config.jwtSecret;
  if (!config.dataDir) return crypto.randomBytes(32).toString('hex');
  const file = path.join(config.dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString('hex');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** A path whose percent-encoding does not decode, or that decodes to a NUL: no route can serve it. */
export function malformedPath(pathname: string): boolean {
  try {
    return decodeURIComponent(pathname).includes('\0');
  } catch {
    return true;
  }
}

/** 400 for a malformed path, in the error shape of the API it was addressed to. */
function sendBadPath(res: http.ServerResponse, prefix: string): void {
  const message = 'Invalid path specified in request URL';
  if (prefix === '/rest/v1') return sendJson(res, 400, { code: 'PGRST100', details: null, hint: null, message });
  if (prefix === '/auth/v1') return sendJson(res, 400, { code: 400, error_code: 'validation_failed', msg: message });
  if (prefix === '/functions/v1') return sendJson(res, 400, { code: 'BAD_REQUEST', message });
  if (prefix === '/storage/v1') return sendJson(res, 400, { statusCode: '400', error: 'InvalidKey', message });
  res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
  res.end('Bad Request: ' + message);
}

/** Starts the embedded Supabase-compatible backend on one HTTP port. */
export async function startBackend(
  overrides: Partial<BackendConfig> = {},
  env: NodeJS.ProcessEnv = process.env,
): Promise<Backend> {
  const config = configFromEnv(env, overrides);
  // A mail or SMS provider that is not configured stops the start at once, before the data directory is locked
  // or the database opened (it would stop it after the migrations otherwise, a minute later on a busy machine).
  mailConfigFromEnv(config.env);
  // One process per data directory (a second PGlite on it loses committed orders): throws naming the holder.
  const lock = config.dataDir ? lockDataDir(config.dataDir) : null;
  if (lock?.tookOver)
    console.log(
      `[lock] took over the lock of process ${lock.tookOver.pid} (${lock.tookOver.command}), which is no longer running.`,
    );
  const safety = createDataSafety(config, lock);
  let db: Db;
  try {
    db = safety.watch(
      await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgliteArchive: config.pgliteArchive }),
    );
  } catch (e) {
    await safety.stop();
    safety.release();
    throw e;
  }
  let server: http.Server | null = null;
  try {
    const migrations = await migrate(db, config.supabaseDir);
    // Fresh statistics for the planner: the REST layer refuses a statement by its planned cost, and a table
    // never analysed is estimated at thousands of rows (the menu read then looks 100 times heavier than it is).
    // PGlite has no autovacuum, and PostgreSQL's never analyses a table of a few rows like the menu's.
    await db.exec('analyze');
    const jwt = await createJwtKeys(loadOrCreateSecret(config), loadSigningKeys(config));

    // Idle keep-alive connections stay open 65 s (as behind a cloud load balancer), not Node's 5 s: a
    // client reusing a connection at the very moment the server drops it gets no answer at all, and a
    // busy client's own idle timer can fire late. headersTimeout must exceed keepAliveTimeout.
    server = http.createServer({ keepAliveTimeout: 65_000, headersTimeout: 66_000 });
    limitConnections(server, config.env, config.trustProxy);
    answerClientErrors(server);
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(config.port, config.host, () => resolve());
    });
    const port = (server.address() as AddressInfo).port;
    const publicUrl = (
      config.siteUrl ?? `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`
    ).replace(/\/$/, '');

    const context: BackendContext = { config, db, jwt, publicUrl, mailer: undefined as never };
    context.mailer = createMailer(context);

    const mailboxSecret = mailboxEnabled(config) ? loadMailboxSecret(config) : null;
    const storage = createStorageService(context);
    const routes: [string, RouteHandler][] = [
      ['/rest/v1', createRestHandler(context)],
      ['/auth/v1', createAuthHandler(context)],
      ['/functions/v1', createFunctionsHandler(context)],
      ['/storage/v1', storage.handle],
      ['/_mailbox', createMailboxHandler(context, mailboxSecret ?? crypto.randomBytes(24).toString('base64url'))],
      ...safety.routes(),
    ];
    const serveStatic = createStaticHandler(context);
    const hostAllowed = createHostCheck({
      host: config.host,
      siteUrl: config.siteUrl,
      allowedHosts: config.allowedHosts,
      isLoopback: isLoopbackHost,
      interfaces: () =>
        Object.values(os.networkInterfaces())
          .flat()
          .map((i) => i?.address ?? '')
          .filter(Boolean),
      hostname: () => os.hostname(),
    });
    const realtime = attachRealtime(context, server, (req) => hostAllowed(req.headers.host, req.socket.localAddress));

    server.on('request', (req, res) => {
      setClientAddress(req, config.trustProxy);
      if (!hostAllowed(req.headers.host, req.socket.localAddress)) {
        res.writeHead(421, {
          'Content-Type': 'text/plain; charset=utf-8',
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'no-store',
        });
        res.end(MISDIRECTED_TEXT);
        return;
      }
      let url: URL;
      try {
        url = new URL(req.url ?? '/', 'http://localhost');
      } catch {
        return sendBadPath(res, '');
      }
      const route = routes.find(([prefix]) => url.pathname === prefix || url.pathname.startsWith(prefix + '/'));
      if (malformedPath(url.pathname)) return sendBadPath(res, route?.[0] ?? '');
      if (safety.refuse(req, res, route?.[0])) return;
      // The dev mailbox is for this machine's own pages: no CORS preflight succeeds there.
      if (route && req.method === 'OPTIONS' && route[0] !== '/_mailbox') {
        res.writeHead(204, CORS_HEADERS);
        res.end();
        return;
      }
      const handler = route ? route[1] : serveStatic;
      handler(req, res, url).catch((e: unknown) => {
        console.error(`[backend] ${req.method} ${url.pathname} failed:`, e);
        const body = { code: 'XX000', message: 'Internal server error', details: null, hint: null };
        if (res.headersSent) res.end();
        else if (route?.[0] === '/_mailbox') {
          // The mailbox answers no other origin, not even with its errors.
          res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify(body));
        } else sendJson(res, 500, body);
      });
    });

    const sockets = new Set<import('node:net').Socket>();
    server.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    const dispatch = dispatcherSettings(config.env, config.supabaseDir);
    const dispatcher = dispatch.enabled
      ? await startDispatcher({
          db,
          baseUrl: loopbackUrl(config.host, port),
          serviceRoleKey: jwt.serviceRoleKey,
          intervalMs: dispatch.intervalMs,
        })
      : null;

    safety.start(db, jwt, port);
    const retention = startRetentionJob(db, config.env);
    // …and again every six hours, as the orders grow (a failure only leaves the older statistics).
    const analyzer = setInterval(() => void db.exec('analyze').catch(() => {}), 6 * 3600_000);
    analyzer.unref();
    // PGlite has no autovacuum: tables that grew or churned are analysed and vacuumed as it would (jobs/upkeep.ts).
    const upkeep = startUpkeepJob(db);
    let closing: Promise<void> | null = null;
    return {
      url: publicUrl,
      port,
      anonKey: jwt.anonKey,
      serviceRoleKey: jwt.serviceRoleKey,
      jwtSecret: jwt.secret,
      mailboxSecret,
      mailboxUrl: mailboxSecret ? `${publicUrl}/_mailbox?key=${encodeURIComponent(mailboxSecret)}` : null,
      db,
      context,
      migrations,
      dispatcher,
      retention,
      realtime: { stats: realtime.stats },
      close() {
        closing ??= (async () => {
          clearInterval(analyzer);
          await upkeep?.stop();
          await dispatcher?.stop();
          await retention.stop();
          await safety.stop();
          await realtime.close();
          await new Promise<void>((resolve) => {
            server!.close(() => resolve());
            for (const s of sockets) s.destroy();
          });
          await db.close();
          await storage.close();
          safety.release();
        })();
        return closing;
      },
    };
  } catch (e) {
    server?.close();
    await safety.stop();
    await db.close().catch(() => {});
    safety.release();
    throw e;
  }
}
