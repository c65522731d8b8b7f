-- Reading orders: public tracking, the signed-in customer's history and prefill, the admin's
-- search, statistics and active count; and the public forms (reservation, challenge).

-- The comparable form of a phone number: its digits, without 00 or the Luxembourg prefix 352.
create function public.phone_key(p_phone text) returns text
language sql immutable set search_path = ''
as $$
  select case when d like '352%' and length(d) >= 11 then substr(d, 4) else d end
    from (select regexp_replace(regexp_replace(coalesce(p_phone, ''), '\D', '', 'g'), '^00', '') as d) x
$$;
drop index public.orders_phone_digits_idx;
create index orders_phone_key_idx on public.orders (public.phone_key(customer_phone));

create function public.require_admin() returns void
language plpgsql stable set search_path = ''
as $$
begin
  if not (public.is_admin() or auth.role() = 'service_role') then
    raise exception using errcode = '42501', message = 'Accès réservé aux administrateurs.', detail = 'admin_only';
  end if;
end $$;

-- Exactly what the tracking page shows; never the e-mail, phone or name.
create function public.tracking_view(o public.orders) returns jsonb
language sql immutable set search_path = ''
as $$
  select jsonb_build_object(
    'order_number', left(o.id, 8),
    'status', o.status,
    'created_at', o.created_at,
    'updated_at', o.updated_at,
    'order_items', (select coalesce(jsonb_agg(jsonb_build_object(
        'name', i ->> 'name', 'quantity', (i ->> 'quantity')::int, 'price', (i ->> 'price')::numeric,
        'options', coalesce((select jsonb_agg(jsonb_build_object('name', op ->> 'name', 'price', (op ->> 'price')::numeric))
                               from jsonb_array_elements(i -> 'options') op), '[]'))), '[]')
      from jsonb_array_elements(o.order_items) i),
    'total_price', o.total_price,
    'delivery_fee', o.delivery_fee,
    'discount_amount', o.discount_amount,
    'grand_total', o.grand_total,
    'delivery_method', o.delivery_method,
    'customer_address', o.customer_address,
    'customer_postal_code', o.customer_postal_code,
    'customer_city', o.customer_city,
    'notes', o.notes,
    'is_preorder', o.is_preorder,
    'preorder_date', o.preorder_date,
    'preorder_time', o.preorder_time
  )
$$;

-- By the 8-character order number (or the full id) or the full phone number; the latest match.
create function public.track_order(p_term text) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  term text := lower(btrim(coalesce(p_term, '')));
  phone text := public.phone_key(p_term);
  hit public.orders;
begin
  if term = '' then
    perform public.refuse('search_term_required', 'Terme de recherche requis', 'Veuillez entrer l''ID de la commande ou le téléphone.');
  end if;
  if length(term) > 64 then
    return null;
  end if;
  select * into hit from public.orders o
   where (length(term) = 8 and left(o.id, 8) = term)
      or (length(term) > 8 and o.id = term)
      or (length(phone) >= 6 and term !~ '[a-z]' and public.phone_key(o.customer_phone) = phone)
   order by o.created_at desc
   limit 1;
  if not found then
    return null;
  end if;
  return public.tracking_view(hit);
end $$;

-- The signed-in customer's orders (their account, or their verified e-mail), newest first.
create function public.my_orders() returns setof public.orders
language sql stable set search_path = ''
as $$
  select * from public.orders o
   where auth.uid() is not null
     and (o.user_id = auth.uid() or lower(o.customer_email) = public.verified_email())
   order by o.created_at desc
$$;

-- Contact details of the customer's latest order, to prefill the cart.
create function public.customer_prefill() returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'name', o.customer_name, 'phone', o.customer_phone,
    'email', coalesce(nullif(auth.jwt() ->> 'email', ''), o.customer_email),
    'address', o.customer_address, 'postalCode', o.customer_postal_code, 'city', o.customer_city)
    from public.my_orders() o
   order by o.created_at desc
   limit 1
$$;

create function public.search_orders_by_term(p_search_term text) returns setof public.orders
language plpgsql stable set search_path = ''
as $$
declare
  term text := btrim(coalesce(p_search_term, ''));
  pattern text := '%' || replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  phone text := public.phone_key(p_search_term);
begin
  perform public.require_admin();
  if term = '' then
    perform public.refuse('search_term_required', 'Terme de recherche requis', 'Veuillez entrer l''ID de la commande ou le téléphone.');
  end if;
  return query
    select * from public.orders o
     where starts_with(o.id, lower(term))
        or (length(phone) >= 6 and public.phone_key(o.customer_phone) = phone)
        or o.customer_email ilike pattern
        or o.customer_name ilike pattern
     order by o.created_at desc
     limit 50;
end $$;

-- Orders today, this week (from Monday) and this month, in Luxembourg time.
create function public.order_stats(p_now timestamptz default null) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  tz text := public.restaurant_time_zone();
  local_now timestamp := coalesce(p_now, now()) at time zone tz;
  day_start timestamptz := date_trunc('day', local_now) at time zone tz;
  week_start timestamptz := date_trunc('week', local_now) at time zone tz;
  month_start timestamptz := date_trunc('month', local_now) at time zone tz;
  upto timestamptz := coalesce(p_now, now());
