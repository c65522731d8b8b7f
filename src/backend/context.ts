import type { BackendConfig } from './config.js';
import type { Db } from './db/index.js';
import type { JwtKeys } from './jwt.js';
import type { Mailer } from './mail/types.js';

/** What every part of the embedded backend is given when the server starts. */
export interface BackendContext {
  config: BackendConfig;
  db: Db;
  jwt: JwtKeys;
  mailer: Mailer;
  /** Base URL the backend is reached at, e.g. http://127.0.0.1:54321 (no trailing slash). */
  publicUrl: string;
}
