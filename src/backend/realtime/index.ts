import type { IncomingMessage, Server } from 'node:http';
import { proxiedClient } from '../client-address.js';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { BackendContext } from '../context.js';
import { isLoopbackHost } from '../config.js';
import { bearerToken, type JwtClaims } from '../jwt.js';
import { ChangeCapture, FOLLOW_LINGER_MS } from './capture.js';
import { ChangeDispatcher, type DispatchStats } from './dispatch.js';
import { ChangeFeed } from './feed.js';
import { SUPPORTED_VSN, type Vsn } from './protocol.js';
import {
  DEFAULT_REALTIME_LIMITS,
  DEFAULT_SERVER_FANOUT_BYTES_PER_SECOND,
  FanoutBudget,
  RealtimeSession,
  deliverDatabaseMessage,
  type ChannelPolicies,
  type JoinedChannel,
  type RealtimeServices,
} from './session.js';

const PATH = '/realtime/v1/websocket';

/**
 * Supabase's join check of a private channel, in one call: `_realtime.authorize` puts probe
 * messages for the topic in realtime.messages, reads them back (and tries an insert) as the
 * token's role and claims with realtime.topic() set, and rolls all of it back.
 */
async function authorizeChannel(
  db: BackendContext['db'],
  claims: JwtClaims,
  subTopic: string,
  presence: boolean,
): Promise<ChannelPolicies> {
  const r = await db.query<{ policies: ChannelPolicies }>('select _realtime.authorize($1, $2, $3, $4) as policies', [
    claims.role,
    JSON.stringify(claims),
    subTopic,
    presence,
  ]);
  const policies = r.rows[0].policies;
  if (policies.error) console.error(`[realtime] policy check of private topic failed: ${policies.error}`);
  return policies;
}

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : fallback;
}

/** A non-negative integer setting; 0 turns the quota off. */
function quota(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n >= 0 ? n : fallback;
}

