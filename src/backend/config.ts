import path from 'node:path';

/** Everything the embedded backend reads from the environment, parsed once. */
export interface BackendConfig {
  port: number;
  host: string;
  /** PGlite data directory; `null` keeps the database in memory (tests). */
  dataDir: string | null;
  /**
   * In memory only: a PGlite data-directory archive (from `dumpDataDir`) the database starts from instead of an
   * empty cluster. The tests start from one already migrated and seeded; never read from the environment.
   */
  pgliteArchive?: string | null;
  databaseUrl: string | null;
  /** HS256 secret; when null it is generated on first start and kept in the data directory. */
  jwtSecret: string | null;
  supabaseDir: string;
  /** Public URL the backend is reached at (links in e-mails, runtime config of the SPAs). */
  siteUrl: string | null;
  authAutoconfirm: boolean;
  /** Access-token lifetime in seconds (Supabase default 3600). */
  jwtExpiry: number;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number;
  /** Folder holding the built SPAs (`shop/` and `admin/`). */
  distDir: string;
  /** Behind a reverse proxy that sets `x-forwarded-for` (TRUST_PROXY=true): take the client address from it. */
  trustProxy: boolean;
  /**
   * Host names the server answers to besides loopback, SITE_URL's host and, when it listens on every
   * interface, the machine's own addresses (ALLOWED_HOSTS, comma-separated): any other Host header is
   * refused, which stops DNS rebinding.
   */
  allowedHosts: string[];
  /** Extra environment for Edge Functions and mail providers. */
  env: Record<string, string | undefined>;
}

function bool(v: string | undefined, fallback: boolean): boolean {
  if (v === undefined || v === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}

export function configFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<BackendConfig> = {},
): BackendConfig {
  const cwd = process.cwd();
  const port = env.PORT !== undefined && env.PORT !== '' ? Number(env.PORT) : 54321;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR === 'memory' ? null : path.resolve(cwd, env.DATA_DIR || '.data'),
    databaseUrl: env.DATABASE_URL || null,
    jwtSecret: env.JWT_SECRET || null,
    supabaseDir: path.resolve(cwd, env.SUPABASE_DIR || 'supabase'),
    siteUrl: env.SITE_URL || null,
    authAutoconfirm: bool(env.AUTH_AUTOCONFIRM, false),
    jwtExpiry: env.JWT_EXPIRY ? Number(env.JWT_EXPIRY) : 3600,
    maxBodyBytes: env.MAX_BODY_BYTES ? Number(env.MAX_BODY_BYTES) : 1024 * 1024,
    distDir: path.resolve(cwd, env.DIST_DIR || 'dist'),
    trustProxy: bool(env.TRUST_PROXY, false),
    allowedHosts: (env.ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    env: { ...env },
    ...overrides,
  };
}

/** A host name or address that only ever means this machine: localhost, 127.0.0.0/8, ::1. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || /^::ffff:127(\.\d{1,3}){3}$/.test(h);
}

/** Why the dev mailbox is off, or null when it is on. */
export function mailboxOffReason(config: Pick<BackendConfig, 'host' | 'env' | 'siteUrl'>): string | null {
  const v = config.env.MAILBOX;
  if (v === 'off') return 'MAILBOX=off';
  if (config.siteUrl) {
    let siteHost: string;
    try {
      siteHost = new URL(config.siteUrl).hostname;
    } catch {
      return 'SITE_URL is not a URL';
    }
    // Behind a reverse proxy on the same machine HOST is loopback, yet the public reaches the backend:
    // the public address decides, and MAILBOX=on does not override it.
    if (!isLoopbackHost(siteHost)) return 'SITE_URL is not a loopback address';
  }
  if (v === 'on') return null;
  return isLoopbackHost(config.host) ? null : 'HOST is not a loopback address (MAILBOX=on turns it on)';
}

/**
 * The dev mailbox shows every account link the backend sends. It is served only when the backend is
 * reached on loopback: never when SITE_URL names a public host (not even with MAILBOX=on), and beyond
 * a loopback HOST only with MAILBOX=on (a LAN test, SITE_URL unset or loopback). It always needs its key.
 */
export function mailboxEnabled(config: Pick<BackendConfig, 'host' | 'env' | 'siteUrl'>): boolean {
  return mailboxOffReason(config) === null;
}
