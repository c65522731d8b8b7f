-- Reading orders: public tracking, the signed-in customer's history and prefill, the admin's
-- search, statistics and active count.

-- Tracking. The order number (or full id) shows the whole tracking page. The phone number alone finds
-- only a recent or still active order placed from the caller's own client address (order_origins) or
-- belonging to the signed-in caller, so an order placed elsewhere with someone else's number never
-- replaces theirs; and unless the caller is the signed-in owner it shows only the status, the method and
-- the ready time of an immediate order: no items, amounts, address, city, notes, pre-order date or time,
-- not even the order number (docs/DATABASE.md, « Reading orders »). Each address may look up a bounded number of distinct
-- terms; refreshing the same term is free.
create function public.track_order(p_term text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  term text := lower(btrim(coalesce(p_term, '')));
  phone text;
  address text := public.client_address();
  seen_key text;
  hit public.orders;
  by_number boolean;
  is_owner boolean;
  answer jsonb;
begin
  if term = '' then
    perform public.refuse('search_term_required', 'Terme de recherche requis', 'Veuillez entrer l''ID de la commande ou le téléphone.');
  end if;
  if length(term) > 64 then
    return null;
  end if;
  phone := public.phone_key(term);
  if address is not null and coalesce(auth.role(), '') <> 'service_role' then
    seen_key := address || ' ' || md5(term);
    if not exists (select 1 from public.rate_limit_counters c
                    where c.bucket = 'tracking_term' and c.subject = seen_key and c.window_start > now() - interval '2 hours') then
      perform public.check_rate_limit('tracking');
      insert into public.rate_limit_counters (bucket, window_seconds, subject, window_start, hits)
      values ('tracking_term', 3600, seen_key, to_timestamp(floor(extract(epoch from now()) / 3600) * 3600), 1)
      on conflict do nothing;
    end if;
  end if;
  select * into hit from public.orders o
   where (length(term) = 8 and left(o.id, 8) = term)
      or (length(term) > 8 and o.id = term)
   limit 1;
  by_number := found;
  if not by_number and length(phone) >= 6 and term !~ '[a-z]' then
    select * into hit from public.orders o
     where public.phone_key(o.customer_phone) = phone
       and (o.created_at > now() - interval '48 hours'
            or (o.status not in ('Livrée', 'Annulée') and o.created_at > now() - interval '60 days'))
       and ((auth.uid() is not null and o.user_id = auth.uid())
            or (auth.uid() is not null and lower(o.customer_email) = (select lower(u.email) from auth.users u
                  where u.id = auth.uid() and u.email_confirmed_at is not null))
            or exists (select 1 from public.order_origins g where g.order_id = o.id and g.client_address = address))
     order by o.created_at desc
     limit 1;
    if not found then
      return null;
    end if;
  elsif not by_number then
    return null;
  end if;
  is_owner := auth.uid() is not null
    and (hit.user_id = auth.uid() or lower(hit.customer_email) = (select lower(u.email) from auth.users u
          where u.id = auth.uid() and u.email_confirmed_at is not null));
  answer := public.tracking_view(hit);
  if by_number or is_owner then
    return answer || jsonb_build_object('details_hidden', false);
  end if;
  return jsonb_build_object(
    'order_number', null, 'status', hit.status, 'created_at', hit.created_at, 'updated_at', hit.updated_at,
    'order_items', '[]'::jsonb, 'total_price', null, 'delivery_fee', null, 'discount_amount', null, 'grand_total', null,
    'delivery_method', hit.delivery_method, 'customer_address', null, 'customer_postal_code', null, 'customer_city', null,
    'notes', null, 'is_preorder', hit.is_preorder, 'preorder_date', null, 'preorder_time', null,
    'accepted_at', hit.accepted_at,
    'ready_at', case when not hit.is_preorder then hit.ready_at end,
    'ready_text', case when not hit.is_preorder then answer ->> 'ready_text' end,
    'refusal_reason', null, 'details_hidden', true);
end $$;

-- The confirmation page /commande/<id> (docs/DATABASE.md, « Reading orders »): everything about one order but
-- the customer's name, phone and e-mail, found only by its full id (a random uuid, 122 bits: the link after
-- « Commander », in the e-mails and in the account's history). The 8-character number, or any id that is not an
-- order's, answers null. Adds what tracking leaves out: the payment method, whether the customer may still
-- cancel it, and whether they did.
create function public.order_confirmation(p_order_id text) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  given text := lower(btrim(coalesce(p_order_id, '')));
  o public.orders;
begin
  if length(given) not between 32 and 64 then
    return null;
  end if;
  select * into o from public.orders x where x.id = given;
  if not found then
    return null;
  end if;
  return public.tracking_view(o) || jsonb_build_object(
    'id', o.id,
    'payment_method', o.payment_method,
    'can_cancel', o.status = 'En attente',
    'cancelled_by_customer', o.status = 'Annulée' and o.cancelled_by_customer_at is not null,
    'details_hidden', false);
end $$;

-- The signed-in customer's orders (their account, or their verified e-mail), newest first.
create function public.my_orders() returns setof public.orders
language plpgsql stable set search_path = ''
as $$
begin
  -- A token whose session ended (signed out, account removed) reads no one's orders any more.
  perform public.require_live_session();
  return query
    select * from public.orders o
     where auth.uid() is not null
       and (o.user_id = auth.uid() or lower(o.customer_email) = public.verified_email())
     order by o.created_at desc;
end $$;

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

-- The counter's day (Luxembourg calendar of p_now, default now()): orders due that day (immediate orders
-- placed that day and pre-orders for that day), then pre-orders placed that day for a later day, each part by
-- its due time (a pre-order's slot; an immediate order's ready time once accepted, else when it was placed).
create function public.day_orders(p_now timestamptz default null) returns setof public.orders
language plpgsql stable set search_path = ''
as $$
declare
  tz text := public.restaurant_time_zone();
  day date := (coalesce(p_now, now()) at time zone tz)::date;
  day_start timestamptz := day::timestamp at time zone tz;
  day_end timestamptz := (day + 1)::timestamp at time zone tz;
