-- Helpers every other migration uses: who is calling (admin, verified e-mail, client address), the
-- refusal format of the API, text cleaning, and the product rate limits.
--
-- Refusals are raised as SQLSTATE P0001 with message = the French text shown to the customer,
-- detail = a stable code (e.g. minimum_not_met) and hint = the toast title. PostgREST (and the
-- embedded REST layer) answer 400 with {code, message, details, hint}.

-- Two-factor sign-in (Supabase's recommended rule): a user who has a verified second factor (TOTP) must
-- have passed it in this session, aal2 in the JWT; a user without one is satisfied at aal1. A definer,
-- because the API roles do not read auth.mfa_factors; it says only whether the caller's own token is enough.
-- Owners and managers who have not enrolled yet are shown a banner in the back office (docs/DATABASE.md).
create function public.mfa_satisfied() returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
      or not exists (select 1 from auth.mfa_factors f where f.user_id = auth.uid() and f.status = 'verified')
$$;

-- The back office's roles, from app_metadata.role in the JWT (writable only with the service role;
-- user_metadata is writable by the user and is never consulted): 'owner' (everything), 'manager'
-- (everything but the staff accounts and the restaurant's legal identity), 'staff' (the counter: orders of
-- the day, acceptance, statuses, printing, reservations, open/closed and busy mode). 'admin', the role of
-- the accounts made before there were roles, is the owner. Null for customers and anon.
create function public.staff_role() returns text
language sql stable set search_path = ''
as $$
  select case auth.jwt() -> 'app_metadata' ->> 'role'
    when 'admin' then 'owner' when 'owner' then 'owner' when 'manager' then 'manager' when 'staff' then 'staff'
  end
$$;

