import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** How long the rest of an unparseable request is read and dropped before the socket is closed. */
export const LINGER_MS = 2000;

const ANSWERS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
};

/** The status line, headers and body answered to a request Node's parser refused with `code`. */
export function clientErrorAnswer(code: string | undefined): string {
  const [status, reason] = ANSWERS[code ?? ''] ?? [400, 'Bad Request'];
  const body = `${reason}\n`;
  return (
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
    `X-Content-Type-Options: nosniff\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

/**
 * A request Node's parser refuses (headers over 16 KiB, an address of 20,000 characters, a malformed line,
 * headers too slow) is answered 431/400/408 with a body, and the socket is closed cleanly.
 *
 * Node's own handler writes the answer and destroys the socket at once. The rest of the request (the headers
 * past the limit, the body) is then unread in the kernel, and closing a socket with unread bytes, or receiving
 * bytes after the close, makes the kernel reset the connection: the client's read fails with ECONNRESET and the
 * answer already on its way is lost. So our side is half-closed after the answer (FIN) and what the client
 * still sends is read and dropped until it closes its side, for `LINGER_MS` at most, as PostgREST's Warp does.
 *
 * Left to Node's way (destroyed at once): a connection the client already reset or that can no longer be
 * written, and one with a response in flight (a pipelined request after it: an answer written now would go
 * into the middle of that response).
 */
export function answerClientErrors(server: Server, lingerMs = LINGER_MS): void {
  // Node's parser keeps reading a refused connection (which drops what it reads) and reports each later chunk
  // as another error: the connection is answered once, then left to drain.
  const answered = new WeakSet<object>();
  server.on('clientError', (err: NodeJS.ErrnoException, duplex) => {
    const socket = duplex as Socket & { _httpMessage?: object | null };
    if (answered.has(socket)) return;
    if (err.code === 'ECONNRESET' || err.code === 'EPIPE' || !socket.writable || socket._httpMessage) {
      socket.destroy();
      return;
    }
    answered.add(socket);
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    socket.on('close', () => clearTimeout(timer));
    socket.on('error', () => socket.destroy());
    // What the client still sends is read and dropped; its own close ends the linger.
    socket.on('end', () => socket.destroy());
    socket.resume();
    socket.end(clientErrorAnswer(err.code));
  });
}
