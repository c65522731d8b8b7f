-- Opening hours as data the owner edits. The weekly schedule stays in store_settings 'opening_hours'
-- (timezone, ISO weekday → services [["11:00","15:00"], …], last_order_minutes_before_close,
-- slot_minutes), now bounded, its time zone one that PostgreSQL knows; dated exceptions (a holiday
-- closure with its reason, a special opening with its own services) live in opening_exceptions. Every rule that asks "is the kitchen open" reads a day's
-- services through opening_services_on(), so an exception counts for immediate orders, pre-orders and
-- the pre-order slot picker alike: the rules that ask it are defined here (kitchen_open_at,
-- check_preorder_slot, order_slot_offered, next_opening, opening_refusal) and place_order calls them.

-- A day's services: at most 4, each [open, close] as "HH:MM", open before close, in order, not overlapping.
create function public.opening_services_are_valid(p_services jsonb) returns boolean
language plpgsql immutable set search_path = ''
as $$
declare
  period jsonb;
  previous_close text := '';
begin
  if jsonb_typeof(p_services) is distinct from 'array' or jsonb_array_length(p_services) > 4 then
    return false;
  end if;
  for period in select * from jsonb_array_elements(p_services) loop
    if jsonb_typeof(period) <> 'array' or jsonb_array_length(period) <> 2
       or jsonb_typeof(period -> 0) <> 'string' or jsonb_typeof(period -> 1) <> 'string'
       or (period ->> 0) !~ '^([01]\d|2[0-3]):[0-5]\d$' or (period ->> 1) !~ '^([01]\d|2[0-3]):[0-5]\d$'
       or (period ->> 0) >= (period ->> 1) or (period ->> 0) < previous_close then
      return false;
    end if;
    previous_close := period ->> 1;
  end loop;
  return true;
end $$;

-- The weekly schedule's bounds: only its own keys (any extra key of any size was taken, and the row is
-- public: docs/SECURITY-REVIEW.md, section 7), a time zone name of at most 64 characters, the seven ISO
-- weekdays, each with valid services (7 × 4 at most), a last-order offset of 0 to 180 minutes and a slot
-- of 5 to 60 minutes.
create function public.opening_hours_are_valid(p_value jsonb) returns boolean
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

alter table public.store_settings
  add constraint store_settings_opening_hours_bounds
  check (key <> 'opening_hours' or public.opening_hours_are_valid(value));

-- The restaurant's time zone (the schedule's "timezone") is a real IANA zone that PostgreSQL knows
-- (pg_timezone_names, e.g. Europe/Luxembourg), spelt as listed there. timezone() alone, which the
-- settings' shape check uses, also takes POSIX rules such as "UTC+3" or "XYZ-5" and any case: an admin
-- (or a call to the API) could set a zone no clock of the restaurant follows, and every opening, slot
-- and "today" would move with it. A trigger, not a check: the zone list is read from the server's time
-- zone files, and the refusal is a Portuguese message the admin shows. Looked up only when the zone is
-- new or changed (the list takes a fraction of a second to read).
create function public.opening_hours_time_zone_is_known() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and old.key = new.key
     and (old.value ->> 'timezone') is not distinct from (new.value ->> 'timezone') then
    return new;
  end if;
  if not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = new.value ->> 'timezone') then
    raise exception using errcode = '23514', detail = 'opening_hours_timezone', hint = 'Fuso horário inválido',
      message = 'Fuso horário desconhecido: indique um fuso horário IANA, por exemplo Europe/Luxembourg.';
  end if;
  return new;
end $$;
create trigger store_settings_opening_hours_time_zone before insert or update on public.store_settings
  for each row when (new.key = 'opening_hours') execute function public.opening_hours_time_zone_is_known();

create table public.opening_exceptions (
  day date primary key,
  is_closed boolean not null,
  services jsonb not null default '[]',
  reason text not null default '',
  updated_at timestamptz not null default now(),
  constraint opening_exceptions_services_valid check (public.opening_services_are_valid(services)),
  constraint opening_exceptions_closed_or_open check (
    (is_closed and services = '[]'::jsonb) or (not is_closed and jsonb_array_length(services) > 0)),
  constraint opening_exceptions_reason_length check (char_length(reason) <= 200),
  constraint opening_exceptions_reason_plain check (reason !~ '[[:cntrl:]]')
);
comment on table public.opening_exceptions is
  'A dated closure (is_closed, with a reason shown to customers) or special opening (its own services) replacing the weekly schedule for that day.';
