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
 * address (directionsUrl in src/shared/domain/maps.ts). Anything else stays closed on the counter PC.
 */
export const EXTERNAL_HTTPS_PAGES: readonly { host: string; pathPrefix: string }[] = [
  { host: 'www.google.com', pathPrefix: '/maps' },
  { host: 'maps.google.com', pathPrefix: '/' },
];

const MAX_EXTERNAL_URL = 2000;
/** What a dialer receives: digits with an optional leading +, whatever separators the admin showed. */
const PHONE = /^\+?[0-9 ().-]{3,40}$/;
const PLAIN_ADDRESS = /^[A-Za-z0-9._+-]{1,64}@[A-Za-z0-9-]{1,63}(\.[A-Za-z0-9-]{1,63})+$/;

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * The form of a link that may be opened outside the kiosk, in the system's browser, dialer or mail
 * program, or null. tel: and mailto: are rebuilt from what was checked (a number, a plain address),
 * so no parameter, header, attachment or argument made of customer text reaches the operating system.
 */
export function safeExternalUrl(url: string): string | null {
  if (typeof url !== 'string' || url.length > MAX_EXTERNAL_URL) return null;
  const scheme = /^([a-z]+):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'tel') {
    const number = decoded(url.slice(4));
    if (number === null || !PHONE.test(number)) return null;
    const digits = number.replace(/[^0-9]/g, '');
    return digits.length >= 3 && digits.length <= 20 ? `tel:${number.startsWith('+') ? '+' : ''}${digits}` : null;
  }
  if (scheme === 'mailto') {
    const address = decoded(url.slice(7));
    return address !== null && PLAIN_ADDRESS.test(address) ? `mailto:${address}` : null;
  }
  try {
    const u = new URL(url);
    if (u.protocol !== 'https:' || u.username || u.password || u.port) return null;
    const allowed = EXTERNAL_HTTPS_PAGES.some(
      (p) =>
        u.hostname === p.host &&
        (u.pathname === p.pathPrefix ||
          u.pathname.startsWith(p.pathPrefix.endsWith('/') ? p.pathPrefix : `${p.pathPrefix}/`)),
    );
    return allowed ? u.href : null;
  } catch {
    return null;
  }
}

/** Links that may be opened outside the kiosk, in the system's browser or dialer. */
export function isSafeExternalUrl(url: string): boolean {
  return safeExternalUrl(url) !== null;
}

/** The part of Electron's webContents the navigation guard needs (replaced in tests). */
export interface GuardedContents {
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: { preventDefault(): void; url?: string }, url?: string) => void,
  ): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/**
 * Keeps every window of the kiosk on the app's own pages. A link clicked to a safe external page
 * (directions, tel:, mailto:) opens outside, in its checked form; a redirect never does.
 */
export function guardContents(contents: GuardedContents, appOrigin: string, openExternal: (url: string) => void): void {
  const urlOf = (event: { url?: string }, url?: string) => url ?? event.url ?? '';
  contents.on('will-navigate', (event, url) => {
    const target = urlOf(event, url);
    if (isAppUrl(target, appOrigin)) return;
    event.preventDefault();
    const external = safeExternalUrl(target);
    if (external) openExternal(external);
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(urlOf(event, url), appOrigin)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const external = safeExternalUrl(url);
    if (external) openExternal(external);
    return { action: 'deny' };
  });
}

/** The URL each webContents last loaded a document from: real navigations only, never history.pushState. */
export class DocumentUrls {
  private readonly urls = new WeakMap<object, string>();

  track(contents: { on(event: 'did-navigate', listener: (event: unknown, url: string) => void): unknown }): void {
    contents.on('did-navigate', (_event, url) => this.urls.set(contents, url));
  }

  of(contents: object | undefined): string | undefined {
    return contents ? this.urls.get(contents) : undefined;
  }
}
