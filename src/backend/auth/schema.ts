import type { Db } from '../db/index.js';

// Columns GoTrue keeps on a session that bootstrap.sql does not have: how the session was
// authenticated (the amr claim, kept across refreshes) and when it was last refreshed; and the
// users' columns for the second link of a secure e-mail change and the reauthentication nonce; and
// whether a confirmation link keeps the password on the account (false for the link of a sign-up that
// came with another password while the address was unconfirmed: such a link confirms without a password).
// Two-factor sign-in: the session's assurance level and the factor that raised it (GoTrue's `aal`, `factor_id`),
// and the time step of the last TOTP code a factor accepted, so a code is never accepted twice (mfa.ts).
// Phone change by SMS code: the number being added and its code's hash (phone.ts). PKCE: GoTrue's flow_state, the
// code challenge a sign-in link is bound to (pkce.ts), and the link token's flow.
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
alter table auth.users add column if not exists phone_change text default '';
alter table auth.users add column if not exists phone_change_token varchar(255) default '';
alter table auth.users add column if not exists phone_change_sent_at timestamptz;
create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid references auth.users (id) on delete cascade,
  auth_code text not null,
  code_challenge_method text not null check (code_challenge_method in ('s256', 'plain')),
  code_challenge text not null,
  provider_type text not null default 'magiclink',
  authentication_method text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  auth_code_issued_at timestamptz
);
create index if not exists flow_state_auth_code_idx on auth.flow_state (auth_code);
alter table auth.one_time_tokens add column if not exists flow_state_id uuid references auth.flow_state (id) on delete cascade;
`;

export function ensureAuthSchema(db: Db): Promise<void> {
  return db.exec(AUTH_SCHEMA_SQL);
}
