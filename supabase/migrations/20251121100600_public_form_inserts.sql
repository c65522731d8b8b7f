-- The reservation and challenge forms may also be sent as plain inserts (as the spec's shop did):
-- anyone may add a pending reservation from today on, or a registration that accepts the terms.
-- Nobody but admins reads them back. create_reservation / register_challenge give nicer errors.

create function public.restaurant_today() returns date
language sql stable set search_path = ''
as $$
  select (now() at time zone public.restaurant_time_zone())::date
$$;
grant execute on function public.restaurant_today() to anon, authenticated, service_role;

grant insert on public.reservations, public.challenge_registrations to anon;

drop policy reservations_insert_admin on public.reservations;
create policy reservations_insert_anon on public.reservations for insert to anon
  with check (status = 'En attente' and reservation_date >= public.restaurant_today());
create policy reservations_insert_authenticated on public.reservations for insert to authenticated
  with check ((select public.is_admin()) or (status = 'En attente' and reservation_date >= public.restaurant_today()));

drop policy challenge_registrations_insert_admin on public.challenge_registrations;
create policy challenge_registrations_insert_anon on public.challenge_registrations for insert to anon
  with check (agreed_to_terms);
create policy challenge_registrations_insert_authenticated on public.challenge_registrations for insert to authenticated
  with check (agreed_to_terms);
