import { invalidRequest } from './errors.js';

/**
 * Image transformations as hosted Storage serves them (`/render/image/{public,authenticated,sign}/…`):
 * width and height (1–2500), `resize` cover (crop to fill, the default), contain (fit inside) or fill
 * (stretch), `quality` 20–100 (default 80) and `format` origin, avif or webp; with no format the
 * browser's Accept header picks AVIF, then WebP, else the original's. Done with sharp (libvips).
 */
export interface Transform {
  width?: number;
  height?: number;
  resize?: 'cover' | 'contain' | 'fill';
  quality?: number;
  format?: 'origin' | 'avif' | 'webp';
}

const MAX_SIDE = 2500;

/** The transformation a query or a signing body asks for, refused with a 400 naming the bad field. */
export function parseTransform(get: (key: string) => unknown): Transform {
  const t: Transform = {};
  const int = (key: 'width' | 'height' | 'quality', min: number, max: number, clamp: boolean) => {
    const raw = get(key);
    if (raw === undefined || raw === null || raw === '') return;
    const n = typeof raw === 'number' ? raw : /^\d{1,6}$/.test(String(raw)) ? Number(raw) : NaN;
    if (!Number.isInteger(n) || n < 0) throw invalidRequest(`${key} must be a whole number`);
    if (n === 0) return;
    if (!clamp && (n < min || n > max)) throw invalidRequest(`${key} must be between ${min} and ${max}`);
    t[key] = Math.min(Math.max(n, min), max);
  };
  int('width', 1, MAX_SIDE, true);
  int('height', 1, MAX_SIDE, true);
  int('quality', 20, 100, false);
  const resize = get('resize');
  if (resize !== undefined && resize !== null && resize !== '') {
    if (resize !== 'cover' && resize !== 'contain' && resize !== 'fill')
      throw invalidRequest('resize must be cover, contain or fill');
    t.resize = resize;
  }
  const format = get('format');
  if (format !== undefined && format !== null && format !== '') {
    if (format !== 'origin' && format !== 'avif' && format !== 'webp')
      throw invalidRequest('format must be origin, avif or webp');
    t.format = format;
  }
  return t;
}

/** The transformation as a signed token carries it, and back. */
export const transformToString = (t: Transform) =>
  Object.entries(t)
    .map(([k, v]) => `${k}:${v}`)
    .join(',');
export const transformFromString = (s: string): Transform => {
  const entries = new Map(s.split(',').map((p) => p.split(':') as [string, string]));
  return parseTransform((k) => entries.get(k));
};
