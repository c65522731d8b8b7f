import type { WebSocket } from 'ws';
import { JwtError, type JwtClaims, type JwtKeys } from '../jwt.js';
import type { ChangeCapture } from './capture.js';
import type { ChangeSubscriber } from './channel.js';
import type { ChangeDispatcher, DatabaseMessage } from './dispatch.js';
import { resolveBindings } from './join.js';
import { decodeFrame, encodeFrame, type PhoenixMessage, type Vsn } from './protocol.js';

export interface RealtimeServices {
  jwt: JwtKeys;
  capture: ChangeCapture;
  dispatcher: ChangeDispatcher;
  /** Joined channels by topic, for broadcast. */
  topics: Map<string, Set<JoinedChannel>>;
  maxBufferedBytes: number;
  limits: RealtimeLimits;
  /** Bytes of client broadcasts handed to peers in the current second, over every socket (see `broadcast`). */
  fanout: FanoutBudget;
  /** Runs Supabase's join check of a private channel (policies on realtime.messages) for these claims. */
  authorize(claims: JwtClaims, subTopic: string, presence: boolean): Promise<ChannelPolicies>;
}

/** What the policies on realtime.messages allow a private channel's token. */
export interface ChannelPolicies {
  read: boolean;
  presence: boolean;
  write: boolean;
  /** The policy's own failure, if it failed (read as a refusal). */
  error: string | null;
}

/**
 * Broadcast from the database: a committed message goes to every channel joined to its topic
 * with the same privacy (a private message to private channels allowed to read broadcasts, a
 * public one to public channels). The payload is encoded once.
 */
export function deliverDatabaseMessage(topics: Map<string, Set<JoinedChannel>>, message: DatabaseMessage): void {
  const peers = topics.get(`realtime:${message.topic}`);
  if (!peers || typeof message.event !== 'string') return;
  const payloadJson = JSON.stringify({
    type: 'broadcast',
    event: message.event,
    payload: message.payload ?? {},
    meta: { id: message.id },
  });
  for (const peer of [...peers]) {
    if (peer.private !== message.private || (peer.private && !peer.policies?.read)) continue;
    peer.session.pushRaw(peer, 'broadcast', payloadJson);
  }
}

/** A per-second byte allowance, counted as payload size × recipients. */
export class FanoutBudget {
  private windowStart = 0;
  private used = 0;

  constructor(readonly bytesPerSecond: number) {}

  /** Takes `bytes` from this second's allowance; false (and nothing taken) when they do not fit. */
  take(bytes: number, now = Date.now()): boolean {
    if (this.bytesPerSecond <= 0) return true;
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.used = 0;
    }
    if (this.used + bytes > this.bytesPerSecond) return false;
    this.used += bytes;
    return true;
  }
}

/** Per-socket quotas, as hosted Supabase Realtime applies them (its defaults; 0 turns one off). */
export interface RealtimeLimits {
  /** Channels joined at once (Supabase: max_channels_per_client, 100). */
  maxChannels: number;
  /** postgres_changes bindings over all the socket's channels. */
  maxBindings: number;
  /** Frames the client may send per second (Supabase: max_events_per_second, 100). */
  maxEventsPerSecond: number;
  /** Joins per second (Supabase: max_joins_per_second, 100). */
  maxJoinsPerSecond: number;
  /** Largest phx_join frame, in bytes. */
  maxJoinBytes: number;
  /** Largest client broadcast payload, in bytes (Supabase's free plan: 256 KB). */
  maxBroadcastBytes: number;
  /** Bytes of client broadcasts one socket may have delivered per second: payload size × recipients. */
  maxFanoutBytesPerSecond: number;
}

export const DEFAULT_REALTIME_LIMITS: RealtimeLimits = {
  maxChannels: 100,
  maxBindings: 200,
  maxEventsPerSecond: 100,
  maxJoinsPerSecond: 100,
  maxJoinBytes: 64 * 1024,
  maxBroadcastBytes: 256 * 1024,
  maxFanoutBytesPerSecond: 4 * 1024 * 1024,
};