create trigger opening_exceptions_touch before update on public.opening_exceptions
  for each row execute function public.touch_updated_at();

-- The admin's exception: its reason checked before the table's constraints, with a message the hours
-- page shows (a reason too long or with a control character was refused with the constraint's name only,
-- and bidirectional overrides, clean_text's list, were taken); then a date from yesterday to two years
-- ahead (a check constraint cannot read the clock).
create function public.opening_exception_date_in_range() returns trigger
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
create trigger opening_exceptions_date_in_range before insert or update on public.opening_exceptions
  for each row execute function public.opening_exception_date_in_range();

alter table public.opening_exceptions enable row level security;
revoke all on public.opening_exceptions from public, anon, authenticated;
grant select on public.opening_exceptions to anon, authenticated;
grant insert, update, delete on public.opening_exceptions to authenticated;
grant all on public.opening_exceptions to service_role;
create policy opening_exceptions_select_anon on public.opening_exceptions for select to anon using (true);
create policy opening_exceptions_select_authenticated on public.opening_exceptions for select to authenticated using (true);
create policy opening_exceptions_insert_admin on public.opening_exceptions for insert to authenticated with check ((select public.staff_allowed('manager')));
create policy opening_exceptions_update_admin on public.opening_exceptions for update to authenticated using ((select public.staff_allowed('manager'))) with check ((select public.staff_allowed('manager')));
create policy opening_exceptions_delete_admin on public.opening_exceptions for delete to authenticated using ((select public.staff_allowed('manager')));

do $$
begin
  if not exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'opening_exceptions') then
    alter publication supabase_realtime add table public.opening_exceptions;
  end if;
end $$;

-- The services of a Luxembourg day: its exception's, else the weekly schedule's; null without a schedule.
create function public.opening_services_on(p_day date) returns jsonb
language plpgsql stable set search_path = ''
as $$
begin
  return coalesce(
    (select e.services from public.opening_exceptions e where e.day = p_day),
    (select coalesce(s.value -> 'days' -> extract(isodow from p_day)::int::text, '[]')
       from public.store_settings s where s.key = 'opening_hours'));
end $$;

create function public.last_order_margin() returns interval
language plpgsql stable set search_path = ''
as $$
begin
  return make_interval(mins => coalesce(
    (select (s.value ->> 'last_order_minutes_before_close')::int from public.store_settings s where s.key = 'opening_hours'), 0));
end $$;

-- Whether the kitchen takes orders at this Luxembourg wall-clock time: inside a service of that day and
-- no later than its last-order time (closing minus the last-order offset).
create function public.kitchen_open_at(p_local timestamp) returns boolean
language plpgsql stable set search_path = ''
as $$
declare
  services jsonb := public.opening_services_on(p_local::date);
  margin interval := public.last_order_margin();
  t time := date_trunc('minute', p_local)::time;
begin
  if services is null then return true; end if;
  return exists (select 1 from jsonb_array_elements(services) p
                  where t >= (p ->> 0)::time and t <= (p ->> 1)::time - margin);
end $$;

-- Whether a slot may be offered: for a pre-order, a valid pre-order time of its day (a multiple of the
-- slot from a service's opening, no later than its last-order time); for an immediate order (a ready
-- time), inside a service of the day.
create function public.order_slot_offered(p_slot timestamptz, p_preorder boolean) returns boolean
language plpgsql stable set search_path = ''
as $$
declare
  local_at timestamp := p_slot at time zone public.restaurant_time_zone();
  services jsonb := public.opening_services_on(local_at::date);
  slot integer := greatest(coalesce(
    (select (s.value ->> 'slot_minutes')::int from public.store_settings s where s.key = 'opening_hours'), 15), 1);
  margin interval := case when p_preorder then public.last_order_margin() else interval '0' end;
  t time := local_at::time;
begin
  if services is null then return true; end if;
  return exists (select 1 from jsonb_array_elements(services) p
                  where t >= (p ->> 0)::time and t <= (p ->> 1)::time - margin
                    and (not p_preorder or (extract(epoch from t - (p ->> 0)::time)::int / 60) % slot = 0));
