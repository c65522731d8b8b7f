-- Bounds found missing by the security pass over the entry points of 20251126100000_opening_hours,
-- 20251126110000_gdpr and 20251126120000_restaurant_identity (docs/SECURITY-REVIEW.md, section 7).
--
-- 1. store_settings 'restaurant' took any extra key of any size (a 3 MB "junk" key was stored, then sent to
--    every shop visitor with the public settings and their realtime changes) and control characters in its
--    texts (CR/LF reached the subject of the order e-mails, ESC the tickets). Now: exactly the known keys,
--    no control character nor bidirectional override (clean_text's list: a reversed phone number) in any of them.
-- 2. store_settings 'opening_hours' took any extra key of any size likewise. Now: only the schedule's keys.
-- 3. An exception's reason took bidirectional overrides, and a reason too long or with a control character
--    was refused with the constraint's name only. Now all three are refused by the row's trigger, each with a
--    Portuguese message the admin's hours page shows.
-- 4. next_opening() / opening_refusal(), callable by anyone: an instant near the end of PostgreSQL's range
--    failed with "timestamp out of range", infinity or null answered as if the restaurant were closed. Now
--    an instant outside 2000–2199 is refused with a French message before any work.

create or replace function public.restaurant_identity_is_valid(p_value jsonb) returns boolean
language plpgsql immutable set search_path = ''
as $$
declare
  field text;
  limits constant jsonb := '{
    "name": 120, "company": 160, "street": 160, "postal_code": 20, "city": 80, "country": 80,
    "phone": 16, "phone_display": 40, "email": 254, "hours_text": 200, "rcs": 40, "vat": 40,
    "facebook_url": 500, "instagram_url": 500, "reviews_url": 500
  }';
begin
  if jsonb_typeof(p_value) <> 'object' then return false; end if;
  if exists (select 1 from jsonb_object_keys(p_value) k where not limits ? k) then return false; end if;
  for field in select jsonb_object_keys(limits) loop
    if jsonb_typeof(p_value -> field) is distinct from 'string'
      or char_length(p_value ->> field) > (limits ->> field)::int
      or (p_value ->> field) ~ '[[:cntrl:]\u202a-\u202e\u2066-\u2069]' then
      return false;
    end if;
  end loop;
  if btrim(p_value ->> 'name') = '' or btrim(p_value ->> 'street') = '' or btrim(p_value ->> 'postal_code') = ''
    or btrim(p_value ->> 'city') = '' or btrim(p_value ->> 'phone_display') = '' then
    return false;
  end if;
  if (p_value ->> 'phone') !~ '^\+[1-9][0-9]{7,14}$' then return false; end if;
  if (p_value ->> 'email') !~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$' then return false; end if;
  foreach field in array array['facebook_url', 'instagram_url', 'reviews_url'] loop
    if (p_value ->> field) <> '' and (p_value ->> field) !~ '^https://[^[:space:]]+$' then return false; end if;
  end loop;
  return true;
end $$;

create or replace function public.opening_hours_are_valid(p_value jsonb) returns boolean
language plpgsql immutable set search_path = ''
as $$
declare
  day record;
begin
  if jsonb_typeof(p_value -> 'days') is distinct from 'object'
     or (select count(*) from jsonb_object_keys(p_value -> 'days')) > 7 then
    return false;
  end if;
  if exists (select 1 from jsonb_object_keys(p_value) k
              where k not in ('timezone', 'days', 'last_order_minutes_before_close', 'slot_minutes'))
     or char_length(coalesce(p_value ->> 'timezone', '')) > 64 then
    return false;
  end if;
  if coalesce(jsonb_typeof(p_value -> 'last_order_minutes_before_close'), 'number') <> 'number'
     or coalesce((p_value ->> 'last_order_minutes_before_close')::numeric, 0) not between 0 and 180
     or coalesce(jsonb_typeof(p_value -> 'slot_minutes'), 'number') <> 'number'
     or coalesce((p_value ->> 'slot_minutes')::numeric, 15) not in (5, 10, 15, 20, 30, 60) then
    return false;
  end if;
  for day in select * from jsonb_each(p_value -> 'days') loop
    if day.key !~ '^[1-7]$' or not public.opening_services_are_valid(day.value) then
      return false;
    end if;
  end loop;
  return true;
end $$;

create or replace function public.next_opening(p_at timestamptz) returns timestamptz
language plpgsql stable set search_path = ''
as $$
declare
  tz text := public.restaurant_time_zone();
  local_at timestamp;
  day date;
  start_at timestamptz;
  period jsonb;
begin
  -- The restaurant's clock is never outside 2000–2199. Raised here, not by refuse(): this function runs
  -- as its caller, and anon may not call refuse().
  if p_at is null or not isfinite(p_at) or p_at < timestamptz '2000-01-01 00:00+00'
     or p_at >= timestamptz '2200-01-01 00:00+00' then
    raise exception using errcode = '22008', detail = 'invalid_instant', hint = 'Date invalide',
      message = 'Date et heure invalides : indiquez un instant entre l''an 2000 et l''an 2199.';
  end if;
  local_at := p_at at time zone tz;
  if public.kitchen_open_at(local_at) then
    return p_at;
  end if;
  for i in 0..90 loop
    day := local_at::date + i;
    for period in select * from jsonb_array_elements(coalesce(public.opening_services_on(day), '[]')) loop
      start_at := (day + (period ->> 0)::time) at time zone tz;
      if start_at > p_at then
        return start_at;
      end if;
    end loop;
  end loop;
  return null;
end $$;

create or replace function public.opening_refusal(p_at timestamptz) returns text
language plpgsql stable set search_path = ''
as $$
declare
  tz text := public.restaurant_time_zone();
  today date;
  next_at timestamptz;
  next_local timestamp;
  closure public.opening_exceptions;
begin
  next_at := public.next_opening(p_at); -- first: it refuses an instant out of range
  today := (p_at at time zone tz)::date;
  next_local := next_at at time zone tz;
  if next_at = p_at then
    return null;
  end if;
  select * into closure from public.opening_exceptions e where e.day = today and e.is_closed;
  if closure.day is null then
    return 'Nous sommes fermés pour le moment. Vous pouvez passer une pré-commande.';
  end if;
  return 'Fermé aujourd''hui' || case when closure.reason <> '' then ' (' || closure.reason || ')' else '' end
    || case
         when next_at is null then ''
         when next_local::date = today + 1 then ' — réouverture demain à ' || to_char(next_local, 'HH24:MI')
         else ' — réouverture le ' || public.french_day(next_local::date) || ' à ' || to_char(next_local, 'HH24:MI') end
    || '. Vous pouvez passer une pré-commande.';
end $$;

-- The admin's exception: its reason checked before the table's constraints, with a message the hours page shows.
create or replace function public.opening_exception_date_in_range() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if char_length(new.reason) > 200 then
    raise exception using errcode = '23514', detail = 'opening_exception_reason', hint = 'Motivo inválido',
      message = 'O motivo tem no máximo 200 caracteres.';
  end if;
  if new.reason ~ '[[:cntrl:]\u202a-\u202e\u2066-\u2069]' then
    raise exception using errcode = '23514', detail = 'opening_exception_reason', hint = 'Motivo inválido',
      message = 'O motivo não pode conter quebras de linha nem caracteres de controlo.';
  end if;
  if new.day < public.restaurant_today() - 1 or new.day > public.restaurant_today() + 730 then
    raise exception using errcode = '23514', detail = 'opening_exception_date', hint = 'Data inválida',
      message = 'A data deve estar entre hoje e daqui a dois anos.';
  end if;
  return new;
end $$;
