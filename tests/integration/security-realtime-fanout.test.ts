import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { waitFor } from '../fixtures/realtime-supabase/helpers.js';

/**
 * A stranger's broadcast is copied to every socket joined to its topic. Before these bounds, 200 sockets that joined a
 * topic and stopped reading, and one sender of 900 kB messages (10 every 100 ms), held a visitor's read for 6 s and
 * grew the server by 2 GB (security review, round three).
 */

interface Frame {
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  ref: string | null;
}

class Peer {
  readonly frames: Frame[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.frames.push(JSON.parse(String(data)) as Frame));
  }

  static open(b: TestBackend, localAddress: string): Promise<Peer> {
    const ws = new WebSocket(`${b.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${b.anonKey}&vsn=1.0.0`, {
      localAddress,
    });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new Peer(ws)));
      ws.once('error', reject);
    });
  }

  send(frame: Omit<Frame, 'ref'> & { ref: string }): void {
    this.ws.send(JSON.stringify({ join_ref: '1', ...frame }));
  }

  async join(topic: string): Promise<void> {
    this.send({ topic: `realtime:${topic}`, event: 'phx_join', payload: { config: {} }, ref: '1' });
    await this.reply('1');
  }

  async reply(ref: string): Promise<{ status: string; response: Record<string, unknown> }> {
    let found: { status: string; response: Record<string, unknown> } | undefined;
    await waitFor(
      () => {
        const f = this.frames.find((m) => m.event === 'phx_reply' && m.ref === ref);
        found = f?.payload as typeof found;
        return !!f;
      },
      10_000,
      `the reply to ${ref}`,
    );
    return found!;
  }

  broadcast(topic: string, ref: string, payload: unknown): void {
    this.send({
      topic: `realtime:${topic}`,
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'e', payload },
      ref,
    });
  }
}

describe.each(testDatabases())('client broadcasts on %s', (kind) => {
  let b: TestBackend;

  beforeAll(async () => {
    b = await startTestBackend(kind);
  }, 120_000);

  afterAll(async () => {
    await b?.close();
  });

  it('refuses a broadcast payload over 256 KB, with the reason, and delivers nothing of it', async () => {
    const sender = await Peer.open(b, '127.0.3.1');
    const listener = await Peer.open(b, '127.0.3.2');
    try {
      await listener.join('big');
      await sender.join('big');
      sender.broadcast('big', '2', { text: 'x'.repeat(300_000) });
      const reply = await sender.reply('2');
      expect(reply.status).toBe('error');
      expect(String(reply.response.reason)).toMatch(/^PayloadTooLarge: the broadcast payload is \d+ bytes/);
      sender.broadcast('big', '3', { text: 'still fine' });
      await waitFor(() => listener.frames.some((f) => f.event === 'broadcast'), 5000, 'the small broadcast');
      expect(listener.frames.filter((f) => f.event === 'broadcast')).toHaveLength(1);
    } finally {
      sender.ws.terminate();
      listener.ws.terminate();
    }
  }, 30_000);

  it('bounds what one sender costs (size × recipients): paused peers and big messages do not hold a visitor back', async () => {
    // 120 sockets from 40 addresses join one topic and stop reading, as a botnet would.
    const peers = await Promise.all(
      Array.from({ length: 120 }, (_, i) => Peer.open(b, `127.0.${10 + (i % 40)}.${1 + Math.floor(i / 40)}`)),
    );
    const sender = await Peer.open(b, '127.0.9.9');
    try {
      await Promise.all(peers.map((p) => p.join('flood')));
      for (const p of peers) (p.ws as unknown as { _socket: { pause(): void } })._socket.pause();
      await sender.join('flood');
      const payload = { text: 'x'.repeat(200_000) };
      // 40 messages of 200 kB to 120 peers: 960 MB to copy and buffer if nothing bounded it.
      for (let i = 0; i < 40; i++) sender.broadcast('flood', `b${i}`, payload);
      const refusal = await sender.reply('b39');
      expect(refusal).toEqual({
        status: 'error',
        response: { reason: 'ClientBroadcastRateLimitReached: Too many broadcast bytes per second' },
      });

      const started = Date.now();
      const read = await fetch(`${b.url}/rest/v1/menu_items?select=id&limit=1`, { headers: { apikey: b.anonKey } });
      expect(read.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(1500);

      // Within the second, the socket's allowance (4 MiB) let at most one such message through to all 120.
      const refused = sender.frames.filter((f) => f.event === 'phx_reply' && f.payload.status === 'error').length;
      expect(refused).toBeGreaterThanOrEqual(38);
    } finally {
      sender.ws.terminate();
      for (const p of peers) p.ws.terminate();
    }
  }, 60_000);
});
