import net from 'node:net';

/** Status byte of DLE EOT 4 (paper roll sensor): fixed bits 1 and 4; bits 5-6 mean "paper end". */
const PAPER_OK = 0x12;
const PAPER_END = 0x72;

/**
 * A thermal printer on a loopback TCP port: it answers the paper-status query like an Epson does
 * and records every byte each connection sends.
 */
export class FakePrinter {
  readonly jobs: Buffer[] = [];
  paperOut = false;
  private server: net.Server | null = null;
  private sockets = new Set<net.Socket>();
  port = 0;

  async start(port = 0): Promise<this> {
    this.server = net.createServer((socket) => {
      this.sockets.add(socket);
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => {
        let data = chunk;
        // Answer each status query; keep everything else as the job's bytes.
        let i: number;
        while ((i = data.indexOf(Buffer.from([0x10, 0x04, 0x04]))) !== -1) {
          socket.write(Buffer.from([this.paperOut ? PAPER_END : PAPER_OK]));
          data = Buffer.concat([data.subarray(0, i), data.subarray(i + 3)]);
        }
        if (data.length) chunks.push(data);
      });
      socket.on('close', () => {
        this.sockets.delete(socket);
        const job = Buffer.concat(chunks);
        if (job.length) this.jobs.push(job);
      });
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this;
  }

  get url(): string {
    return `tcp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  /** Waits until `n` jobs have arrived. */
  async waitForJobs(n: number, timeoutMs = 10_000): Promise<Buffer[]> {
    const until = Date.now() + timeoutMs;
    while (this.jobs.length < n) {
      if (Date.now() > until) throw new Error(`expected ${n} print jobs, got ${this.jobs.length}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.jobs;
  }
}

/** A free loopback port nobody listens on (a printer that is switched off). */
export async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