/** Client broadcasts delivered per second over all sockets together (payload size × recipients). */
export const DEFAULT_SERVER_FANOUT_BYTES_PER_SECOND = 32 * 1024 * 1024;

/** A client flooding this many times its per-second quota is disconnected rather than read on. */
const FLOOD_FACTOR = 10;
/** A join whose tables could not be followed (the database away): the client joins again later. */
const UNABLE_TO_FOLLOW = 'Unable to subscribe to changes: the database did not answer';

const MAX_TIMER_MS = 2_147_483_647;

/** A channel this socket has joined. */
export class JoinedChannel implements ChangeSubscriber {
  claimsKey: string;
  expiresAt: number | null;
  expiryTimer: NodeJS.Timeout | null = null;
  broadcastSelf = false;
  broadcastAck = false;
  /** `config.private`: joined after realtime.messages' policies allowed it. */
  private = false;
  presenceEnabled = false;
  policies: ChannelPolicies | null = null;
  /** The token the channel's rights were last checked with (null: the socket's apikey). */
  token: string | null = null;

  constructor(
    readonly session: RealtimeSession,
    readonly topic: string,
    readonly joinRef: string | null,
    readonly bindings: ChangeSubscriber['bindings'],
    public claims: JwtClaims,
  ) {
    this.claimsKey = JSON.stringify(claims);
    this.expiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : null;
  }

  get name(): string {
    return this.topic.replace(/^realtime:/, '');
  }

  setClaims(claims: JwtClaims): void {
    this.claims = claims;
    this.claimsKey = JSON.stringify(claims);
    this.expiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : null;
  }

  sendChange(ids: number[], dataJson: string): void {
    this.session.pushRaw(this, 'postgres_changes', `{"ids":${JSON.stringify(ids)},"data":${dataJson}}`);
  }
}

function unauthorized(subTopic: string): string {
  return `You do not have permissions to read from this Channel topic: ${subTopic}`;
}

function tokenProblem(e: unknown): string {
  if (e instanceof JwtError && e.reason === 'expired') return 'Token has expired';
  return `Invalid token: ${(e as Error).message}`;
}

/** One WebSocket connection speaking Phoenix channels. */
export class RealtimeSession {
  readonly channels = new Map<string, JoinedChannel>();
  lastSeen = Date.now();
  private chain: Promise<void> = Promise.resolve();
  private closed = false;
  private windowStart = 0;
  private framesInWindow = 0;
  private eventsInWindow = 0;
  private joinsInWindow = 0;
  private readonly shutDownThisWindow = new Set<string>();
  private readonly fanout: FanoutBudget;

  constructor(
    private readonly ws: WebSocket,
    private readonly vsn: Vsn,
    /** Claims of the `apikey` the socket connected with: the default token of its channels. */
    private readonly socketClaims: JwtClaims,
    private readonly services: RealtimeServices,
  ) {
    this.fanout = new FanoutBudget(services.limits.maxFanoutBytesPerSecond);
  }

