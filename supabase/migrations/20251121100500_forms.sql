-- The public forms: table reservations and the challenge sign-ups. Anyone may send them, through
-- create_reservation / register_challenge (clear refusals with the codes and texts of
-- src/shared/domain) or as plain inserts (as the spec's shop did): RLS lets anyone add a pending
-- reservation from today on, or a registration that accepts the terms. Nobody but admins reads them
-- back. Either way the database picks the id, the time and the status, cleans the texts, bounds the
-- date and counts the caller.

create table public.reservations (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> '' and length(name) <= 200),
  email text not null check (email ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' and length(email) <= 254),
  phone text not null check (btrim(phone) <> '' and length(phone) <= 40),
  reservation_date date not null,
  reservation_time time not null,
  people text not null check (people in ('1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '10+')),
  message text check (length(message) <= 2000),
  status text not null default 'En attente' check (status in ('En attente', 'Confirmée', 'Annulée')),
  created_at timestamptz not null default now(),
  -- Why the restaurant cancelled (optional, set by the admin's cancel action); told to the guest.
  cancel_reason text check (length(cancel_reason) <= 500)
);
create index reservations_created_at_idx on public.reservations (created_at desc);

create table public.challenge_registrations (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> '' and length(name) <= 200),
  email text not null check (email ~ '^\S+@\S+\.\S+$' and length(email) <= 254),
  phone text check (length(phone) <= 40),
  agreed_to_terms boolean not null check (agreed_to_terms),
  created_at timestamptz not null default now()
);

-- Capacity: the guests one service (a period of the opening hours of that day) can take, store_settings
-- reservation_capacity.guests_per_service (null: no limit). Cancelled reservations free their seats; '10+' counts 10.
create function public.reservation_guests(p_people text) returns integer
language sql immutable set search_path = ''
as $$
  select case when p_people = '10+' then 10 when p_people ~ '^\d{1,2}$' then p_people::int else 0 end
$$;

create function public.reservation_capacity() returns integer
language sql stable set search_path = ''
as $$
  select (s.value ->> 'guests_per_service')::int from public.store_settings s
   where s.key = 'reservation_capacity' and jsonb_typeof(s.value -> 'guests_per_service') = 'number'
$$;

-- The guests already booked in the service of that day starting at p_opens and ending at p_closes.
create function public.reservation_guests_booked(p_day date, p_opens time, p_closes time) returns integer
language sql stable set search_path = ''
as $$
  select coalesce(sum(public.reservation_guests(r.people)), 0)::int from public.reservations r
   where r.reservation_date = p_day and r.reservation_time between p_opens and p_closes and r.status <> 'Annulée'
$$;

-- Refuses a booking past the service's capacity. One booking of a day at a time checks and takes its seats (a
-- transaction lock held until commit: the second of two guests for the last seats waits, then counts the first).
-- Volatile, so that its count reads what was committed once the lock is held.
create function public.check_reservation_room(p_day date, p_time time, p_people text) returns void
language plpgsql volatile set search_path = ''
as $$
declare
  cap integer := public.reservation_capacity();
  service jsonb;
begin
  if cap is null then
    return;
  end if;
  select p into service from jsonb_array_elements(coalesce(public.opening_services_on(p_day), '[]')) p
   where p_time >= (p ->> 0)::time and p_time <= (p ->> 1)::time limit 1;
  if service is null then
    return;
  end if;
  perform pg_advisory_xact_lock(7310026, (p_day - date '2000-01-01'));
  if public.reservation_guests_booked(p_day, (service ->> 0)::time, (service ->> 1)::time)
     + public.reservation_guests(p_people) > cap then
    perform public.refuse('reservation_full', 'Service complet',
      'Il n''y a plus assez de place pour ce service. Veuillez choisir une autre heure ou un autre jour, ou appeler le restaurant.');
  end if;
end $$;

-- What the shop's form may offer (no reservation is shown, only the room left): for each time of each service of
-- that day (every slot_minutes from opening to closing), the guests it can still take.
-- {date, limited, times: [{time: "HH:MM", remaining}]}; limited false (and no times) without a capacity.
create function public.reservation_room(p_date date) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  cap integer := public.reservation_capacity();
  step integer := greatest(5, coalesce((select (s.value ->> 'slot_minutes')::int from public.store_settings s
                                        where s.key = 'opening_hours'), 15));
  times jsonb := '[]';
  service jsonb;
  remaining integer;
begin
  if p_date is null or p_date < public.restaurant_today() or p_date > public.restaurant_today() + 365 then
    perform public.refuse('invalid_date', 'Date invalide', 'Veuillez choisir une date valide.');
  end if;
  if cap is null then
    return jsonb_build_object('date', p_date, 'limited', false, 'times', times);
  end if;
  for service in select * from jsonb_array_elements(coalesce(public.opening_services_on(p_date), '[]')) loop
    remaining := greatest(0, cap - public.reservation_guests_booked(p_date, (service ->> 0)::time, (service ->> 1)::time));
    times := times || coalesce((select jsonb_agg(jsonb_build_object('time', to_char(t, 'HH24:MI'), 'remaining', remaining) order by t)
      from generate_series(date '2000-01-01' + (service ->> 0)::time, date '2000-01-01' + (service ->> 1)::time,
                           make_interval(mins => step)) t), '[]');
  end loop;
  return jsonb_build_object('date', p_date, 'limited', true, 'times', times);
end $$;

create function public.reservation_from_public() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  new.name := btrim(public.clean_text(new.name));
  new.email := btrim(public.clean_text(new.email));
  new.phone := btrim(public.clean_text(new.phone));
  new.phone := coalesce(public.e164_phone(new.phone), new.phone);
  new.message := nullif(btrim(public.clean_text(new.message, true)), '');
  new.cancel_reason := nullif(btrim(public.clean_text(new.cancel_reason, true)), '');
  if coalesce(auth.role(), '') = 'service_role' or public.is_admin() then
    return new;
  end if;
  new.phone := public.checked_contact(new.name, new.phone);
  new.cancel_reason := null;
  new.id := gen_random_uuid();
  new.created_at := now();
  -- A day already past is refused by the policies; today, a time already past is refused here.
  if new.reservation_date = public.restaurant_today()
     and new.reservation_date + new.reservation_time <= (now() at time zone public.restaurant_time_zone()) then
    raise exception using errcode = 'P0001', detail = 'time_in_past', hint = 'Heure invalide',
      message = 'Cette heure est déjà passée : veuillez choisir une heure à venir.';
  end if;
  if new.reservation_date > public.restaurant_today() + 365 then
    raise exception using errcode = 'P0001', detail = 'date_too_far', hint = 'Date invalide',
      message = 'Une réservation peut être faite au plus tard un an à l''avance.';
  end if;
  perform public.check_rate_limit('reservation');
  perform public.check_reservation_room(new.reservation_date, new.reservation_time, new.people);
  return new;
end $$;
create trigger reservations_from_public before insert on public.reservations
  for each row execute function public.reservation_from_public();

create function public.challenge_registration_from_public() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  new.name := btrim(public.clean_text(new.name));
  new.email := btrim(public.clean_text(new.email));
  new.phone := nullif(btrim(public.clean_text(new.phone)), '');
  new.phone := coalesce(public.e164_phone(new.phone), new.phone);
  if coalesce(auth.role(), '') = 'service_role' or public.is_admin() then
    return new;
  end if;
  new.phone := public.checked_contact(new.name, new.phone);
  new.id := gen_random_uuid();
  new.created_at := now();
  perform public.check_rate_limit('challenge');
  return new;
end $$;
create trigger challenge_registrations_from_public before insert on public.challenge_registrations
  for each row execute function public.challenge_registration_from_public();

create trigger reservations_keep_identity before update on public.reservations
  for each row execute function public.keep_row_identity();
create trigger challenge_registrations_keep_identity before update on public.challenge_registrations
  for each row execute function public.keep_row_identity();

create function public.create_reservation(
  p_name text, p_email text, p_phone text, p_reservation_date text, p_reservation_time text,
  p_people text, p_message text default null
) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  reservation_day date;
  reservation_at time;
  saved public.reservations;
begin
  if length(p_name) > 200 then perform public.refuse_too_long('Le nom', 200); end if;
  if length(p_email) > 254 then perform public.refuse_too_long('L''e-mail', 254); end if;
  if length(p_phone) > 40 then perform public.refuse_too_long('Le téléphone', 40); end if;
  if length(p_message) > 2000 then perform public.refuse_too_long('Le message', 2000); end if;
  if length(p_reservation_date) > 20 or length(p_reservation_time) > 20 or length(p_people) > 10 then
    perform public.refuse('field_too_long', 'Information trop longue', 'Un des champs est trop long.');
  end if;
  p_name := public.clean_text(p_name);
  p_email := public.clean_text(p_email);
  p_phone := public.clean_text(p_phone);
  p_message := public.clean_text(p_message, true);
  if btrim(coalesce(p_name, '')) = '' or btrim(coalesce(p_email, '')) = '' or btrim(coalesce(p_phone, '')) = ''
     or btrim(coalesce(p_reservation_date, '')) = '' or btrim(coalesce(p_reservation_time, '')) = ''
     or btrim(coalesce(p_people, '')) = '' then
    perform public.refuse('missing_fields', 'Information en manque', 'Veuillez remplir tous les champs obligatoires.');
  end if;
  if not public.is_person_name(p_name) then
    perform public.checked_contact(p_name, null);
  end if;
  if btrim(p_email) !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
    perform public.refuse('invalid_email', 'E-mail invalide', 'Veuillez entrer une adresse e-mail valide.');
  end if;
  p_phone := public.checked_contact(p_name, p_phone);
  if btrim(p_reservation_date) ~ '^\d{4}-\d{2}-\d{2}$' then
    begin
      reservation_day := btrim(p_reservation_date)::date;
    exception when others then reservation_day := null;
    end;
  end if;
  if reservation_day is null then
    perform public.refuse('invalid_date', 'Date invalide', 'Veuillez choisir une date valide.');
  end if;
  if reservation_day < public.restaurant_today() then
    perform public.refuse('date_in_past', 'Date invalide', 'La date de réservation ne peut pas être dans le passé.');
  end if;
  if reservation_day > public.restaurant_today() + 365 then
    perform public.refuse('date_too_far', 'Date invalide', 'Une réservation peut être faite au plus tard un an à l''avance.');
  end if;
  if btrim(p_reservation_time) !~ '^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$' then
    perform public.refuse('invalid_time', 'Heure invalide', 'Veuillez choisir une heure valide.');
  end if;
  reservation_at := btrim(p_reservation_time)::time;
  if reservation_day + reservation_at <= (now() at time zone public.restaurant_time_zone()) then
    perform public.refuse('time_in_past', 'Heure invalide', 'Cette heure est déjà passée : veuillez choisir une heure à venir.');
  end if;
  if btrim(p_people) not in ('1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '10+') then
    perform public.refuse('invalid_people', 'Nombre de personnes invalide', 'Veuillez choisir de 1 à 10 personnes, ou 10+.');
  end if;
  insert into public.reservations (name, email, phone, reservation_date, reservation_time, people, message, status)
  values (btrim(p_name), btrim(p_email), p_phone, reservation_day, reservation_at, btrim(p_people),
          nullif(btrim(coalesce(p_message, '')), ''), 'En attente')
  returning * into saved;
  return jsonb_build_object('id', saved.id, 'status', saved.status, 'reservation_date', saved.reservation_date,
    'reservation_time', saved.reservation_time, 'people', saved.people, 'created_at', saved.created_at);
end $$;

create function public.register_challenge(p_name text, p_email text, p_phone text default null, p_agreed_to_terms boolean default false)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare saved public.challenge_registrations;
begin
  if length(p_name) > 200 then perform public.refuse_too_long('Le nom', 200); end if;
  if length(p_email) > 254 then perform public.refuse_too_long('L''e-mail', 254); end if;
  if length(p_phone) > 40 then perform public.refuse_too_long('Le téléphone', 40); end if;
  p_name := public.clean_text(p_name);
  p_email := public.clean_text(p_email);
  p_phone := public.clean_text(p_phone);
  if btrim(coalesce(p_name, '')) = '' then
    perform public.refuse('name_required', 'Nom requis', 'Veuillez entrer votre nom.');
  end if;
  if coalesce(btrim(p_email), '') !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
    perform public.refuse('invalid_email', 'E-mail invalide', 'Veuillez entrer une adresse e-mail valide.');
  end if;
  p_phone := public.checked_contact(p_name, p_phone);
  if p_agreed_to_terms is not true then
    perform public.refuse('terms_not_accepted', 'Contrat non accepté', 'Vous devez accepter les termes du contrat.');
  end if;
  insert into public.challenge_registrations (name, email, phone, agreed_to_terms)
  values (btrim(p_name), btrim(p_email), p_phone, true)
  returning * into saved;
  return jsonb_build_object('id', saved.id, 'created_at', saved.created_at);
end $$;

revoke all on public.reservations, public.challenge_registrations from anon, authenticated;
grant select, insert, update, delete on public.reservations, public.challenge_registrations to authenticated;
grant insert on public.reservations, public.challenge_registrations to anon;

alter table public.reservations enable row level security;
alter table public.challenge_registrations enable row level security;

create policy reservations_select_admin on public.reservations for select to authenticated using ((select public.is_admin()));
create policy reservations_insert_anon on public.reservations for insert to anon
  with check (status = 'En attente' and reservation_date >= public.restaurant_today());
create policy reservations_insert_authenticated on public.reservations for insert to authenticated
  with check ((select public.is_admin()) or (status = 'En attente' and reservation_date >= public.restaurant_today()));
create policy reservations_update_admin on public.reservations for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy reservations_delete_admin on public.reservations for delete to authenticated using ((select public.staff_allowed('manager')));

create policy challenge_registrations_select_admin on public.challenge_registrations for select to authenticated using ((select public.staff_allowed('manager')));
create policy challenge_registrations_insert_anon on public.challenge_registrations for insert to anon
  with check (agreed_to_terms);
create policy challenge_registrations_insert_authenticated on public.challenge_registrations for insert to authenticated
  with check (agreed_to_terms);
create policy challenge_registrations_update_admin on public.challenge_registrations for update to authenticated using ((select public.staff_allowed('manager'))) with check ((select public.staff_allowed('manager')));
create policy challenge_registrations_delete_admin on public.challenge_registrations for delete to authenticated using ((select public.staff_allowed('manager')));

revoke execute on function public.reservation_from_public(), public.challenge_registration_from_public(),
  public.reservation_guests(text), public.reservation_capacity(), public.reservation_guests_booked(date, time, time),
  public.check_reservation_room(date, time, text) from public, anon, authenticated;
revoke execute on function public.reservation_room(date) from public;
grant execute on function public.reservation_room(date) to anon, authenticated, service_role;
revoke execute on function public.create_reservation(text, text, text, text, text, text, text),
  public.register_challenge(text, text, text, boolean) from public;
grant execute on function public.create_reservation(text, text, text, text, text, text, text),
  public.register_challenge(text, text, text, boolean) to anon, authenticated, service_role;

alter publication supabase_realtime add table public.reservations;
