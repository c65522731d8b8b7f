import fs from 'node:fs';
import path from 'node:path';

export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://kiosk`;
/** The admin is built with base /admin/, like on the web; the kiosk serves it at the same paths. */
export const ADMIN_ENTRY = `${APP_ORIGIN}/admin/dashboard`;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.webmanifest': 'application/manifest+json',
};

export function contentTypeOf(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Maps an app:// URL to a file of the built admin: `/admin/…` paths inside the renderer folder,
 * unknown routes to index.html (history fallback), anything outside the folder to null.
 */
export function resolveRendererFile(rendererDir: string, requestUrl: string): string | null {
  let pathname: string;
  try {
    const url = new URL(requestUrl);
    if (`${url.protocol}//${url.host}` !== APP_ORIGIN) return null;
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0') || pathname.length > 1024) return null;
  const rel = pathname.replace(/^\/admin(\/|$)/, '/');
  const root = path.resolve(rendererDir);
  const file = path.resolve(root, '.' + path.posix.normalize('/' + rel));
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  let st: fs.Stats | undefined;
  try {
    st = fs.statSync(file, { throwIfNoEntry: false });
  } catch {
    return null;
  }
  if (st?.isFile()) return file;
  if (path.extname(file) && path.extname(file) !== '.html') return null;
  return path.join(root, 'index.html');
}