  onFrame(data: Buffer, isBinary: boolean): void {
    const now = Date.now();
    this.lastSeen = now;
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.framesInWindow = 0;
      this.eventsInWindow = 0;
      this.joinsInWindow = 0;
      this.shutDownThisWindow.clear();
    }
    const limits = this.services.limits;
    this.framesInWindow++;
    if (limits.maxEventsPerSecond > 0 && this.framesInWindow > limits.maxEventsPerSecond * FLOOD_FACTOR) {
      this.ws.close(1008, 'Too many messages per second');
      this.close();
      return;
    }
    const msg = decodeFrame(this.vsn, data, isBinary);
    if (!msg) return;
    // Heartbeats do not count, joins have their own quota; floods of either are cut above.
    const counted = msg.topic !== 'phoenix' && msg.event !== 'phx_join';
    if (counted) this.eventsInWindow++;
    if (counted && limits.maxEventsPerSecond > 0 && this.eventsInWindow > limits.maxEventsPerSecond) {
      // Like Supabase: the channel that overflows is told so on its system event and closed, after the
      // messages it sent within its quota. Further frames of this second are dropped unread.
      if (!this.shutDownThisWindow.has(msg.topic)) {
        this.shutDownThisWindow.add(msg.topic);
        this.chain = this.chain.then(() => {
          const ch = this.channels.get(msg.topic);
          if (ch && !this.closed) this.shutDown(ch, 'Too many messages per second');
        });
      }
      return;
    }
    if (msg.event === 'phx_join') {
      if (limits.maxJoinBytes > 0 && data.length > limits.maxJoinBytes) {
        this.reply(msg, 'error', {
          reason: `PayloadTooLarge: the join payload is ${data.length} bytes, at most ${limits.maxJoinBytes} are accepted`,
        });
        return;
      }
      this.joinsInWindow++;
      if (limits.maxJoinsPerSecond > 0 && this.joinsInWindow > limits.maxJoinsPerSecond) {
        this.reply(msg, 'error', { reason: 'ClientJoinRateLimitReached: Too many joins per second' });
        return;
      }
    }
    this.chain = this.chain
      .then(() => this.handle(msg))
      .catch((e: unknown) => {
        console.error(`[realtime] ${msg.event} on ${msg.topic} failed:`, (e as Error).message);
        if (msg.ref) this.reply(msg, 'error', { reason: 'Internal error' });
      });
  }

  private async handle(msg: PhoenixMessage): Promise<void> {
    if (this.closed) return;
    if (msg.topic === 'phoenix') {
      if (msg.event === 'heartbeat') this.reply(msg, 'ok', {});
      return;
    }
    if (msg.event === 'phx_join') return this.join(msg);
    const ch = this.channels.get(msg.topic);
    if (!ch || (msg.join_ref !== null && ch.joinRef !== null && msg.join_ref !== ch.joinRef)) {
      this.reply(msg, 'error', { reason: 'unmatched topic' });
      return;
    }
    switch (msg.event) {
      case 'phx_leave':
        this.leave(ch);
        this.reply(msg, 'ok', {});
        return;
      case 'access_token':
        return this.updateToken(ch, msg);
      case 'broadcast':
        return this.broadcast(ch, msg);
      case 'presence':
        this.reply(msg, 'ok', {});
        return;
      default:
        this.reply(msg, 'error', { reason: `unknown event "${msg.event}"` });
    }
  }

  private async join(msg: PhoenixMessage): Promise<void> {
    if (!msg.topic.startsWith('realtime:')) {
      this.reply(msg, 'error', { reason: 'Topic must start with "realtime:"' });
      return;
    }
    const limits = this.services.limits;
    if (limits.maxChannels > 0 && !this.channels.has(msg.topic) && this.channels.size >= limits.maxChannels) {
      this.reply(msg, 'error', { reason: 'ChannelRateLimitReached: Too many channels' });
      return;
    }
    const config = (msg.payload.config ?? {}) as Record<string, unknown>;
    const wanted = Array.isArray(config.postgres_changes) ? config.postgres_changes.length : 0;
    if (limits.maxBindings > 0 && wanted > 0) {
      let held = 0;
      for (const c of this.channels.values()) if (c.topic !== msg.topic) held += c.bindings.length;
      if (held + wanted > limits.maxBindings) {
        this.reply(msg, 'error', {
          reason: `ChannelRateLimitReached: Too many postgres_changes bindings on this connection (${held} held, ${wanted} asked, at most ${limits.maxBindings})`,
        });
        return;
      }
    }
    const old = this.channels.get(msg.topic);
    if (old) {
      this.leave(old);
      this.push(old, 'phx_close', {});
    }
    let claims = this.socketClaims;
    const token = msg.payload.access_token;
    if (token !== undefined && token !== null) {
      try {
        claims = await this.services.jwt.verify(String(token));
      } catch (e) {
        this.reply(msg, 'error', { reason: tokenProblem(e) });
        return;
      }
      if (this.closed) return;
    } else if (typeof claims.exp === 'number' && claims.exp * 1000 <= Date.now()) {
      this.reply(msg, 'error', { reason: 'Token has expired' });
      return;
    }
    const presence = (config.presence ?? {}) as Record<string, unknown>;
    const subTopic = msg.topic.slice('realtime:'.length);
    let policies: ChannelPolicies | null = null;
    if (config.private === true) {
      if (subTopic === '') {
        this.reply(msg, 'error', { reason: 'TopicNameRequired: You must provide a topic name' });
        return;
      }
      policies = await this.services.authorize(claims, subTopic, presence.enabled === true);
      if (this.closed) return;
      if (!policies.read && !policies.presence) {
        this.reply(msg, 'error', { reason: `Unauthorized: ${unauthorized(subTopic)}` });
        return;
      }
    }
    const resolved = await resolveBindings(this.services.capture, config.postgres_changes);
    if (this.closed) return;
    if ('error' in resolved) {
      this.reply(msg, 'error', { reason: resolved.error });
      return;
    }
    const ch = new JoinedChannel(this, msg.topic, msg.join_ref, resolved.bindings, claims);
    if (ch.bindings.length > 0) {
      // Its tables' changes are captured from now on, before the client hears it is subscribed.
      try {
        await this.services.capture.follow(ch, ch.bindings);
      } catch (e) {
        void this.services.capture.unfollow(ch).catch(() => {});
        console.error("[realtime] following a channel's tables failed:", (e as Error).message);
        this.reply(msg, 'error', { reason: UNABLE_TO_FOLLOW });
        return;
      }
      if (this.closed) {
        void this.services.capture.unfollow(ch).catch(() => {});
        return;
      }
    }
    const broadcast = (config.broadcast ?? {}) as Record<string, unknown>;
    ch.broadcastSelf = broadcast.self === true;
    ch.broadcastAck = broadcast.ack === true;
    ch.private = policies !== null;
    ch.token = token === undefined || token === null ? null : String(token);
    ch.policies = policies;
    ch.presenceEnabled = presence.enabled === true;
    this.channels.set(msg.topic, ch);
    let peers = this.services.topics.get(msg.topic);
    if (!peers) this.services.topics.set(msg.topic, (peers = new Set()));
    peers.add(ch);
    if (ch.bindings.length > 0) this.services.dispatcher.add(ch);
    this.scheduleExpiry(ch);
    this.reply(msg, 'ok', { postgres_changes: resolved.reply });
    if (ch.bindings.length > 0) {
      this.push(ch, 'system', {
        status: 'ok',
        message: 'Subscribed to PostgreSQL',
        extension: 'postgres_changes',
        channel: ch.name,
      });
    }
    if (presence.enabled === true) this.push(ch, 'presence_state', {});
  }

  private async updateToken(ch: JoinedChannel, msg: PhoenixMessage): Promise<void> {
    const token = msg.payload.access_token;
    try {
      if (typeof token !== 'string' || token === '') throw new JwtError('No JWT given', 'missing');
      // Like Supabase, the same token again changes nothing: no second policy check per repeat.
      if (ch.private && token === ch.token) return;
      const claims = await this.services.jwt.verify(token);
      if (ch.private && ch.policies) {
        // Like Supabase: the new token's rights are read again; one that lost a read right closes the channel.
        const before = ch.policies;
        const now = await this.services.authorize(claims, ch.name, ch.presenceEnabled);
        if (this.channels.get(ch.topic) !== ch) return;
        if ((before.read && !now.read) || (before.presence && !now.presence)) {
          this.shutDown(ch, `You no longer have permission to read from this Channel topic: ${ch.name}`);
          return;
        }
        ch.policies = now;
      }
      ch.token = token;
      ch.setClaims(claims);
    } catch (e) {
      this.reply(msg, 'error', { reason: tokenProblem(e) });
      this.shutDown(ch, tokenProblem(e));
      return;
    }
    this.scheduleExpiry(ch);
  }

  /**
   * One client message is copied to every peer of the topic: 100 paused peers and 1 MB messages stalled every
   * request for seconds and grew the process by 2 GB. So a payload is bounded, and what it costs (its size ×
   * its recipients) is taken from the socket's and the server's allowance for the second, or it is refused.
   */
  private broadcast(ch: JoinedChannel, msg: PhoenixMessage): void {
    const p = msg.payload;
    if (typeof p.event !== 'string') {
      this.reply(msg, 'error', { reason: 'broadcast needs an event' });
      return;
    }
    const payloadJson = JSON.stringify({ type: 'broadcast', event: p.event, payload: p.payload ?? {} });
    const limits = this.services.limits;
    if (limits.maxBroadcastBytes > 0 && payloadJson.length > limits.maxBroadcastBytes) {
      this.reply(msg, 'error', {
        reason: `PayloadTooLarge: the broadcast payload is ${payloadJson.length} bytes, at most ${limits.maxBroadcastBytes} are accepted`,
      });
      return;
    }
    if (ch.private && !ch.policies?.write) {
      // Supabase asks the INSERT policies of realtime.messages before a private channel's client may send.
      this.reply(msg, 'error', {
        reason: `Unauthorized: You do not have permissions to write to this Channel topic: ${ch.name}`,
      });
      return;
    }
    // Private and public channels of one name are distinct topics (as on Supabase).
    const peers = [...(this.services.topics.get(ch.topic) ?? [])].filter(
      (peer) =>
        (peer !== ch || ch.broadcastSelf) && peer.private === ch.private && (!peer.private || peer.policies?.read),
    );
    const cost = payloadJson.length * peers.length;
    if (!this.fanout.take(cost) || !this.services.fanout.take(cost)) {
      this.reply(msg, 'error', { reason: 'ClientBroadcastRateLimitReached: Too many broadcast bytes per second' });
      return;
    }
    for (const peer of peers) peer.session.pushRaw(peer, 'broadcast', payloadJson);
    if (ch.broadcastAck) this.reply(msg, 'ok', {});
  }

  private scheduleExpiry(ch: JoinedChannel): void {
    if (ch.expiryTimer) clearTimeout(ch.expiryTimer);
    ch.expiryTimer = null;
    if (ch.expiresAt === null) return;
    const wait = ch.expiresAt - Date.now();
    if (wait <= 0) {
      this.shutDown(ch, 'Token has expired');
      return;
    }
    ch.expiryTimer = setTimeout(() => this.scheduleExpiry(ch), Math.min(wait, MAX_TIMER_MS));
    ch.expiryTimer.unref();
  }

  /** Like Supabase: a system error message, then the server closes the channel. */
  private shutDown(ch: JoinedChannel, message: string): void {
    this.push(ch, 'system', { status: 'error', message, extension: 'system', channel: ch.name });
    this.push(ch, 'phx_close', {});
    this.leave(ch);
  }

  private leave(ch: JoinedChannel): void {
    if (ch.expiryTimer) clearTimeout(ch.expiryTimer);
    this.services.dispatcher.remove(ch);
    if (ch.bindings.length > 0) void this.services.capture.unfollow(ch).catch(() => {});
    const peers = this.services.topics.get(ch.topic);
    peers?.delete(ch);
    if (peers?.size === 0) this.services.topics.delete(ch.topic);
    if (this.channels.get(ch.topic) === ch) this.channels.delete(ch.topic);
  }

  private reply(msg: PhoenixMessage, status: 'ok' | 'error', response: Record<string, unknown>): void {
    const frame = { topic: msg.topic, event: 'phx_reply', ref: msg.ref, join_ref: msg.join_ref };
    this.sendText(encodeFrame(this.vsn, frame, JSON.stringify({ status, response })));
  }

  private push(ch: JoinedChannel, event: string, payload: Record<string, unknown>): void {
    this.pushRaw(ch, event, JSON.stringify(payload));
  }

  pushRaw(ch: JoinedChannel, event: string, payloadJson: string): void {
    this.sendText(encodeFrame(this.vsn, { topic: ch.topic, event, ref: null, join_ref: ch.joinRef }, payloadJson));
  }

  /** A client that cannot keep up is dropped rather than buffered without bound. */
  private sendText(text: string): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount + text.length > this.services.maxBufferedBytes) {
      this.ws.terminate();
      this.close();
      return;
    }
    this.ws.send(text);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const ch of [...this.channels.values()]) this.leave(ch);
  }
}