end $$;

create function public.french_day(p_day date) returns text
language sql immutable set search_path = ''
as $$
  select (array['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'])[extract(isodow from p_day)::int]
    || ' ' || extract(day from p_day)::int
    || ' ' || (array['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre',
                     'novembre', 'décembre'])[extract(month from p_day)::int]
$$;

-- A pre-order's date (a real day, from today, not a closed day: a dated closure names its reason),
-- then its time (a slot of that day's ordering windows). place_order_once asks it, and for a pre-order of
-- today checks besides that the slot is not past and leaves the kitchen its preparation time.
create function public.check_preorder_slot(p_date date, p_time text, p_today date) returns void
language plpgsql stable set search_path = ''
as $$
declare
  services jsonb;
  closure public.opening_exceptions;
  margin interval := public.last_order_margin();
  slot integer := greatest(coalesce(
    (select (s.value ->> 'slot_minutes')::int from public.store_settings s where s.key = 'opening_hours'), 15), 1);
  t time;
  windows text;
begin
  if p_date is null then
    perform public.refuse('preorder_invalid_date', 'Date de pré-commande invalide', 'Veuillez choisir une date valide pour votre pré-commande.');
  end if;
  if p_date < p_today then
    perform public.refuse('preorder_too_early', 'Date de pré-commande invalide', 'Une pré-commande ne peut pas être prévue pour un jour déjà passé.');
  end if;
  services := public.opening_services_on(p_date);
  if services is null then
    return;
  end if;
  if jsonb_array_length(services) = 0 then
    select * into closure from public.opening_exceptions e where e.day = p_date;
    perform public.refuse('preorder_closed_day', 'Date de pré-commande invalide', case
      when closure.day is null then format('Le restaurant est fermé le %s. Veuillez choisir un autre jour.',
        (array['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'])[extract(isodow from p_date)::int])
      else format('Le restaurant est fermé le %s%s. Veuillez choisir un autre jour.', public.french_day(p_date),
        case when closure.reason <> '' then ' (' || closure.reason || ')' else '' end) end);
  end if;
  if p_time ~ '^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$' then
    t := substr(p_time, 1, 5)::time;
    if exists (select 1 from jsonb_array_elements(services) p
                where t >= (p ->> 0)::time and t <= (p ->> 1)::time - margin
                  and (extract(epoch from t - (p ->> 0)::time)::int / 60) % slot = 0) then
      return;
    end if;
  end if;
  select string_agg(to_char((p ->> 0)::time, 'HH24:MI') || '–' || to_char((p ->> 1)::time - margin, 'HH24:MI'), ' et ' order by n)
    into windows from jsonb_array_elements(services) with ordinality as x(p, n);
  perform public.refuse('preorder_invalid_time', 'Heure de pré-commande invalide',
    format('Veuillez choisir une heure de commande entre %s, par tranches de %s minutes.', windows, slot));
end $$;

-- The first instant at or after p_at at which the kitchen takes orders (p_at itself when it does);
-- null when nothing opens within 90 days. Anyone may call it: an instant outside 2000–2199 (null and
-- infinity included) is refused in French before any work (near the end of PostgreSQL's range it failed
-- with "timestamp out of range", and infinity or null answered as if the restaurant were closed).
create function public.next_opening(p_at timestamptz) returns timestamptz
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

-- Why an immediate order is refused at p_at, in French: null while the kitchen takes orders; on a dated
-- closure « Fermé aujourd'hui (Noël) — réouverture le vendredi 26 décembre à 11:00. … »; otherwise the
-- spec's « Nous sommes fermés pour le moment. … ». An instant out of range is refused by next_opening(),
-- asked first.
create function public.opening_refusal(p_at timestamptz) returns text
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

revoke execute on function public.opening_exception_date_in_range(), public.opening_hours_time_zone_is_known(),
  public.check_preorder_slot(date, text, date),
  public.order_slot_offered(timestamptz, boolean) from public, anon, authenticated;
grant execute on function public.opening_services_are_valid(jsonb), public.opening_hours_are_valid(jsonb),
  public.opening_services_on(date), public.last_order_margin(), public.french_day(date),
  public.next_opening(timestamptz), public.opening_refusal(timestamptz), public.kitchen_open_at(timestamp)
  to anon, authenticated, service_role;
