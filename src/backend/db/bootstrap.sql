-- What a new Supabase project has before its own migrations run: the API roles, the auth
-- schema with its helper functions, default grants on public, and the realtime publication.
-- Idempotent; roles are cluster-wide on PostgreSQL, so concurrent databases may race for them.

do $$
declare r text;
begin
  foreach r in array array['anon', 'authenticated', 'service_role'] loop
    begin
      if not exists (select 1 from pg_roles where rolname = r) then
        execute format('create role %I nologin noinherit', r);
      end if;
    exception when duplicate_object or unique_violation then null;
    end;
  end loop;
  begin
    alter role service_role bypassrls;
  exception when others then null;
  end;
  begin
    execute format('grant anon, authenticated, service_role to %I', current_user);
  exception when others then null;
  end;
  -- Supabase's statement timeouts for the API roles; the REST layer applies them per request.
  begin
    alter role anon set statement_timeout = '3s';
    alter role authenticated set statement_timeout = '8s';
  exception when others then null;
  end;
end $$;

create schema if not exists auth;
create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255) default 'authenticated',
  role varchar(255) default 'authenticated',
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change varchar(255),
  email_change_token_new varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  is_super_admin boolean,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  phone text default null,
  phone_confirmed_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_key on auth.users (lower(email)) where email is not null;
create unique index if not exists users_phone_key on auth.users (phone) where phone is not null;

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  not_after timestamptz,
  user_agent text,
  ip text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent varchar(255),
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_idx on auth.refresh_tokens (session_id);

create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null check (token_type in ('confirmation', 'recovery')),
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

-- GoTrue's MFA tables (a hosted project has them): TOTP and WebAuthn factors, their challenges, and the methods each
-- session was authenticated with. Here before the migrations because public.mfa_satisfied() reads them.
create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null check (factor_type in ('totp', 'phone', 'webauthn')),
  status text not null check (status in ('unverified', 'verified')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  secret text,
  last_challenged_at timestamptz
);
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create unique index if not exists mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id)
  where trim(friendly_name) <> '';

create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  verified_at timestamptz,
  ip_address inet not null
);
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);
-- WebAuthn factors, with GoTrue's column names: the registered key (public key, signature counter, transports,
-- relying party) and its authenticator model on the factor; what a challenge's answer is checked against on the
-- challenge (src/backend/auth/webauthn.ts). Added to tables that may predate them.
alter table auth.mfa_factors add column if not exists web_authn_credential jsonb;
alter table auth.mfa_factors add column if not exists web_authn_aaguid uuid;
alter table auth.mfa_challenges add column if not exists web_authn_session_data jsonb;
-- One key, one factor: a security key registered by one account cannot be registered by another.
create unique index if not exists mfa_factors_web_authn_credential_id on auth.mfa_factors ((web_authn_credential ->> 'id'))
  where web_authn_credential is not null;

create table if not exists auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  authentication_method text not null,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

grant usage on schema auth to anon, authenticated, service_role;
grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email() to anon, authenticated, service_role;
grant all on all tables in schema auth to service_role;
grant usage on schema extensions to anon, authenticated, service_role;

grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end $$;

create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  statements text[],
  applied_at timestamptz not null default now()
);

-- Messages captured by the `outbox` mail provider and shown on the dev mailbox page.
-- Not in an exposed schema: only the backend itself reads it.
create schema if not exists _mailbox;
revoke all on schema _mailbox from public;
create table if not exists _mailbox.messages (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('email', 'sms')),
  recipients text[] not null,
  subject text,
  html text,
  body text,
  sender text,
  -- Same key twice is one message: lets a dispatcher retry after a crash without sending twice.
  idempotency_key text unique,
  created_at timestamptz not null default now()
);
-- Arrival order: two messages can carry the same created_at (the clock's resolution), so "newest
-- first" sorts on this sequence.
alter table _mailbox.messages add column if not exists seq bigserial;

-- Realtime, as a new Supabase project has it: Broadcast from the database and the policies that
-- authorise private channels. `realtime.send` stores a message in `realtime.messages`; the server
-- delivers it after commit to the sockets joined to its topic (a rolled-back transaction sends
-- nothing). A private channel is joined only when a select on `realtime.messages`, run as the
-- joining token's role and claims with `realtime.topic()` set to the topic, sees the message the
-- server puts there for the check. RLS is on and there is no policy: nobody may join a private
-- channel until a migration says who. Hosted Supabase partitions the table by day; here it is one
-- table and the server deletes messages older than three days.
create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
create index if not exists messages_inserted_at_idx on realtime.messages (inserted_at);
create index if not exists messages_topic_idx on realtime.messages (topic);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated;
grant all on realtime.messages to service_role;

create or replace function realtime.topic() returns text language sql stable as $$
  select nullif(current_setting('realtime.topic', true), '')::text
$$;

create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void language plpgsql as $$
declare
  generated_id uuid;
  final_payload jsonb;
begin
  begin
    -- As hosted Supabase today: the message's id also goes in the payload, unless it has one.
    generated_id := gen_random_uuid();
    if payload ? 'id' then
      final_payload := payload;
    else
      final_payload := jsonb_set(payload, '{id}', to_jsonb(generated_id));
    end if;
    perform pg_catalog.set_config('realtime.topic', topic, true);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (generated_id, final_payload, event, topic, private, 'broadcast');
  exception when others then
    raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
  end;
end $$;

create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW'
) returns void language plpgsql as $$
declare
  row_data jsonb := '{}'::jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation = 'INSERT' or operation = 'UPDATE' or operation = 'DELETE' then
    row_data := jsonb_build_object('old_record', old, 'record', new, 'operation', operation,
      'table', table_name, 'schema', table_schema);
    perform realtime.send(row_data, event_name, topic_name);
  else
    raise exception 'Unexpected operation type: %', operation;
  end if;
exception when others then
  raise exception 'Failed to process the row: %', sqlerrm;
end $$;

grant execute on function realtime.topic() to anon, authenticated, service_role;
