import type { Db } from '../db/index.js';

// Columns GoTrue keeps on a session that bootstrap.sql does not have: how the session was
// authenticated (the amr claim, kept across refreshes) and when it was last refreshed; and the
// users' columns for the second link of a secure e-mail change and the reauthentication nonce.
const AUTH_SCHEMA_SQL = `
alter table auth.sessions add column if not exists amr jsonb not null default '[]'::jsonb;
alter table auth.sessions add column if not exists refreshed_at timestamptz;
alter table auth.users add column if not exists email_change_token_current varchar(255) default '';
alter table auth.users add column if not exists email_change_confirm_status smallint default 0;
alter table auth.users add column if not exists reauthentication_token varchar(255) default '';
alter table auth.users add column if not exists reauthentication_sent_at timestamptz;
`;

export function ensureAuthSchema(db: Db): Promise<void> {
  return db.exec(AUTH_SCHEMA_SQL);
}