begin
  perform public.require_admin();
  return query
    select o.* from public.orders o
     where (o.created_at >= day_start and o.created_at < day_end)
        or (o.is_preorder and o.preorder_date = day)
     order by (o.is_preorder and o.preorder_date <> day),
              case when o.is_preorder then (o.preorder_date + o.preorder_time) at time zone tz
                   else coalesce(o.ready_at, o.created_at) end,
              o.created_at
     limit 500;
end $$;

-- The coming days (the kitchen's plan: what to marinate the day before): the pre-orders due on the p_days
-- Luxembourg days after the day of p_now (the admin's clock, as day_orders), 1 to 14, cancelled ones left out,
-- by due time (the slot, on the restaurant's time zone), then when placed. Grouped by day and service in the admin
-- (src/shared/domain/upcoming-orders.ts, services from the opening hours).
create function public.upcoming_orders(p_now timestamptz default null, p_days integer default 7) returns setof public.orders
language plpgsql stable set search_path = ''
as $$
declare
  tz text := public.restaurant_time_zone();
  day date := (coalesce(p_now, now()) at time zone tz)::date;
begin
  perform public.require_admin();
  if p_days is null or p_days not between 1 and 14 then
    perform public.refuse('invalid_request', 'Pedido inválido', 'Choisissez de 1 à 14 jours.');
  end if;
  return query
    select o.* from public.orders o
     where o.is_preorder and o.preorder_date > day and o.preorder_date <= day + p_days and o.status <> 'Annulée'
     order by (o.preorder_date + o.preorder_time) at time zone tz, o.created_at
     limit 1000;
end $$;

-- Orders not yet delivered or cancelled (the list is tested against src/shared/domain/order-status.ts).
create function public.active_order_count() returns integer
language plpgsql stable set search_path = ''
as $$
begin
  perform public.require_admin();
  return (select count(*) from public.orders o
           where o.status in ('En attente', 'Bien reçu', 'En préparation', 'Prêt', 'Prête pour Livraison', 'En livraison'));
end $$;

revoke execute on function public.track_order(text), public.my_orders(), public.customer_prefill(),
  public.search_orders_by_term(text), public.order_stats(timestamptz), public.day_orders(timestamptz),
  public.upcoming_orders(timestamptz, integer), public.active_order_count() from public;
grant execute on function public.track_order(text) to anon, authenticated, service_role;
revoke execute on function public.order_confirmation(text) from public;
grant execute on function public.order_confirmation(text) to anon, authenticated, service_role;
revoke execute on function public.my_orders(), public.customer_prefill(),
  public.search_orders_by_term(text), public.order_stats(timestamptz), public.day_orders(timestamptz),
  public.upcoming_orders(timestamptz, integer), public.active_order_count() from anon;
grant execute on function public.my_orders(), public.customer_prefill(),
  public.search_orders_by_term(text), public.order_stats(timestamptz), public.day_orders(timestamptz),
  public.upcoming_orders(timestamptz, integer), public.active_order_count() to authenticated, service_role;
