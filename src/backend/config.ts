import path from 'node:path';

/** Everything the embedded backend reads from the environment, parsed once. */
export interface BackendConfig {
  port: number;
  host: string;
  /** PGlite data directory; `null` keeps the database in memory (tests). */
  dataDir: string | null;
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
  /** Extra environment for Edge Functions and mail providers. */
  env: Record<string, string | undefined>;
}

function bool(v: string | undefined, fallback: boolean): boolean {
  if (v === undefined || v === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env, overrides: Partial<BackendConfig> = {}): BackendConfig {
  const cwd = process.cwd();
  const port = env.PORT !== undefined && env.PORT !== '' ? Number(env.PORT) : 54321;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
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
    env: { ...env },
    ...overrides,
  };
}

/**
 * The dev mailbox shows every account link the backend sends, so it is only served on a loopback
 * address unless MAILBOX=on asks for it explicitly (MAILBOX=off hides it everywhere).
 */
export function mailboxEnabled(config: Pick<BackendConfig, 'host' | 'env'>): boolean {
  const v = config.env.MAILBOX;
  if (v === 'off') return false;
  if (v === 'on') return true;
  return ['127.0.0.1', 'localhost', '::1'].includes(config.host);
}
