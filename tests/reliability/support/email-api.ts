import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EmailRequest {
  key: string | undefined;
  to: string[];
}

/**
 * An e-mail HTTP API on loopback speaking Resend's protocol: like Resend, one idempotency key is one
 * e-mail however often it is posted. `onEmail` runs once the e-mail is stored, before the answer is sent.
 */
export async function startEmailApi(onEmail: (r: EmailRequest, delivered: number) => void = () => {}) {
  const requests: EmailRequest[] = [];
  const delivered = new Map<string, string[]>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const key = req.headers['idempotency-key'] as string | undefined;
      const to = (JSON.parse(raw) as { to: string[] }).to;
      const r = { key, to };
      requests.push(r);
      if (!key || !delivered.has(key)) delivered.set(key ?? `none-${requests.length}`, to);
      onEmail(r, delivered.size);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ id: `re_${key ?? requests.length}` }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    delivered,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
