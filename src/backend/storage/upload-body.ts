import type { IncomingMessage } from 'node:http';
import { readBody } from '../http.js';
import { DEFAULT_MIME } from './context.js';
import { entityTooLarge, invalidRequest } from './errors.js';

/** Room for the multipart envelope around a file at the size limit. */
const MULTIPART_OVERHEAD = 64 * 1024;

export interface Upload {
  data: Buffer;
  mimetype: string;
  cacheControl: string;
  userMetadata: unknown;
}

export function parseUserMetadata(v: unknown): unknown {
  if (typeof v !== 'string' || v === '') return null;
  if (v.length > 8192) throw invalidRequest('metadata is larger than 8 KiB');
  try {
    return JSON.parse(v);
  } catch {
    throw invalidRequest('metadata must be JSON');
  }
}

export async function readUpload(req: IncomingMessage, limit: number): Promise<Upload> {
  const type = typeof req.headers['content-type'] === 'string' ? req.headers['content-type'] : '';
  if (type.toLowerCase().startsWith('multipart/form-data')) {
    const raw = await readBody(req, limit + MULTIPART_OVERHEAD, () => entityTooLarge());
    let form: FormData;
    try {
      form = await new Request('http://storage.local/', {
        method: 'POST',
        headers: { 'content-type': type },
        body: new Uint8Array(raw),
      }).formData();
    } catch {
      throw invalidRequest('The multipart body could not be read');
    }
    const file = form.get('') ?? [...form.values()].find((v) => typeof v !== 'string');
    if (!file || typeof file === 'string') throw invalidRequest('No file in the multipart body');
    const cache = form.get('cacheControl');
    return {
      data: Buffer.from(await file.arrayBuffer()),
      mimetype: file.type || DEFAULT_MIME,
      cacheControl: typeof cache === 'string' && /^\d{1,10}$/.test(cache) ? `max-age=${cache}` : 'no-cache',
      userMetadata: parseUserMetadata(form.get('metadata')),
    };
  }
  const cache = req.headers['cache-control'];
  const meta = req.headers['x-metadata'];
  return {
    data: await readBody(req, limit, () => entityTooLarge()),
    mimetype: type || DEFAULT_MIME,
    cacheControl: typeof cache === 'string' && /^[\w\-=, ]{1,100}$/.test(cache) ? cache : 'no-cache',
    userMetadata: typeof meta === 'string' ? parseUserMetadata(Buffer.from(meta, 'base64').toString('utf8')) : null,
  };
}
