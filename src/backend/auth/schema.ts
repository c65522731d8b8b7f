import type { Db } from '../db/index.js';

// Columns GoTrue keeps on a session that bootstrap.sql does not have: how the session was
// authenticated (the amr claim, kept across refreshes) and when it was last refreshed; and the
// users' columns for the second link of a secure e-mail change and the reauthentication nonce; and
// whether a confirmation link keeps the password on the account (false for the link of a sign-up that
// came with another password while the address was unconfirmed: such a link confirms without a password).
// Two-factor sign-in: the session's assurance level and the factor that raised it (GoTrue's `aal`, `factor_id`),
// and the time step of the last TOTP code a factor accepted, so a code is never accepted twice (mfa.ts).
const AUTH_SCHEMA_SQL = `
alter table auth.sessions add column if not exists aal text not null default 'aal1';
alter table auth.sessions add column if not exists factor_id uuid;
alter table auth.mfa_factors add column if not exists last_used_step bigint;
alter table auth.sessions add column if not exists amr jsonb not null default '[]'::jsonb;
alter table auth.sessions add column if not exists refreshed_at timestamptz;
alter table auth.users add column if not exists email_change_token_current varchar(255) default '';
alter table auth.users add column if not exists email_change_confirm_status smallint default 0;
alter table auth.users add column if not exists reauthentication_token varchar(255) default '';
alter table auth.users add column if not exists reauthentication_sent_at timestamptz;
alter table auth.one_time_tokens add column if not exists keeps_password boolean not null default true;
`;

export function ensureAuthSchema(db: Db): Promise<void> {
  return db.exec(AUTH_SCHEMA_SQL);
}
