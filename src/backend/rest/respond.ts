import type { ServerResponse } from 'node:http';
import { CORS_HEADERS } from '../http.js';
import { RestError, singleObjectError } from './errors.js';
import type { Accepted } from './preferences.js';
import type { PostgrestVersion } from './settings.js';

export interface Outcome {
  status: number;
  /** Raw JSON (or CSV) text; null sends no body. */
  body: string | null;
  headers: Record<string, string>;
  contentType?: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';

// A Content-Length lets Node send headers and body in one write instead of a chunked stream.
export function send(res: ServerResponse, o: Outcome, head: boolean): void {
  const headers: Record<string, string | number> = { ...CORS_HEADERS, ...o.headers };
  if (o.body !== null) {
    headers['Content-Type'] = o.contentType ?? JSON_TYPE;
    headers['Content-Length'] = Buffer.byteLength(o.body);
  }
  res.writeHead(o.status, headers);
  res.end(head || o.body === null ? undefined : o.body);
}

export function sendError(res: ServerResponse, e: RestError): void {
  const body = JSON.stringify(e.body());
  res.writeHead(e.status, {
    ...CORS_HEADERS,
    ...e.headers,
    'Content-Type': JSON_TYPE,
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

/** Content-Range: `0-9/42`; a star for the range when there are no rows, and for the total when none was asked for. */
export function contentRange(offset: number, rows: number, total: number | null): string {
  const range = rows > 0 && total !== 0 ? `${offset}-${offset + rows - 1}` : '*';
  return `${range}/${total ?? '*'}`;
}

/** The aggregated JSON array shaped for the media type the client accepted. */
export function shapeBody(
  arrayText: string,
  rows: number,
  media: Accepted,
  version?: PostgrestVersion,
): { body: string; contentType?: string } {
  if (media.type === 'object') {
    if (rows !== 1) throw singleObjectError(rows, version);
    return { body: arrayText.slice(1, -1), contentType: 'application/vnd.pgrst.object+json; charset=utf-8' };
  }
  if (media.type === 'csv') return { body: arrayText, contentType: 'text/csv; charset=utf-8' };
  return { body: arrayText };
}
