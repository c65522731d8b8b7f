/** Content-Security-Policy of the kiosk window: the app itself plus the configured Supabase project only. */
export function contentSecurityPolicy(supabaseUrl: string): string {
  const api = new URL(supabaseUrl);
  const ws = `${api.protocol === 'https:' ? 'wss:' : 'ws:'}//${api.host}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${api.origin}`,
    "font-src 'self' data:",
    "media-src 'self' data: blob:",
    `connect-src 'self' ${api.origin} ${ws}`,
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** Only the app's own pages may be shown inside the kiosk window. */
export function isAppUrl(url: string, appOrigin: string): boolean {
  try {
    // Compare scheme and host, not URL.origin: custom schemes such as app:// all have the origin "null".
    const u = new URL(url);
    const app = new URL(appOrigin);
    return u.protocol === app.protocol && u.host === app.host && u.host !== '';
  } catch {
    return false;
  }
}

/**
 * The https pages the admin links to, opened in the system's browser: directions to a customer's
 * address (src/admin/features/orders/order-format.ts). Anything else stays closed on the counter PC.
 */
export const EXTERNAL_HTTPS_PAGES: readonly { host: string; pathPrefix: string }[] = [
  { host: 'www.google.com', pathPrefix: '/maps' },
  { host: 'maps.google.com', pathPrefix: '/' },
];

/** Links that may be opened outside the kiosk, in the system's browser or dialer. */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const u = new URL(url);
    if (u.protocol === 'tel:' || u.protocol === 'mailto:') return true;
    if (u.protocol !== 'https:' || u.username || u.password || u.port) return false;
    return EXTERNAL_HTTPS_PAGES.some((p) => u.hostname === p.host && (u.pathname === p.pathPrefix || u.pathname.startsWith(p.pathPrefix.endsWith('/') ? p.pathPrefix : `${p.pathPrefix}/`)));
  } catch {
    return false;
  }
}