begin
  perform public.require_admin();
  return (
    select jsonb_build_object(
      'today', count(*) filter (where o.created_at >= day_start),
      'week', count(*) filter (where o.created_at >= week_start),
      'month', count(*) filter (where o.created_at >= month_start))
      from public.orders o
     where o.created_at >= least(week_start, month_start) and o.created_at <= upto
  );
end $$;

create function public.active_order_count() returns integer
language plpgsql stable set search_path = ''
as $$
begin
  perform public.require_admin();
  return (select count(*) from public.orders o
           where o.status in ('En attente', 'Bien reçu', 'En préparation', 'Prêt', 'Prête pour Livraison', 'En livraison'));
end $$;

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
  if btrim(coalesce(p_name, '')) = '' or btrim(coalesce(p_email, '')) = '' or btrim(coalesce(p_phone, '')) = ''
     or btrim(coalesce(p_reservation_date, '')) = '' or btrim(coalesce(p_reservation_time, '')) = ''
     or btrim(coalesce(p_people, '')) = '' then
    perform public.refuse('missing_fields', 'Information en manque', 'Veuillez remplir tous les champs obligatoires.');
  end if;
  if btrim(p_email) !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
    perform public.refuse('invalid_email', 'E-mail invalide', 'Veuillez entrer une adresse e-mail valide.');
  end if;
  if btrim(p_reservation_date) ~ '^\d{4}-\d{2}-\d{2}$' then
    begin
      reservation_day := btrim(p_reservation_date)::date;
    exception when others then reservation_day := null;
    end;
  end if;
  if reservation_day is null then
    perform public.refuse('invalid_date', 'Date invalide', 'Veuillez choisir une date valide.');
  end if;
  if reservation_day < (now() at time zone public.restaurant_time_zone())::date then
    perform public.refuse('reservation_in_past', 'Date invalide', 'La date de réservation ne peut pas être dans le passé.');
  end if;
  if btrim(p_reservation_time) !~ '^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$' then
    perform public.refuse('invalid_time', 'Heure invalide', 'Veuillez choisir une heure valide.');
  end if;
  reservation_at := btrim(p_reservation_time)::time;
  if btrim(p_people) not in ('1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '10+') then
    perform public.refuse('invalid_people', 'Nombre de personnes invalide', 'Veuillez choisir entre 1 et 10 personnes, ou 10+.');
  end if;
  if length(p_name) > 200 or length(p_email) > 254 or length(p_phone) > 40 or length(p_message) > 2000 then
    perform public.refuse('field_too_long', 'Information trop longue', 'Un des champs est trop long.');
  end if;
  insert into public.reservations (name, email, phone, reservation_date, reservation_time, people, message, status)
  values (btrim(p_name), btrim(p_email), btrim(p_phone), reservation_day, reservation_at, btrim(p_people),
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
  if btrim(coalesce(p_name, '')) = '' then
    perform public.refuse('name_required', 'Nom requis', 'Veuillez entrer votre nom.');
  end if;
  if coalesce(btrim(p_email), '') !~ '^\S+@\S+\.\S+$' then
    perform public.refuse('invalid_email', 'E-mail invalide', 'Veuillez entrer une adresse e-mail valide.');
  end if;
  if p_agreed_to_terms is not true then
    perform public.refuse('terms_not_accepted', 'Contrat non accepté', 'Vous devez accepter les termes du contrat.');
  end if;
  if length(p_name) > 200 or length(p_email) > 254 or length(p_phone) > 40 then
    perform public.refuse('field_too_long', 'Information trop longue', 'Un des champs est trop long.');
  end if;
  insert into public.challenge_registrations (name, email, phone, agreed_to_terms)
  values (btrim(p_name), btrim(p_email), nullif(btrim(coalesce(p_phone, '')), ''), true)
  returning * into saved;
  return jsonb_build_object('id', saved.id, 'created_at', saved.created_at);
end $$;

revoke execute on function public.require_admin(), public.tracking_view(public.orders) from public, anon, authenticated;
revoke execute on function public.track_order(text), public.create_reservation(text, text, text, text, text, text, text),
  public.register_challenge(text, text, text, boolean), public.my_orders(), public.customer_prefill(),
  public.search_orders_by_term(text), public.order_stats(timestamptz), public.active_order_count() from public;
grant execute on function public.track_order(text), public.create_reservation(text, text, text, text, text, text, text),
  public.register_challenge(text, text, text, boolean) to anon, authenticated, service_role;
revoke execute on function public.my_orders(), public.customer_prefill(),
  public.search_orders_by_term(text), public.order_stats(timestamptz), public.active_order_count() from anon;
grant execute on function public.my_orders(), public.customer_prefill(),
  public.search_orders_by_term(text), public.order_stats(timestamptz), public.active_order_count() to authenticated, service_role;
grant execute on function public.require_admin() to authenticated, service_role;
grant execute on function public.phone_key(text) to anon, authenticated, service_role;
-- Refusals are raised from invoker functions too (admin search); raising is harmless to share.
grant execute on function public.refuse(text, text, text) to anon, authenticated, service_role;