-- Whether the caller's token still has its session (as require_live_session below): a disabled or removed
-- back-office account's tokens stop opening anything at once, not when they expire. A token without session_id
-- (the service role, tokens minted with the project's secret) has no session to end. A definer: the API roles do
-- not read auth.sessions.
create function public.session_is_live() returns boolean
language sql stable security definer set search_path = ''
as $$
  select auth.jwt() ->> 'session_id' is null or exists (
    select 1 from auth.sessions s
     where s.id::text = auth.jwt() ->> 'session_id' and s.user_id = auth.uid()
       and (s.not_after is null or s.not_after > now()))
$$;

-- The one rule every policy and RPC asks: may the caller act at level p_level ('staff' < 'manager' <
-- 'owner')? A rule on how the caller signed in belongs here too, so that every check follows it.
create function public.staff_allowed(p_level text) returns boolean
language sql stable set search_path = ''
as $$
  select coalesce(array_position(array['staff', 'manager', 'owner'], public.staff_role())
                  >= array_position(array['staff', 'manager', 'owner'], p_level), false)
     and public.mfa_satisfied()
     and public.session_is_live()
$$;

-- Refuses (42501) a caller below p_level; the service role passes.
create function public.require_staff(p_level text) returns void
language plpgsql stable set search_path = ''
as $$
begin
  if public.staff_allowed(p_level) or coalesce(auth.role(), '') = 'service_role' then
    return;
  end if;
  if public.staff_role() is null then
    raise exception using errcode = '42501', message = 'Accès réservé aux administrateurs.', detail = 'admin_only';
  end if;
  if not public.mfa_satisfied() then
    raise exception using errcode = '42501', detail = 'aal2_required',
      message = 'Entrez le code de votre application d''authentification pour cette action.';
  end if;
  raise exception using errcode = '42501', detail = 'role_not_allowed',
    message = 'Accès réservé à un rôle plus élevé (gérant ou propriétaire).';
end $$;

-- Any back-office account (staff and above): the counter's level.
create function public.is_admin() returns boolean
language sql stable set search_path = ''
as $$
  select public.staff_allowed('staff')
$$;

create function public.require_admin() returns void
language plpgsql stable set search_path = ''
as $$
begin
  perform public.require_staff('staff');
end $$;

-- The e-mail of the signed-in user, only once they proved they own it. Read from auth.users
-- (not the JWT) so an unconfirmed or changed address never matches someone else's orders.
create function public.verified_email() returns text
language sql stable security definer set search_path = ''
as $$
  select lower(u.email) from auth.users u
   where u.id = auth.uid() and u.email_confirmed_at is not null and u.email is not null
$$;

-- The session of the caller's token still exists, as Auth checks on /user: after a sign-out (or a password
-- change on another device, or a stolen refresh token caught) the access token stays a valid JWT until it
-- expires, but its session_id is gone from auth.sessions. A token without session_id (the service role,
-- tokens minted with the project's secret) has no session to end. A definer, because the API roles do not read
-- auth.sessions; every entry point that reads a customer's personal data calls it (my_orders, require_customer).
create function public.require_live_session() returns void
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_session text := auth.jwt() ->> 'session_id';
begin
  if v_session is not null and not exists (
    select 1 from auth.sessions s
     where s.id::text = v_session and s.user_id = auth.uid() and (s.not_after is null or s.not_after > now())
  ) then
    raise exception using errcode = '42501', detail = 'session_ended', hint = 'Session terminée',
      message = 'Votre session a pris fin. Reconnectez-vous pour gérer les données de votre compte.';
  end if;
end $$;

create function public.touch_updated_at() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end $$;

-- An admin may not move a public row's identity or time either.
create function public.keep_row_identity() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.id := old.id;
  new.created_at := old.created_at;
  return new;
end $$;

-- refuse() raises the order rules' errors. Only SECURITY DEFINER entry points and admin-only functions
-- call it, so the anon key has no use for it (it would let anyone get back an error with any text they
-- chose, in the restaurant's own format). Signed-in callers keep it (admin functions raise through it).
create function public.refuse(p_code text, p_title text, p_message text) returns void
language plpgsql set search_path = ''
as $$
begin
  raise exception using errcode = 'P0001', message = p_message, detail = p_code, hint = p_title;
end $$;

create function public.refuse_too_long(p_field text, p_max integer) returns void
language plpgsql set search_path = ''
as $$
begin
  perform public.refuse('field_too_long', 'Information trop longue',
    format('%s ne peut pas dépasser %s caractères.', p_field, p_max));
end $$;

-- A JSON string or number as trimmed text; null for anything else or an empty string.
create function public.json_text(p_value jsonb) returns text
language plpgsql immutable set search_path = ''
as $$
begin
  return case when jsonb_typeof(p_value) in ('string', 'number') then nullif(btrim(p_value #>> '{}'), '') end;
end $$;

create function public.euros(p_amount numeric) returns text
language sql immutable set search_path = ''
as $$
  select replace(to_char(p_amount, 'FM999999990.00'), '.', ',') || '€'
$$;

-- Customer text without control characters: C0, DEL, C1 and the bidirectional overrides. A one-line
-- field turns tabs and line breaks into spaces; notes keep their line breaks.
create function public.clean_text(p_text text, p_multiline boolean default false) returns text
language plpgsql immutable set search_path = ''
as $$
begin
  return case when p_multiline
    then regexp_replace(regexp_replace(replace(replace(p_text, E'\r\n', E'\n'), E'\r', E'\n'), E'\t', ' ', 'g'),
                        '[\x01-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')
    else regexp_replace(regexp_replace(p_text, '[\x09-\x0d]', ' ', 'g'),
                        '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')
  end;
end $$;

-- The comparable form of a phone number: its digits, without 00 or the Luxembourg prefix 352.
create function public.phone_key(p_phone text) returns text
language plpgsql immutable set search_path = ''
as $$
declare
  d text := regexp_replace(regexp_replace(coalesce(p_phone, ''), '\D', '', 'g'), '^00', '');
begin
  return case when d like '352%' and length(d) >= 11 then substr(d, 4) else d end;
end $$;

-- The contact fields every form checks (src/shared/domain/contact-fields.ts). The shop checks a phone number
-- with libphonenumber-js and sends it in E.164; the database cannot run the library and checks the shape: a +,
-- a country code and 8 to 15 digits in all, after dropping spaces, dots, dashes, slashes and parentheses and
-- reading a leading 00 as +. Returns the number as it is stored ('+352691123456'), null when it is not one.
create function public.e164_phone(p_phone text) returns text
language plpgsql immutable set search_path = ''
as $$
declare
  v text := regexp_replace(regexp_replace(coalesce(p_phone, ''), '[[:space:].()/-]', '', 'g'), '^00', '+');
begin
  return case when v ~ '^\+[1-9][0-9]{7,14}$' then v end;
end $$;

-- A person's name has at least two letters of any alphabet (« x », « 😀🍗🔥 », « 12 » are not names).
create function public.is_person_name(p_name text) returns boolean
language plpgsql immutable set search_path = ''
as $$
begin
  return length(regexp_replace(coalesce(p_name, ''), '[^[:alpha:]]', '', 'g')) >= 2;
end $$;

-- Refuses a name without two letters (invalid_name) or a phone that is not E.164 (invalid_phone); returns the
-- phone as stored. A null phone passes (the challenge's phone is optional; required fields are checked before).
create function public.checked_contact(p_name text, p_phone text) returns text
language plpgsql set search_path = ''
as $$
begin
  if not public.is_person_name(p_name) then
    perform public.refuse('invalid_name', 'Nom invalide', 'Veuillez entrer votre nom (au moins 2 lettres).');
  end if;
  if nullif(btrim(p_phone), '') is not null and public.e164_phone(p_phone) is null then
    perform public.refuse('invalid_phone', 'Téléphone invalide',
      'Veuillez entrer un numéro de téléphone valide, par exemple 691 123 456 ou +33 6 12 34 56 78.');
  end if;
  return public.e164_phone(p_phone);
end $$;

-- Product rate limits, keyed by the client address and refused as PT429 (HTTP 429).
--
-- The client address: on hosted Supabase the first entry of x-forwarded-for is whatever the client
-- sent (the gateway appends the real address after it). Cloudflare, in front of every hosted project,
-- sets cf-connecting-ip to the address it saw and drops a client's own; it comes first. The embedded
-- backend removes any cf-connecting-ip a client sends and writes x-forwarded-for itself
-- (src/backend/server.ts). Null for calls that did not come through the API.
create function public.client_address() returns text
language plpgsql stable set search_path = ''
as $$
declare
  h jsonb := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb;
begin
  return coalesce(
    nullif(btrim(h ->> 'cf-connecting-ip'), ''),
    nullif(btrim(split_part(coalesce(h ->> 'x-forwarded-for', ''), ',', 1)), ''));
end $$;

-- Rate limits are data: each (bucket, window) allows max_hits per client address. Only the service role
-- changes them (tests raise them there); no row for a bucket means no limit. Buckets are named by the
-- migrations that use them (the GDPR rights add account_export and account_delete).
create table public.rate_limits (
  bucket text not null check (bucket ~ '^[a-z][a-z_]{0,39}$'),
  window_seconds integer not null check (window_seconds between 1 and 86400),
  max_hits integer not null check (max_hits >= 1),
  primary key (bucket, window_seconds)
);
comment on table public.rate_limits is
  'Product rate limits per client address (email_recipient: per recipient). Changed only with the service role.';
insert into public.rate_limits (bucket, window_seconds, max_hits) values
  ('order', 60, 6), ('order', 3600, 30),
  ('tracking', 60, 10), ('tracking', 3600, 60),
  ('reservation', 60, 3), ('reservation', 3600, 10),
  ('challenge', 60, 3), ('challenge', 3600, 10),
  ('email_recipient', 3600, 10);

create table public.rate_limit_counters (
  bucket text not null,
  window_seconds integer not null,
  subject text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (bucket, window_seconds, subject, window_start)
);
create index rate_limit_counters_window_idx on public.rate_limit_counters (window_start);

alter table public.rate_limits enable row level security;
alter table public.rate_limit_counters enable row level security;
revoke all on public.rate_limits, public.rate_limit_counters from anon, authenticated;

-- Counts one hit of p_subject in every window of the bucket; true when any window is over its limit.
-- The service role and calls without a subject are never limited.
create function public.hit_rate_limit(p_bucket text, p_subject text) returns boolean
language plpgsql volatile set search_path = ''
as $$
declare
  rule public.rate_limits;
  n integer;
  over boolean := false;
begin
  if p_subject is null or coalesce(auth.role(), '') = 'service_role' then
    return false;
  end if;
  for rule in select * from public.rate_limits r where r.bucket = p_bucket loop
    insert into public.rate_limit_counters as c (bucket, window_seconds, subject, window_start, hits)
    values (p_bucket, rule.window_seconds, p_subject,
            to_timestamp(floor(extract(epoch from now()) / rule.window_seconds) * rule.window_seconds), 1)
    on conflict (bucket, window_seconds, subject, window_start) do update set hits = c.hits + 1
    returning c.hits into n;
    if n > rule.max_hits then
      over := true;
    end if;
  end loop;
  if random() < 0.01 then
    delete from public.rate_limit_counters c where c.window_start < now() - interval '1 day';
  end if;
  return over;
end $$;

-- The 429 refusal of a bucket, in the words of its entry point.
create function public.refuse_rate_limited(p_bucket text) returns void
language plpgsql set search_path = ''
as $$
begin
  raise exception using errcode = 'PT429', detail = 'rate_limited', hint = 'Trop de demandes', message = case p_bucket
    when 'order' then 'Trop de commandes envoyées depuis votre connexion. Veuillez réessayer dans quelques minutes ou appeler le restaurant.'
    when 'tracking' then 'Trop de recherches depuis votre connexion. Veuillez réessayer dans quelques minutes.'
    when 'reservation' then 'Trop de réservations envoyées depuis votre connexion. Veuillez réessayer plus tard ou appeler le restaurant.'
    else 'Trop d''inscriptions envoyées depuis votre connexion. Veuillez réessayer plus tard.'
  end;
end $$;

-- Refuses the request with HTTP 429 once the caller's address is over the bucket's limit. The refusal
-- rolls its own hit back; an accepted request's hit is committed with it.
create function public.check_rate_limit(p_bucket text) returns void
language plpgsql volatile set search_path = ''
as $$
begin
  if public.hit_rate_limit(p_bucket, public.client_address()) then
    perform public.refuse_rate_limited(p_bucket);
  end if;
end $$;

-- The same refusal, read only: refuses when the caller's address has already used up a window of the bucket,
-- and counts nothing and locks nothing. An entry point that counts its hit (check_rate_limit) at its very end, so
-- that the counter row of a busy address (customers behind one router) is locked only from there to the commit,
-- calls this first: a flood is still refused before any work, at the same count as check_rate_limit would.
create function public.check_rate_limit_reached(p_bucket text) returns void
language plpgsql stable set search_path = ''
as $$
declare
  caller text := public.client_address();
begin
  if caller is null or coalesce(auth.role(), '') = 'service_role' then
    return;
  end if;
  if exists (select 1 from public.rate_limits r
               join public.rate_limit_counters c
                 on c.bucket = r.bucket and c.window_seconds = r.window_seconds and c.subject = caller
                and c.window_start = to_timestamp(floor(extract(epoch from now()) / r.window_seconds) * r.window_seconds)
              where r.bucket = p_bucket and c.hits >= r.max_hits) then
    perform public.refuse_rate_limited(p_bucket);
  end if;
end $$;

-- Policies call is_admin(), staff_allowed() and staff_role() (and so mfa_satisfied(), session_is_live()) as the
-- querying role (never anon's policies).
revoke execute on function public.mfa_satisfied() from public;
grant execute on function public.mfa_satisfied() to anon, authenticated, service_role;
revoke execute on function public.is_admin(), public.staff_allowed(text), public.staff_role(),
  public.session_is_live() from public, anon;
grant execute on function public.is_admin(), public.staff_allowed(text), public.staff_role(),
  public.session_is_live() to authenticated, service_role;
revoke execute on function public.require_staff(text) from public, anon;
grant execute on function public.require_staff(text) to authenticated, service_role;
revoke execute on function public.require_admin(), public.verified_email(), public.refuse(text, text, text) from public, anon;
revoke execute on function public.require_live_session() from public, anon;
grant execute on function public.require_live_session() to authenticated, service_role;
grant execute on function public.require_admin(), public.verified_email(), public.refuse(text, text, text)
  to authenticated, service_role;
grant execute on function public.phone_key(text) to anon, authenticated, service_role;
revoke execute on function public.e164_phone(text), public.is_person_name(text), public.checked_contact(text, text)
  from public, anon, authenticated;
revoke execute on function public.touch_updated_at(), public.keep_row_identity(), public.refuse_too_long(text, integer),
  public.clean_text(text, boolean), public.client_address(), public.hit_rate_limit(text, text),
  public.check_rate_limit(text), public.refuse_rate_limited(text), public.check_rate_limit_reached(text)
  from public, anon, authenticated;
