import type { Db } from '../db/index.js';

// Columns GoTrue keeps on a session that bootstrap.sql does not have: how the session was
// authenticated (the amr claim, kept across refreshes) and when it was last refreshed.
const AUTH_SCHEMA_SQL = `
alter table auth.sessions add column if not exists amr jsonb not null default '[]'::jsonb;
alter table auth.sessions add column if not exists refreshed_at timestamptz;
`;

export function ensureAuthSchema(db: Db): Promise<void> {
  return db.exec(AUTH_SCHEMA_SQL);
}