function refuse(socket: Duplex, status: number, reason: string, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Supabase Realtime at /realtime/v1/websocket: Phoenix channels with `postgres_changes`
 * (captured by triggers, read after commit, filtered per subscriber under RLS) and broadcast.
 */
export function attachRealtime(
  ctx: BackendContext,
  server: Server,
  hostAllowed: (req: IncomingMessage) => boolean = () => true,
): { close(): Promise<void>; stats: DispatchStats } {
  const env = ctx.config.env;
  const heartbeatTimeoutMs = positive(env.REALTIME_HEARTBEAT_TIMEOUT_MS, 60_000);
  // 0: a table is no longer captured as soon as its last follower leaves.
  const capture = new ChangeCapture(ctx.db, quota(env.REALTIME_FOLLOW_LINGER_MS, FOLLOW_LINGER_MS));
  const topics = new Map<string, Set<JoinedChannel>>();
  // A message too long for its NOTIFY comes with the changes' rows; the feed delivers each message once.
  const dispatcher = new ChangeDispatcher(ctx.db, capture, (message) => feed.message(message));
  const services: RealtimeServices = {
    authorize: (claims, subTopic, presence) => authorizeChannel(ctx.db, claims, subTopic, presence),
    jwt: ctx.jwt,
    capture,
    dispatcher,
    topics,
    maxBufferedBytes: positive(env.REALTIME_MAX_BUFFERED_BYTES, 8 * 1024 * 1024),
    limits: {
      maxChannels: quota(env.REALTIME_MAX_CHANNELS_PER_CLIENT, DEFAULT_REALTIME_LIMITS.maxChannels),
      maxBindings: quota(env.REALTIME_MAX_BINDINGS_PER_CLIENT, DEFAULT_REALTIME_LIMITS.maxBindings),
      maxEventsPerSecond: quota(env.REALTIME_MAX_EVENTS_PER_SECOND, DEFAULT_REALTIME_LIMITS.maxEventsPerSecond),
      maxJoinsPerSecond: quota(env.REALTIME_MAX_JOINS_PER_SECOND, DEFAULT_REALTIME_LIMITS.maxJoinsPerSecond),
      maxJoinBytes: quota(env.REALTIME_MAX_JOIN_PAYLOAD_BYTES, DEFAULT_REALTIME_LIMITS.maxJoinBytes),
      maxBroadcastBytes: quota(env.REALTIME_MAX_BROADCAST_PAYLOAD_BYTES, DEFAULT_REALTIME_LIMITS.maxBroadcastBytes),
      maxFanoutBytesPerSecond: quota(
        env.REALTIME_MAX_FANOUT_BYTES_PER_SECOND,
        DEFAULT_REALTIME_LIMITS.maxFanoutBytesPerSecond,
      ),
    },
    fanout: new FanoutBudget(
      quota(env.REALTIME_SERVER_FANOUT_BYTES_PER_SECOND, DEFAULT_SERVER_FANOUT_BYTES_PER_SECOND),
    ),
  };
  const feed = new ChangeFeed(
    ctx.db,
    (selection) => dispatcher.deliver(selection),
    (message) => deliverDatabaseMessage(topics, message),
  );
  const wss = new WebSocketServer({ noServer: true, maxPayload: ctx.config.maxBodyBytes, perMessageDeflate: false });
  const sessions = new Set<{ session: RealtimeSession; ws: import('ws').WebSocket }>();
  // Open sockets per client address. Loopback is not counted: without TRUST_PROXY, a reverse proxy on
  // this machine makes every visitor 127.0.0.1, and one visitor must not fill the quota for all.
  const maxPerAddress = quota(env.REALTIME_MAX_CONNECTIONS_PER_IP, 100);
  const perAddress = new Map<string, number>();
  const clientAddress = (req: IncomingMessage): string | null => {
    const forwarded = req.headers['x-forwarded-for'];
    const address =
      (ctx.config.trustProxy && typeof forwarded === 'string' ? proxiedClient(forwarded) : null) ??
      (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    return address === '' || isLoopbackHost(address) ? null : address;
  };
  let closed = false;

  const ready = (async () => {
    await capture.install();
    await feed.start();
  })();
  ready.catch((e: unknown) => console.error('[realtime] could not start change capture:', (e as Error).message));

  const reaper = setInterval(
    () => {
      const deadline = Date.now() - heartbeatTimeoutMs;
      for (const { session, ws } of sessions) if (session.lastSeen < deadline) ws.terminate();
    },
    Math.min(heartbeatTimeoutMs / 2, 15_000),
  );
  reaper.unref();

  async function accept(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    const vsn = (url.searchParams.get('vsn') ?? '1.0.0') as Vsn;
    if (!SUPPORTED_VSN.includes(vsn))
      return refuse(socket, 400, 'Bad Request', `Unsupported vsn "${vsn}"; use 1.0.0 or 2.0.0`);
    const apikey = url.searchParams.get('apikey') ?? bearerToken(req.headers);
    if (!apikey) return refuse(socket, 401, 'Unauthorized', 'apikey query parameter is required');
    let claims;
    try {
      claims = await ctx.jwt.verify(apikey);
    } catch (e) {
      return refuse(socket, 401, 'Unauthorized', `Invalid apikey: ${(e as Error).message}`);
    }
    try {
      await ready;
    } catch {
      return refuse(socket, 503, 'Service Unavailable', 'Realtime is not available');
    }
    if (closed || socket.destroyed) return refuse(socket, 503, 'Service Unavailable', 'Realtime is shutting down');
    const address = clientAddress(req);
    if (address !== null && maxPerAddress > 0 && (perAddress.get(address) ?? 0) >= maxPerAddress) {
      return refuse(socket, 429, 'Too Many Requests', 'ConnectionRateLimitReached: Too many connected users');
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const session = new RealtimeSession(ws, vsn, claims, services);
      const entry = { session, ws };
      sessions.add(entry);
      if (address !== null) {
        perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
        ws.once('close', () => {
          const left = (perAddress.get(address) ?? 1) - 1;
          if (left > 0) perAddress.set(address, left);
          else perAddress.delete(address);
        });
      }
      ws.on('message', (data, isBinary) => session.onFrame(data as Buffer, isBinary));
      ws.on('error', () => ws.terminate());
      ws.on('close', () => {
        sessions.delete(entry);
        session.close();
      });
    });
  }

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    if (!hostAllowed(req))
      return refuse(socket, 421, 'Misdirected Request', 'This server does not answer to the host name in the request');
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return refuse(socket, 400, 'Bad Request', 'Invalid URL');
    }
    if (url.pathname !== PATH && url.pathname !== `${PATH}/`) return refuse(socket, 404, 'Not Found', 'Not found');
    if (closed) return refuse(socket, 503, 'Service Unavailable', 'Realtime is shutting down');
    accept(req, socket, head, url).catch((e: unknown) => {
      console.error('[realtime] upgrade failed:', (e as Error).message);
      socket.destroy();
    });
  };
  server.on('upgrade', onUpgrade);

  return {
    stats: dispatcher.stats,
    async close() {
      if (closed) return;
      closed = true;
      server.off('upgrade', onUpgrade);
      clearInterval(reaper);
      for (const { session, ws } of sessions) {
        session.close();
        ws.close(1001, 'server shutting down');
      }
      await ready.catch(() => {});
      await capture.close();
      await feed.close();
      // Sockets that do not answer the close handshake are cut.
      await new Promise((r) => setTimeout(r, 50));
      for (const { ws } of sessions) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
