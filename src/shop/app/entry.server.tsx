import { PassThrough } from 'node:stream';
import type { EntryContext } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { ServerRouter } from 'react-router';
import { renderToPipeableStream } from 'react-dom/server';

/**
 * The build's render of each prerendered page: the whole page, every lazy part in place, in order (React would
 * otherwise move the large boundaries to the end of the page with an inline script to put them back).
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const errors: unknown[] = [];
    const { pipe } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        if (errors.length > 0) return reject(errors[0]);
        const body = new PassThrough();
        headers.set('Content-Type', 'text/html');
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
        pipe(body);
      },
      onShellError: reject,
      onError: (error) => void errors.push(error),
    });
  });
}
