import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { answerClientErrors, clientErrorAnswer } from '../../../src/backend/client-errors.js';

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

async function serve(withAnswers: boolean): Promise<string> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('ok');
  });
  if (withAnswers) answerClientErrors(server);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Statuses of `n` requests with 20–38 kB of headers (over Node's 16 KiB), eight at a time; a reset is its code. */
async function oversized(url: string, n: number): Promise<Record<string, number>> {
  const seen: Record<string, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      let key: string;
      try {
        const res = await fetch(`${url}/rest/v1/menu_items`, {
          method: i % 2 ? 'POST' : 'GET',
          headers: { 'X-Filler': 'x'.repeat(20_000 + ((i * 997) % 18_000)), 'Content-Type': 'application/json' },
          body: i % 2 ? JSON.stringify({ note: 'y'.repeat(100_000) }) : undefined,
        });
        await res.arrayBuffer();
        key = String(res.status);
      } catch (e) {
        key = `reset ${(e as { cause?: { code?: string } }).cause?.code ?? (e as Error).message}`;
      }
      seen[key] = (seen[key] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return seen;
}

/** The raw bytes answered to `request` sent on a fresh connection, read until the server closes it. */
function raw(url: string, request: string): Promise<string> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const s = net.connect(Number(port), '127.0.0.1', () => s.write(request));
    s.on('data', (c) => chunks.push(c));
    s.on('error', reject);
    s.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    s.on('end', () => s.end());
  });
}

describe('requests Node cannot parse', () => {
  it('are answered 431 with a body, and no connection is reset, over 300 requests with 20–38 kB headers', async () => {
    const url = await serve(true);
    expect(await oversized(url, 300)).toEqual({ 431: 300 });
  }, 60_000);

  it('a malformed request line is answered 400 with a body, then the connection closes', async () => {
    const url = await serve(true);
    const answer = await raw(url, 'GET /rest/v1/menu_items HTTP/1.1 nonsense\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toContain('Connection: close');
    expect(answer.endsWith('\r\n\r\nBad Request\n')).toBe(true);
  });

  it('a request line of 20,000 characters is answered 431 while the rest of it still arrives', async () => {
    const url = await serve(true);
    const answer = await raw(
      url,
      `GET /rest/v1/${'x'.repeat(20_000)} HTTP/1.1\r\nHost: a\r\n${'X-A: b\r\n'.repeat(5000)}\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
  });

  it('a timeout is 408 and an unknown parse error 400', () => {
    expect(clientErrorAnswer('ERR_HTTP_REQUEST_TIMEOUT')).toMatch(/^HTTP\/1\.1 408 /);
    expect(clientErrorAnswer('HPE_INVALID_METHOD')).toMatch(/^HTTP\/1\.1 400 /);
  });
});

/**
 * Headers over the limit, then (once the answer is out) the rest of the request: what a client uploading a body
 * does. Resolves with the bytes read and the socket error, if any.
 */
function lateBody(url: string): Promise<{ answer: string; error: string | null }> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let error: string | null = null;
    const s = net.connect(Number(port), '127.0.0.1', () => {
      s.write(
        `POST /rest/v1/orders HTTP/1.1\r\nHost: a\r\nContent-Length: 2000000\r\nX-Filler: ${'x'.repeat(20_000)}\r\n\r\n`,
      );
    });
    s.once('data', () => {
      // The answer has arrived: the client, unaware, goes on sending its body, then closes its side.
      const body = Buffer.alloc(2_000_000, 'y');
      s.write(body, () => s.end());
    });
    s.on('data', (c) => chunks.push(c));
    s.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    s.on('close', () => resolve({ answer: Buffer.concat(chunks).toString('latin1'), error }));
  });
}

describe('a client still sending after the answer', () => {
  it('is read to its end and closed cleanly, without a reset', async () => {
    const url = await serve(true);
    for (let i = 0; i < 5; i++) {
      const r = await lateBody(url);
      expect(r.error).toBeNull();
      expect(r.answer).toMatch(/^HTTP\/1\.1 431 /);
    }
  }, 30_000);

  it("is reset by Node's own handler (the cause of the fuzz bench's resets)", async () => {
    const url = await serve(false);
    const r = await lateBody(url);
    expect(r.error).toMatch(/ECONNRESET|EPIPE/);
  }, 30_000);
});
