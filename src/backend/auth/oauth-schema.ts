import type { Db } from '../db/index.js';

// GoTrue's OAuth 2.1 server tables (its migrations 20250731…, 20250804…, 20250901…, 20250904…), in the auth schema
// that GoTrue owns on a hosted project, so they are made here like auth.flow_state (schema.ts), not by a migration
// of supabase/. Differences: redirect_uris and grant_types are arrays (GoTrue keeps comma-separated text), the
// client's auth method is a column, and only the SHA-256 of an authorization code is kept (GoTrue keeps the code).
// A session opened by an OAuth client carries its id (`oauth_client_id`, as GoTrue); removing the client ends them.
// An exchanged code stays a day as 'used', with the session it opened (a replay ends that session).
const OAUTH_SCHEMA_SQL = `
create table if not exists auth.oauth_clients (
  id uuid primary key,
  client_secret_hash text,
  registration_type text not null check (registration_type in ('dynamic', 'manual')),
  client_type text not null default 'confidential' check (client_type in ('public', 'confidential')),
  token_endpoint_auth_method text not null
    check (token_endpoint_auth_method in ('none', 'client_secret_basic', 'client_secret_post')),
  redirect_uris text[] not null,
  grant_types text[] not null,
  client_name text check (char_length(client_name) <= 1024),
  client_uri text check (char_length(client_uri) <= 2048),
  logo_uri text check (char_length(logo_uri) <= 2048),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((client_type = 'public') = (client_secret_hash is null))
);
create table if not exists auth.oauth_authorizations (
  id uuid primary key,
  authorization_id text not null unique,
  client_id uuid not null references auth.oauth_clients (id) on delete cascade,
  user_id uuid references auth.users (id) on delete cascade,
  redirect_uri text not null check (char_length(redirect_uri) <= 2048),
  scope text not null check (char_length(scope) <= 4096),
  state text check (char_length(state) <= 4096),
  code_challenge text not null check (char_length(code_challenge) <= 128),
  code_challenge_method text not null check (code_challenge_method in ('s256', 'plain')),
  status text not null default 'pending' check (status in ('pending', 'approved', 'denied', 'expired', 'used')),
  authorization_code text unique,
  session_id uuid,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  approved_at timestamptz
);
create index if not exists oauth_authorizations_expires_at_idx on auth.oauth_authorizations (expires_at);
create table if not exists auth.oauth_consents (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  client_id uuid not null references auth.oauth_clients (id) on delete cascade,
  scopes text not null check (char_length(scopes) <= 2048 and char_length(trim(scopes)) > 0),
  granted_at timestamptz not null default now(),
  revoked_at timestamptz,
  unique (user_id, client_id)
);
alter table auth.sessions add column if not exists oauth_client_id uuid references auth.oauth_clients (id) on delete cascade;
create index if not exists sessions_oauth_client_id_idx on auth.sessions (oauth_client_id);
`;

export function ensureOAuthSchema(db: Db): Promise<void> {
  return db.exec(OAUTH_SCHEMA_SQL);
}
