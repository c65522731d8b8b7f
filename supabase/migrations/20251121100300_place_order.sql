-- place_order: the only way a customer creates an order. Every price, option, fee and total is
-- recomputed here from the menu and the settings; the browser's amounts are never read. The rules
-- are those of the shop's domain code (src/shared/domain/order-validation.ts): same checks, same
-- order, same codes and French texts, proven by the shared cases in tests/shared/order-rule-cases.ts.
--
-- place_order (the API entry point) bounds the request, cleans its texts, counts the caller and
-- de-duplicates retries (request id), then calls place_order_once, which checks, prices and inserts.
-- accept_order / refuse_order are the staff's answer; order_slot_availability tells the shop which
-- 15-minute slots are full.
--
-- The opening-hours rules these call (kitchen_open_at, check_preorder_slot for a pre-order's date and
-- time, order_slot_offered for the slots, opening_refusal for the text) read the weekly schedule and its
-- dated exceptions, so they live with them in 20251126100000_opening_hours.

-- "Now" for the order rules. Tests (service role only) may pass a fixed instant.
create function public.order_clock(p_now timestamptz) returns timestamptz
language plpgsql stable set search_path = ''
as $$
begin
  return case when p_now is not null and auth.role() = 'service_role' then p_now else now() end;
end $$;

create function public.invalid_order_item() returns void
language plpgsql set search_path = ''
as $$
begin
  perform public.refuse('invalid_item', 'Article invalide', 'Un article de votre panier est invalide. Veuillez le retirer et réessayer.');
end $$;

-- One cart line → the stored order item {id, menu_item_id, name, quantity, price, options}.
create function public.priced_order_item(p_line jsonb, p_method text, p_day date) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  item public.menu_items;
  item_id text := coalesce(public.json_text(p_line -> 'menuItemId'), public.json_text(p_line -> 'menu_item_id'));
  kids_option text := coalesce(public.json_text(p_line -> 'kidsOption'), public.json_text(p_line -> 'kids_option'));
  quantity jsonb := p_line -> 'quantity';
  kids jsonb;
  opt jsonb;
  opt_id text;
  extra public.menu_items;
  options jsonb := '[]';
  line_id text;
  line_name text;
begin
  if jsonb_typeof(p_line) <> 'object' then
    perform public.invalid_order_item();
  end if;
  -- A cart line id is "<item>_<kids option>"; menu ids never contain "_".
  if item_id is null then
    item_id := split_part(public.json_text(p_line -> 'id'), '_', 1);
    kids_option := coalesce(kids_option, nullif(substr(public.json_text(p_line -> 'id'), length(item_id) + 2), ''));
  end if;
  select * into item from public.menu_items m where m.id = item_id;
  if not found or item.unavailable or item.item_type <> 'dish' then
    perform public.refuse('item_unavailable', 'Article indisponible', 'Cet article n''est pas disponible pour le moment.');
  end if;
  if jsonb_typeof(quantity) is distinct from 'number' or quantity::numeric <> trunc(quantity::numeric)
     or quantity::numeric < 1 or quantity::numeric > 99 then
    perform public.invalid_order_item();
  end if;

  line_id := item.id;
  line_name := item.name;
  if jsonb_typeof(item.kids_menu_options) = 'array' and jsonb_array_length(item.kids_menu_options) > 0 then
    select k into kids from jsonb_array_elements(item.kids_menu_options) k where k ->> 'id' = kids_option;
    if kids is null then
      perform public.invalid_order_item();
    end if;
    line_id := item.id || '_' || (kids ->> 'id');
    line_name := item.name || ' (' || (kids ->> 'name') || ')';
  elsif kids_option is not null then
    perform public.invalid_order_item();
  end if;

  -- Extras are accompaniments of the menu (sauces, sides), priced from the menu.
  if p_line ? 'options' and jsonb_typeof(p_line -> 'options') not in ('array', 'null') then
    perform public.invalid_order_item();
  end if;
  for opt in select * from jsonb_array_elements(case when jsonb_typeof(p_line -> 'options') = 'array' then p_line -> 'options' else '[]' end) loop
    opt_id := coalesce(public.json_text(opt), public.json_text(opt -> 'id'));
    select * into extra from public.menu_items m where m.id = opt_id and m.category_id = 'accompagnements';
    if not found or extra.unavailable or extra.item_type <> 'dish' then
      perform public.invalid_order_item();
    end if;
    options := options || jsonb_build_array(jsonb_build_object(
      'id', extra.id, 'name', extra.name, 'price', public.unit_price(extra.id, p_method, p_day)));
    line_id := line_id || '_' || extra.id;
  end loop;

  return jsonb_build_object(
    'id', line_id,
    'name', line_name,
    'quantity', quantity::numeric::int,
    'price', public.unit_price(item.id, p_method, p_day),
    'options', options
  );
end $$;

-- The order request with every customer text cleaned (control characters reach the kitchen printer).
create function public.clean_order_request(p_order jsonb) returns jsonb
language plpgsql immutable set search_path = ''
as $$
declare
  o jsonb := p_order;
  c jsonb;
  k text;
begin
  foreach k in array array['customer_name', 'customer_phone', 'customer_email', 'customer_address', 'customer_postal_code', 'customer_city', 'notes'] loop
    if jsonb_typeof(o -> k) = 'string' then
      o := jsonb_set(o, array[k], to_jsonb(public.clean_text(o ->> k, k = 'notes')));
    end if;
  end loop;
  if jsonb_typeof(o -> 'customer') = 'object' then
    c := o -> 'customer';
    foreach k in array array['name', 'phone', 'email', 'address', 'postalCode', 'postal_code', 'city', 'notes'] loop
      if jsonb_typeof(c -> k) = 'string' then
        c := jsonb_set(c, array[k], to_jsonb(public.clean_text(c ->> k, k = 'notes')));
      end if;
    end loop;
    o := jsonb_set(o, '{customer}', c);
  end if;
  return o;
end $$;

-- The order's size, before anything is read or priced: a few lookups whatever the request holds.
-- The bounds are mirrored in src/shared/domain/input-bounds.ts with the same codes and texts.
create function public.check_order_bounds(p_order jsonb, p_now timestamptz) returns void
language plpgsql stable set search_path = ''
as $$
declare
  customer jsonb;
  lines jsonb;
  v text;
  preorder_day date;
begin
  if p_order is null or jsonb_typeof(p_order) <> 'object' then
    return;
  end if;
  lines := coalesce(p_order -> 'items', p_order -> 'order_items');
  if jsonb_typeof(lines) = 'array' then
    if jsonb_array_length(lines) > 50 then
      perform public.refuse('too_many_lines', 'Panier trop grand', 'Votre panier ne peut pas contenir plus de 50 articles différents.');
    end if;
    if exists (select 1 from jsonb_array_elements(lines) l
                where jsonb_typeof(l) = 'object' and jsonb_typeof(l -> 'options') = 'array' and jsonb_array_length(l -> 'options') > 10) then
      perform public.refuse('too_many_options', 'Article invalide', 'Un article ne peut pas avoir plus de 10 accompagnements.');
    end if;
  end if;
  if pg_column_size(p_order) > 65536 then
    perform public.refuse('request_too_large', 'Commande trop grande', 'La commande est trop grande. Veuillez retirer des articles ou raccourcir les remarques.');
  end if;
  customer := case when jsonb_typeof(p_order -> 'customer') = 'object' then p_order -> 'customer' else '{}' end;
  v := coalesce(public.json_text(customer -> 'name'), public.json_text(p_order -> 'customer_name'));
  if length(v) > 200 then perform public.refuse_too_long('Le nom', 200); end if;
  v := coalesce(public.json_text(customer -> 'phone'), public.json_text(p_order -> 'customer_phone'));
  if length(v) > 40 then perform public.refuse_too_long('Le téléphone', 40); end if;
  v := coalesce(public.json_text(customer -> 'email'), public.json_text(p_order -> 'customer_email'));
  if length(v) > 254 then perform public.refuse_too_long('L''e-mail', 254); end if;
  v := coalesce(public.json_text(customer -> 'address'), public.json_text(p_order -> 'customer_address'));
  if length(v) > 300 then perform public.refuse_too_long('L''adresse', 300); end if;
  v := coalesce(public.json_text(customer -> 'postalCode'), public.json_text(customer -> 'postal_code'), public.json_text(p_order -> 'customer_postal_code'));
  if length(v) > 20 then perform public.refuse_too_long('Le code postal', 20); end if;
  v := coalesce(public.json_text(customer -> 'city'), public.json_text(p_order -> 'customer_city'));
  if length(v) > 100 then perform public.refuse_too_long('La ville', 100); end if;
  v := coalesce(public.json_text(p_order -> 'notes'), public.json_text(customer -> 'notes'));
  if length(v) > 2000 then perform public.refuse_too_long('La remarque', 2000); end if;
  v := coalesce(public.json_text(p_order -> 'preorder_date'), public.json_text(p_order -> 'preorderDate'));
  if coalesce(coalesce(p_order -> 'is_preorder', p_order -> 'isPreorder') = 'true'::jsonb, false) and v ~ '^\d{4}-\d{2}-\d{2}$' then
    begin
      preorder_day := v::date;
    exception when others then preorder_day := null;
    end;
    if preorder_day > (public.order_clock(p_now) at time zone public.restaurant_time_zone())::date + 60 then
      perform public.refuse('preorder_too_far', 'Date de pré-commande invalide', 'Une pré-commande peut être prévue au plus tard 60 jours à l''avance.');
    end if;
  end if;
end $$;

-- Busy mode (store_settings busy_mode, public: the shop shows it live). The counter adds minutes to the
-- preparation time for the next hour, or pauses immediate orders for 30 minutes (pre-orders still taken). Each
-- mode is its end time, not a flag: it ends by itself, and set_busy_mode('end') ends both early.
create function public.busy_extra_minutes(p_at timestamptz) returns integer
language plpgsql stable set search_path = ''
as $$
begin
  return coalesce((select (s.value ->> 'extra_minutes')::int from public.store_settings s
                    where s.key = 'busy_mode' and (s.value ->> 'extra_until')::timestamptz > p_at), 0);
end $$;

create function public.busy_paused_until(p_at timestamptz) returns timestamptz
language plpgsql stable set search_path = ''
as $$
begin
  return (select u from (select (s.value ->> 'paused_until')::timestamptz as u from public.store_settings s
                          where s.key = 'busy_mode') b
           where b.u > p_at);
end $$;

-- Minutes from now an immediate order placed at p_at is ready: the default preparation time, plus the busy mode's.
create function public.order_ready_minutes(p_at timestamptz) returns integer
language plpgsql stable set search_path = ''
as $$
begin
  return (public.order_acceptance_settings() ->> 'default_ready_minutes')::int + public.busy_extra_minutes(p_at);
end $$;

-- Admins: 'extra' (+20 minutes of preparation for the next hour), 'pause' (no immediate order for 30 minutes),
-- 'end' (both over now). The end times are whole minutes (the shop says « jusqu'à 19:30 »). Answers the row's value.
create function public.set_busy_mode(p_mode text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  current_value jsonb := coalesce((select s.value from public.store_settings s where s.key = 'busy_mode'),
    '{"extra_minutes": 0, "extra_until": null, "paused_until": null}');
  next_minute timestamptz := date_trunc('minute', now()) + interval '1 minute';
  v jsonb;
begin
  perform public.require_admin();
  if p_mode = 'extra' then
    v := current_value || jsonb_build_object('extra_minutes', 20, 'extra_until', next_minute + interval '59 minutes');
  elsif p_mode = 'pause' then
    v := current_value || jsonb_build_object('paused_until', next_minute + interval '29 minutes');
  elsif p_mode = 'end' then
    v := '{"extra_minutes": 0, "extra_until": null, "paused_until": null}';
  else
    perform public.refuse('invalid_request', 'Pedido inválido', 'Mode inconnu (extra, pause ou end).');
  end if;
  insert into public.store_settings (key, value, is_public) values ('busy_mode', v, true)
  on conflict (key) do update set value = excluded.value;
  return v;
end $$;

-- Capacity per 15-minute slot (delivery and pickup apart), enforced by place_order under concurrency.
-- The 15-minute slot an instant falls in (Luxembourg is a whole number of hours from UTC).
create function public.order_slot_of(p_at timestamptz) returns timestamptz
language plpgsql immutable set search_path = ''
as $$
begin
  return to_timestamp(floor(extract(epoch from p_at) / 900) * 900);
end $$;

-- Orders counted in a slot: every order of that method in it, except cancelled ones.
create function public.order_slot_is_full(p_method text, p_slot timestamptz) returns boolean
language plpgsql stable set search_path = ''
as $$
declare
  cap integer := (public.order_acceptance_settings() -> 'capacity' ->> p_method)::integer;
begin
  if cap is null then
    return false;
  end if;
  return (select count(*) from public.orders o
           where o.delivery_method = p_method and o.slot_start = p_slot and o.status <> 'Annulée') >= cap;
end $$;

-- The first slot after p_slot, on the same local day, that is offered and not full; null when none.
create function public.next_free_order_slot(p_method text, p_slot timestamptz, p_preorder boolean) returns timestamptz
language plpgsql stable set search_path = ''
as $$
declare
  day date := (p_slot at time zone public.restaurant_time_zone())::date;
  s timestamptz := p_slot;
begin
  for i in 1..96 loop
    s := s + interval '15 minutes';
    exit when (s at time zone public.restaurant_time_zone())::date <> day;
    if public.order_slot_offered(s, p_preorder) and not public.order_slot_is_full(p_method, s) then
      return s;
    end if;
  end loop;
  return null;
end $$;

-- Which slots the shop must grey out, and, for today, where an immediate order would land.
-- {date, capacity_limited, full: ["19:45", …], asap: {slot, full, next_free, preorder_from} (today only)}
create function public.order_slot_availability(p_method text, p_date date default null) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  today date := public.restaurant_today();
  day date := coalesce(p_date, today);
  tz text := public.restaurant_time_zone();
  cap integer;
  full_slots jsonb;
  asap_slot timestamptz;
  asap_full boolean;
  next_slot timestamptz;
  ready_at timestamp;
  preorder_from text;
begin
  if p_method is null or p_method not in ('delivery', 'pickup') then
    perform public.refuse('invalid_request', 'Requête invalide', 'Mode de livraison inconnu.');
  end if;
  if day < today or day > today + 60 then
    perform public.refuse('invalid_date', 'Date invalide', 'Veuillez choisir une date entre aujourd''hui et dans 60 jours.');
  end if;
  cap := (public.order_acceptance_settings() -> 'capacity' ->> p_method)::integer;
  if cap is null then
    full_slots := '[]';
  else
    select coalesce(jsonb_agg(to_char(x.slot_start at time zone tz, 'HH24:MI') order by x.slot_start), '[]') into full_slots
      from (select o.slot_start from public.orders o
             where o.delivery_method = p_method and o.status <> 'Annulée'
               and o.slot_start >= (day::timestamp at time zone tz) and o.slot_start < ((day + 1)::timestamp at time zone tz)
             group by o.slot_start having count(*) >= cap) x;
  end if;
  if day = today then
    asap_slot := public.order_slot_of(now() + make_interval(mins => public.order_ready_minutes(now())));
    asap_full := public.order_slot_is_full(p_method, asap_slot);
    next_slot := case when asap_full then public.next_free_order_slot(p_method, asap_slot, false) end;
    -- A pre-order of today: from now plus the preparation time, to the minute above ('24:00': none left today).
    ready_at := (now() + make_interval(mins => (public.order_acceptance_settings() ->> 'default_ready_minutes')::int)) at time zone tz;
    ready_at := date_trunc('minute', ready_at) + case when ready_at > date_trunc('minute', ready_at) then interval '1 minute' else interval '0' end;
    preorder_from := case when ready_at::date = today then to_char(ready_at, 'HH24:MI') else '24:00' end;
  end if;
  return jsonb_build_object(
    'date', day,
    'capacity_limited', cap is not null,
    'full', full_slots,
    'asap', case when day = today then jsonb_build_object(
      'slot', public.local_hhmi(asap_slot), 'full', asap_full,
      'next_free', case when next_slot is not null then public.local_hhmi(next_slot) end,
      'preorder_from', preorder_from) end);
end $$;

-- One client's share of a day's capacity. When a method's slots are limited, one client (its address, its
-- phone, its e-mail) may hold at most `waiting_orders` orders the counter has not reviewed yet (waiting for
-- acceptance, or auto-accepted and not yet moved on) in the slots of one Luxembourg day; the counter's
-- acceptance frees the share. The cap is the max_hits of the rate_limits row (bucket waiting_orders), so
-- the tests raise it with the other product limits. Admins are not capped.
insert into public.rate_limits (bucket, window_seconds, max_hits) values ('waiting_orders', 86400, 3);

create function public.check_waiting_orders_share(p_slot timestamptz, p_phone text, p_email text) returns void
language plpgsql stable set search_path = ''
as $$
declare
  cap integer := (select min(r.max_hits) from public.rate_limits r where r.bucket = 'waiting_orders');
  tz text := public.restaurant_time_zone();
  day date := (p_slot at time zone tz)::date;
  addr text := public.client_address();
  phone text := public.phone_key(p_phone);
  email text := lower(p_email);
begin
  if cap is null or public.is_admin() then
    return;
  end if;
  if (select count(*) from public.orders o
       where o.slot_start >= (day::timestamp at time zone tz) and o.slot_start < ((day + 1)::timestamp at time zone tz)
         and (o.status = 'En attente' or (o.auto_accepted and o.status = 'Bien reçu'))
         and ((length(phone) >= 6 and public.phone_key(o.customer_phone) = phone)
              or lower(o.customer_email) = email
              or exists (select 1 from public.order_origins g where g.order_id = o.id and g.client_address = addr))) >= cap then
    perform public.refuse('too_many_waiting', 'Trop de commandes en attente',
      'Vous avez déjà des commandes en attente de confirmation pour ce jour-là. Attendez notre confirmation ou appelez le restaurant.');
  end if;
end $$;

-- A phone or address the counter blocked for the day (refuse_client_orders) orders by telephone only.
create function public.check_client_not_blocked(p_phone text) returns void
language plpgsql stable set search_path = ''
as $$
begin
  if exists (select 1 from public.blocked_clients b
              where b.blocked_until > now()
                and ((b.kind = 'phone' and b.key = public.phone_key(p_phone))
                     or (b.kind = 'address' and b.key = public.client_address()))) then
    perform public.refuse('client_blocked', 'Commande en ligne impossible',
      'Nous ne pouvons plus prendre vos commandes en ligne aujourd''hui. Veuillez appeler le restaurant.');
  end if;
end $$;

-- The largest total of an order placed without an account (store_settings order_limits.max_anonymous_total,
-- 500 € installed and when the row is missing): a larger order is taken by telephone.
create function public.max_anonymous_order_total() returns numeric
language plpgsql stable set search_path = ''
as $$
begin
  return coalesce((select (s.value ->> 'max_anonymous_total')::numeric from public.store_settings s
                    where s.key = 'order_limits' and jsonb_typeof(s.value -> 'max_anonymous_total') = 'number'), 500);
end $$;

-- The time each step of an order took, for the load benchmark (bench/load.bench.ts): a request with the header
-- « x-order-timing: on » gets {step: milliseconds} in its answer's `timing`. Off (every shop order), no step is
-- called (a PERFORM is a statement through the executor, not an expression). Only
-- durations of the caller's own request are told, nothing of other orders.
create function public.order_step(p_name text) returns void
language plpgsql volatile set search_path = ''
as $$
declare
  at_now timestamptz := clock_timestamp();
begin
  if current_setting('churrasqueira.order_timing', true) is distinct from 'on' then
    return;
  end if;
  -- The steps as text ("name":ms pairs), made an object once in order_answer: no JSON read and written per step.
  perform set_config('churrasqueira.order_steps', current_setting('churrasqueira.order_steps') || ',"' || p_name || '":'
      || round(extract(epoch from at_now - current_setting('churrasqueira.order_step_at')::timestamptz)::numeric * 1000, 3),
      true),
    set_config('churrasqueira.order_step_at', clock_timestamp()::text, true);
end $$;

-- The checks, the slot capacity, auto-accept and the insert. No API role may call it.
create function public.place_order_once(p_order jsonb, p_now timestamptz default null) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  now_at timestamptz := public.order_clock(p_now);
  tz text := public.restaurant_time_zone();
  local_now timestamp := now_at at time zone tz;
  ordering jsonb := coalesce((select value from public.store_settings where key = 'ordering'), '{"is_enabled": true}');
  delivery_options jsonb := coalesce((select value from public.store_settings where key = 'delivery_options'), '{"is_enabled": true}');
  acceptance jsonb := public.order_acceptance_settings();
  customer jsonb;
  method text;
  payment text;
  is_preorder boolean;
  preorder_date_text text;
  preorder_time_text text;
  preorder_date date;
  preorder_time time;
  name text; phone text; email text; address text; postal_code text; city text; notes text;
  lines jsonb;
  items jsonb := '[]';
  line jsonb;
  subtotal numeric(10, 2) := 0;
  fee numeric(10, 2) := 0;
  day date;
  saved public.orders;
  attempt int := 0;
  slot timestamptz;
  wanted_slot_text text;
  wanted_slot timestamptz;
  expected jsonb;
  next_slot timestamptz;
  ready timestamptz;
  auto boolean := coalesce((acceptance -> 'auto_accept') = 'true'::jsonb, false);
  -- The step times (x-order-timing, set by place_order): each step's call is a statement of its own, made only then.
  timing boolean := current_setting('churrasqueira.order_timing', true) is not distinct from 'on';
begin
  if p_order is null or jsonb_typeof(p_order) <> 'object' then
    perform public.refuse('invalid_request', 'Requête invalide', 'La commande est illisible.');
  end if;
  customer := case when jsonb_typeof(p_order -> 'customer') = 'object' then p_order -> 'customer' else '{}' end;
  method := coalesce(public.json_text(p_order -> 'delivery_method'), public.json_text(p_order -> 'deliveryMethod'), 'delivery');
  payment := coalesce(public.json_text(p_order -> 'payment_method'), public.json_text(p_order -> 'paymentMethod'), 'cash');
  if method not in ('delivery', 'pickup') or payment not in ('cash', 'card') then
    perform public.refuse('invalid_request', 'Requête invalide', 'Mode de livraison ou de paiement inconnu.');
  end if;
  is_preorder := coalesce(coalesce(p_order -> 'is_preorder', p_order -> 'isPreorder') = 'true'::jsonb, false);
  preorder_date_text := coalesce(public.json_text(p_order -> 'preorder_date'), public.json_text(p_order -> 'preorderDate'));
  preorder_time_text := coalesce(public.json_text(p_order -> 'preorder_time'), public.json_text(p_order -> 'preorderTime'));

  -- 1. Ordering closed, unless it is a pre-order.
  if (ordering -> 'is_enabled') = 'false'::jsonb and not is_preorder then
    perform public.refuse('ordering_closed', 'Commandes fermées', 'La commande en ligne est temporairement fermée.');
  end if;

  -- 1b. The counter paused immediate orders (busy mode) until a time it chose; pre-orders still pass.
  if not is_preorder and public.busy_paused_until(now_at) is not null then
    perform public.refuse('busy_paused', 'Restaurant très sollicité',
      format('Le restaurant est très sollicité : commandes immédiates en pause jusqu''à %s. Vous pouvez passer une pré-commande.',
             public.local_hhmi(public.busy_paused_until(now_at))));
  end if;

  -- 2. A pre-order needs a date and a time (checked for sense further down).
  if is_preorder and (preorder_date_text is null or preorder_time_text is null) then
    perform public.refuse('preorder_missing_datetime', 'Information en manque',
      'Veuillez choisir une date et une heure pour votre pré-commande.');
  end if;
  if is_preorder and preorder_date_text ~ '^\d{4}-\d{2}-\d{2}$' then
    begin
      preorder_date := preorder_date_text::date;
    exception when others then preorder_date := null;
    end;
  end if;
  -- Ordering switched off by the counter closes today: a pre-order for later today is an order for today.
  if (ordering -> 'is_enabled') = 'false'::jsonb and preorder_date = local_now::date then
    perform public.refuse('ordering_closed', 'Commandes fermées', 'La commande en ligne est temporairement fermée.');
  end if;

  -- 3. Contact details; the address only for delivery; an e-mail, when given, must look like one.
  name := coalesce(public.json_text(customer -> 'name'), public.json_text(p_order -> 'customer_name'));
  phone := coalesce(public.json_text(customer -> 'phone'), public.json_text(p_order -> 'customer_phone'));
  email := coalesce(public.json_text(customer -> 'email'), public.json_text(p_order -> 'customer_email'));
  address := coalesce(public.json_text(customer -> 'address'), public.json_text(p_order -> 'customer_address'));
  postal_code := coalesce(public.json_text(customer -> 'postalCode'), public.json_text(customer -> 'postal_code'), public.json_text(p_order -> 'customer_postal_code'));
  city := coalesce(public.json_text(customer -> 'city'), public.json_text(p_order -> 'customer_city'));
  notes := coalesce(public.json_text(p_order -> 'notes'), public.json_text(customer -> 'notes'));
  if name is null or phone is null or (method = 'delivery' and (address is null or postal_code is null or city is null)) then
    perform public.refuse('missing_fields', 'Information en manque', 'Veuillez remplir tous les champs obligatoires.');
  end if;
  -- A name of two letters at least, a phone in E.164 (stored so), a Luxembourg postal code for a delivery.
  phone := public.checked_contact(name, phone);
  if method = 'delivery' and public.lux_postal_code(postal_code) is null then
    perform public.refuse('invalid_postal_code', 'Code postal invalide',
      'Veuillez entrer un code postal luxembourgeois à 4 chiffres, par exemple L-4502.');
  end if;
  perform public.check_client_not_blocked(phone);
  email := coalesce((select u.email from auth.users u where u.id = auth.uid()), email);
  if email is not null and email !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
    perform public.refuse('invalid_email', 'E-mail invalide', 'Veuillez entrer une adresse e-mail valide.');
  end if;
  if length(name) > 200 or length(phone) > 40 or length(email) > 254 or length(address) > 300
     or length(postal_code) > 20 or length(city) > 100 or length(notes) > 2000 then
    perform public.refuse('field_too_long', 'Information trop longue', 'Un des champs est trop long.');
  end if;
  if timing then perform public.order_step('contact'); end if;

  -- 4. The cart, then each line priced from the menu for the day the order is for.
  lines := coalesce(p_order -> 'items', p_order -> 'order_items');
  if jsonb_typeof(lines) is distinct from 'array' or jsonb_array_length(lines) = 0 then
    perform public.refuse('empty_cart', 'Panier vide', 'Votre panier est vide. Ajoutez au moins un article pour commander.');
  end if;
  if jsonb_array_length(lines) > 50 then
    perform public.invalid_order_item();
  end if;
  day := case when is_preorder then preorder_date else local_now::date end;
  for line in select * from jsonb_array_elements(lines) loop
    line := public.priced_order_item(line, method, day);
    items := items || jsonb_build_array(line);
    subtotal := subtotal + ((line ->> 'price')::numeric
      + coalesce((select sum((o ->> 'price')::numeric) from jsonb_array_elements(line -> 'options') o), 0))
      * (line ->> 'quantity')::int;
  end loop;
  if timing then perform public.order_step('pricing'); end if;

  -- 5. Delivery minimum on the subtotal.
  if method = 'delivery' and subtotal < 20 then
    perform public.refuse('minimum_not_met', 'Montant minimum non atteint',
      format('Il vous manque %s pour atteindre le minimum de %s pour la commande.', public.euros(20 - subtotal), public.euros(20)));
  end if;

  -- 6. Delivery zone and its fee.
  if method = 'delivery' then
    fee := public.delivery_zone_fee(city, postal_code);
    if fee is null then
      perform public.refuse('invalid_zone', 'Zone de livraison non valide',
        'Veuillez entrer une ville valide ou nous ne pouvons pas livrer à cette adresse.');
    end if;
  end if;
  if timing then perform public.order_step('zone'); end if;

  -- The total the customer saw (expectedTotal, optional): a price, an offer or a fee that changed between
  -- the cart's last read and this order is refused, so that nobody is charged a total they were not shown.
  expected := coalesce(p_order -> 'expected_total', p_order -> 'expectedTotal');
  if expected is not null and jsonb_typeof(expected) <> 'null' then
    if jsonb_typeof(expected) <> 'number' then
      perform public.refuse('invalid_request', 'Requête invalide', 'Le total attendu est illisible.');
    end if;
    if (expected #>> '{}')::numeric <> subtotal + fee then
      perform public.refuse('total_changed', 'Prix modifiés',
        'Les prix de votre panier ont changé. Vérifiez le nouveau total dans le panier, puis validez à nouveau votre commande.');
    end if;
  end if;

  -- Without an account, a large order is taken by telephone (a fake order cannot block the kitchen).
  if auth.uid() is null and subtotal + fee > public.max_anonymous_order_total() then
    perform public.refuse('order_total_too_high', 'Commande trop importante',
      format('Une commande en ligne sans compte ne peut pas dépasser %s. Pour une grande commande, veuillez appeler le restaurant.',
             public.euros(public.max_anonymous_order_total())));
  end if;

  if method = 'delivery' and (delivery_options -> 'is_enabled') = 'false'::jsonb then
    perform public.refuse('delivery_disabled', 'Livraison indisponible',
      'La livraison est désactivée pour le moment. Veuillez choisir le retrait au restaurant.');
  end if;
  if is_preorder then
    perform public.check_preorder_slot(preorder_date, preorder_time_text, local_now::date);
    preorder_time := substr(preorder_time_text, 1, 5)::time;
    -- Later today: a time still to come, with the kitchen's preparation time (order_acceptance) before it.
    if preorder_date = local_now::date
       and preorder_date + preorder_time < local_now + make_interval(mins => (acceptance ->> 'default_ready_minutes')::int) then
      perform public.refuse('preorder_too_soon', 'Heure de pré-commande invalide',
        'Cette heure est passée ou trop proche pour préparer votre commande. Veuillez choisir une heure plus tardive.');
    end if;
  elsif not public.kitchen_open_at(local_now) then
    -- A dated closure names its reason and the reopening (opening_refusal, 20251126100000_opening_hours).
    perform public.refuse('outside_hours', 'Restaurant fermé', coalesce(public.opening_refusal(now_at),
      'Nous sommes fermés pour le moment. Vous pouvez passer une pré-commande.'));
  end if;

  if timing then perform public.order_step('rules'); end if;

  -- 7. The slot: a pre-order's requested time, or when an immediate order will be ready. With a
  -- capacity for this method, one order at a time checks and takes a place (a transaction lock, held
  -- until commit: the second of two customers for the last place waits, then sees it taken).
  if is_preorder then
    slot := public.order_slot_of((preorder_date + preorder_time) at time zone tz);
  else
    slot := public.order_slot_of(now_at + make_interval(mins => public.order_ready_minutes(now_at)));
  end if;
  if acceptance -> 'capacity' ->> method is not null then
    perform pg_advisory_xact_lock(7310025);
    if public.order_slot_is_full(method, slot) then
      if is_preorder then
        next_slot := public.next_free_order_slot(method, slot, true);
        perform public.refuse('slot_full', 'Créneau complet', format('Le créneau de %s est complet. %s',
          public.local_hhmi(slot),
          case when next_slot is null then 'Il n''y a plus de créneau libre ce jour-là. Veuillez choisir un autre jour.'
               else format('Prochain créneau libre : %s.', public.local_hhmi(next_slot)) end));
      end if;
      -- An immediate order: the customer was shown the next free time and chose it (asap_slot "HH:MM").
      wanted_slot_text := coalesce(public.json_text(p_order -> 'asap_slot'), public.json_text(p_order -> 'asapSlot'));
      if wanted_slot_text ~ '^([01]\d|2[0-3]):[0-5]\d$' then
        wanted_slot := public.order_slot_of((local_now::date + wanted_slot_text::time) at time zone tz);
      end if;
      if wanted_slot is null or wanted_slot < slot or not public.order_slot_offered(wanted_slot, false)
         or public.order_slot_is_full(method, wanted_slot) then
        next_slot := public.next_free_order_slot(method, slot, false);
        perform public.refuse('kitchen_busy', 'Cuisine complète', case when next_slot is null
          then 'La cuisine est complète pour aujourd''hui. Vous pouvez passer une pré-commande pour un autre jour.'
          else format('La cuisine est complète pour le moment. Prochain créneau libre : %s. Confirmez pour commander pour %s.',
                      public.local_hhmi(next_slot), public.local_hhmi(next_slot)) end);
      end if;
      slot := wanted_slot;
    end if;
    perform public.check_waiting_orders_share(slot, phone, email);
  end if;
  if timing then perform public.order_step('capacity'); end if;

  if auto then
    ready := case when is_preorder then (preorder_date + preorder_time) at time zone tz
                  else greatest(now_at + make_interval(mins => public.order_ready_minutes(now_at)), slot) end;
  end if;

  -- A new id whose first 8 characters (the order number) another order already has is drawn again: the insert
  -- skips it (on conflict do nothing) rather than failing inside a subtransaction of its own, which each order
  -- would pay for.
  loop
    insert into public.orders (
      id, created_at, status, customer_name, customer_phone, customer_email, customer_address,
      customer_postal_code, customer_city, delivery_method, payment_method, is_preorder,
      preorder_date, preorder_time, order_items, total_price, delivery_fee, discount_amount,
      discount_percentage, grand_total, notes, user_id, slot_start, accepted_at, ready_at, auto_accepted
    ) values (
      gen_random_uuid()::text, now(), case when auto then 'Bien reçu' else 'En attente' end, name, phone, email,
      case when method = 'delivery' then address end,
      case when method = 'delivery' then postal_code end,
      case when method = 'delivery' then city end,
      method, payment, is_preorder, preorder_date, preorder_time, items, subtotal, fee, 0, 0,
      subtotal + fee, notes, (select u.id from auth.users u where u.id = auth.uid()), slot,
      case when auto then now() end, ready, auto
    ) on conflict do nothing returning * into saved;
    exit when saved.id is not null;
    attempt := attempt + 1;
    if attempt >= 5 then
      raise exception using errcode = 'unique_violation', message = 'no free order number after 5 draws';
    end if;
  end loop;
  if public.client_address() is not null then
    insert into public.order_origins (order_id, client_address) values (saved.id, left(public.client_address(), 100));
  end if;
  -- An address is personal data: kept only as long as tracking by phone may look for its order.
  delete from public.order_origins g where g.created_at < now() - interval '60 days';
  if timing then perform public.order_step('insert'); end if;

  return to_jsonb(saved) || jsonb_build_object('order_number', left(saved.id, 8), 'subtotal', saved.total_price);
end $$;

-- The entry point: bounds, cleans, rate-limits and de-duplicates the request, then place_order_once.
-- A request id is only honoured for the same order content and the same signed-in customer: another
-- content under a known id is refused rather than answered with an order that is not the caller's.
-- The caller's hit of the 'order' rate limit is counted last, after the order is in: customers behind one
-- address (a router, a mobile network) share its counter rows, and the counting locks them until the commit,
-- so counting first made their orders wait for one another's whole placing. A caller already over the limit
-- is refused first, before any work (check_rate_limit_reached), as before; a refused order counts nothing.
create function public.place_order(p_order jsonb, p_now timestamptz default null) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  request jsonb;
  raw_id text;
  v_request_id uuid;
  body jsonb;
  hash text;
  known public.order_requests;
  saved public.orders;
  placed jsonb;
  timing boolean := (nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-order-timing') = 'on';
begin
  if timing then
    perform set_config('churrasqueira.order_timing', 'on', true);
    perform set_config('churrasqueira.order_steps', '', true);
    perform set_config('churrasqueira.order_step_at', clock_timestamp()::text, true);
  end if;
  perform public.check_order_bounds(p_order, p_now);
  request := case when jsonb_typeof(p_order) = 'object' then public.clean_order_request(p_order) else p_order end;
  if timing then perform public.order_step('bounds'); end if;
  raw_id := case when jsonb_typeof(request) = 'object'
    then coalesce(public.json_text(request -> 'request_id'), public.json_text(request -> 'requestId')) end;
  if raw_id is null then
    perform public.check_rate_limit_reached('order');
    placed := public.place_order_once(request, p_now);
    perform public.check_rate_limit('order');
    if timing then perform public.order_step('rate_limit'); end if;
    return public.order_answer(placed, timing);
  end if;
  if raw_id !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    perform public.refuse('invalid_request', 'Requête invalide', 'L''identifiant de la commande est illisible.');
  end if;
  v_request_id := raw_id::uuid;
  body := request - 'request_id' - 'requestId';
  hash := md5(body::text);

  -- Two calls with one request id at the same moment: the second waits here, before any work, until the first's
  -- transaction ends, then finds its order below. (A lock rather than catching the second primary-key insert: a
  -- catch block is a subtransaction every order pays for.) Two ids sharing a lock key only wait for each other.
  perform pg_advisory_xact_lock(7310027, hashtext(v_request_id::text));
  select * into known from public.order_requests r where r.request_id = v_request_id;
  if found then
    if known.request_hash <> hash or known.user_id is distinct from auth.uid() then
      perform public.refuse('request_reused', 'Requête invalide',
        'Cette commande a déjà été envoyée avec un autre contenu. Veuillez réessayer.');
    end if;
    select * into saved from public.orders o where o.id = known.order_id;
    return to_jsonb(saved) || jsonb_build_object('order_number', left(saved.id, 8), 'subtotal', saved.total_price);
  end if;
  -- A retry that finds its order above is not counted again.
  perform public.check_rate_limit_reached('order');
  if timing then perform public.order_step('request_id'); end if;
  placed := public.place_order_once(body, p_now);
  insert into public.order_requests (request_id, order_id, request_hash, user_id)
  values (v_request_id, placed ->> 'id', hash, auth.uid());
  if timing then perform public.order_step('request_record'); end if;
  perform public.check_rate_limit('order');
  if timing then perform public.order_step('rate_limit'); end if;
  return public.order_answer(placed, timing);
end $$;

-- place_order's answer: the order, and with « x-order-timing: on » the time of each step (order_step).
create function public.order_answer(p_placed jsonb, p_timing boolean) returns jsonb
language plpgsql stable set search_path = ''
as $$
begin
  return case when p_timing
    then p_placed || jsonb_build_object('timing', ('{' || ltrim(current_setting('churrasqueira.order_steps', true), ',') || '}')::jsonb)
    else p_placed end;
end $$;

-- Accepting: admins only; the ready time as an instant or in minutes from now (neither: the pre-order's
-- time, else the default). The order must still be waiting: of two devices accepting at once, the
-- second is told it was already done.
create function public.accept_order(p_order_id text, p_ready_at timestamptz default null, p_minutes integer default null) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  o public.orders;
  ready timestamptz;
begin
  perform public.require_admin();
  if p_ready_at is not null and p_minutes is not null then
    perform public.refuse('invalid_ready_time', 'Hora inválida', 'Indiquez soit une heure, soit un délai en minutes, pas les deux.');
  end if;
  if p_minutes is not null and p_minutes not between 1 and 240 then
    perform public.refuse('invalid_ready_time', 'Hora inválida', 'Le délai doit être entre 1 et 240 minutes.');
  end if;
  if p_ready_at is not null and (p_ready_at < now() - interval '1 minute' or p_ready_at > now() + interval '61 days') then
    perform public.refuse('invalid_ready_time', 'Hora inválida', 'L''heure de préparation doit être entre maintenant et dans 61 jours.');
  end if;
  select * into o from public.orders where id = p_order_id for update;
  if not found then
    perform public.refuse('unknown_order', 'Encomenda desconhecida', 'Cette commande n''existe pas (ou plus).');
  end if;
  if o.status <> 'En attente' then
    perform public.refuse('already_handled', 'Já tratada', format('Cette commande a déjà été traitée (statut : %s).', o.status));
  end if;
  ready := coalesce(p_ready_at, now() + make_interval(mins => p_minutes),
    case when o.is_preorder then greatest((o.preorder_date + o.preorder_time) at time zone public.restaurant_time_zone(), now()) end,
    now() + make_interval(mins => public.order_ready_minutes(now())));
  update public.orders set status = 'Bien reçu', accepted_at = now(), ready_at = date_trunc('minute', ready), refusal_reason = null
   where id = o.id returning * into o;
  return to_jsonb(o);
end $$;

create function public.refuse_order(p_order_id text, p_reason text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  o public.orders;
  reason text := btrim(public.clean_text(coalesce(p_reason, '')));
begin
  perform public.require_admin();
  if length(reason) < 3 then
    perform public.refuse('reason_required', 'Motivo obrigatório', 'Indiquez la raison du refus (au moins 3 caractères).');
  end if;
  if length(reason) > 300 then
    perform public.refuse('reason_too_long', 'Motivo demasiado longo', 'La raison du refus ne peut pas dépasser 300 caractères.');
  end if;
  select * into o from public.orders where id = p_order_id for update;
  if not found then
    perform public.refuse('unknown_order', 'Encomenda desconhecida', 'Cette commande n''existe pas (ou plus).');
  end if;
  if o.status <> 'En attente' then
    perform public.refuse('already_handled', 'Já tratada', format('Cette commande a déjà été traitée (statut : %s).', o.status));
  end if;
  update public.orders set status = 'Annulée', refusal_reason = reason, accepted_at = null, ready_at = null
   where id = o.id returning * into o;
  return to_jsonb(o);
end $$;

-- The counter's answer to a flood of fake orders: refuses, with one reason, every order not reviewed yet
-- (waiting, or auto-accepted and not moved on) placed with the phone of this order or from the client
-- address it came from, and blocks that phone and address until the end of the restaurant's day.
-- Answers {refused: n, blocked_until, address_blocked}.
create function public.refuse_client_orders(p_order_id text, p_reason text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  o public.orders;
  reason text := btrim(public.clean_text(coalesce(p_reason, '')));
  phone text;
  addr text;
  until timestamptz := ((public.restaurant_today() + 1)::timestamp at time zone public.restaurant_time_zone());
  n integer;
begin
  perform public.require_admin();
  if length(reason) < 3 then
    perform public.refuse('reason_required', 'Motivo obrigatório', 'Indiquez la raison du refus (au moins 3 caractères).');
  end if;
  if length(reason) > 300 then
    perform public.refuse('reason_too_long', 'Motivo demasiado longo', 'La raison du refus ne peut pas dépasser 300 caractères.');
  end if;
  select * into o from public.orders where id = p_order_id;
  if not found then
    perform public.refuse('unknown_order', 'Encomenda desconhecida', 'Cette commande n''existe pas (ou plus).');
  end if;
  phone := public.phone_key(o.customer_phone);
  addr := (select g.client_address from public.order_origins g where g.order_id = o.id);
  with refused as (
    update public.orders x set status = 'Annulée', refusal_reason = reason, accepted_at = null, ready_at = null
     where (x.status = 'En attente' or (x.auto_accepted and x.status = 'Bien reçu'))
       and ((length(phone) >= 6 and public.phone_key(x.customer_phone) = phone)
            or x.id = o.id
            or (addr is not null and x.id in (select g.order_id from public.order_origins g where g.client_address = addr)))
    returning 1)
  select count(*) into n from refused;
  if length(phone) >= 6 then
    insert into public.blocked_clients as b (kind, key, blocked_until, order_id) values ('phone', phone, until, o.id)
    on conflict (kind, key) do update set blocked_until = greatest(b.blocked_until, excluded.blocked_until), order_id = excluded.order_id;
  end if;
  if addr is not null then
    insert into public.blocked_clients as b (kind, key, blocked_until, order_id) values ('address', addr, until, o.id)
    on conflict (kind, key) do update set blocked_until = greatest(b.blocked_until, excluded.blocked_until), order_id = excluded.order_id;
  end if;
  delete from public.blocked_clients b where b.blocked_until < now() - interval '7 days';
  return jsonb_build_object('refused', n, 'blocked_until', until, 'address_blocked', addr is not null);
end $$;

-- The customer cancels their own order while the restaurant has not accepted it yet (docs/STATUSES.md,
-- « Cancelled by the customer »). The order's full id is the proof: only the customer (the page after
-- « Commander », the e-mails' link, their account's history) and the restaurant have it; its 8-character
-- number is not enough. Once accepted (by staff or auto-accept) it can no longer be cancelled online.
-- An order already cancelled is answered as it is. Answers what order_confirmation answers.
create function public.cancel_my_order(p_order_id text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  o public.orders;
  given text := lower(btrim(coalesce(p_order_id, '')));
begin
  if length(given) between 32 and 64 then
    select * into o from public.orders x where x.id = given for update;
  end if;
  if o.id is null then
    perform public.refuse('order_not_found', 'Commande introuvable',
      'Cette commande est introuvable. Ouvrez le lien reçu par e-mail ou votre historique de commandes.');
  end if;
  if o.status = 'En attente' then
    update public.orders set status = 'Annulée', cancelled_by_customer_at = now(), accepted_at = null, ready_at = null
     where id = o.id;
  elsif o.status <> 'Annulée' then
    perform public.refuse('cancel_too_late', 'Annulation impossible',
      'Le restaurant a déjà accepté votre commande : elle ne peut plus être annulée en ligne. Appelez-nous pour toute question.');
  end if;
  return public.order_confirmation(o.id);
end $$;

revoke execute on function public.order_clock(timestamptz), public.invalid_order_item(),
  public.priced_order_item(jsonb, text, date),
  public.clean_order_request(jsonb), public.check_order_bounds(jsonb, timestamptz),
  public.order_slot_of(timestamptz), public.order_slot_is_full(text, timestamptz),
  public.next_free_order_slot(text, timestamptz, boolean),
  public.place_order_once(jsonb, timestamptz), public.check_waiting_orders_share(timestamptz, text, text),
  public.check_client_not_blocked(text), public.max_anonymous_order_total(),
  public.busy_extra_minutes(timestamptz), public.busy_paused_until(timestamptz), public.order_ready_minutes(timestamptz),
  public.order_step(text), public.order_answer(jsonb, boolean)
  from public, anon, authenticated;
revoke execute on function public.order_slot_availability(text, date), public.place_order(jsonb, timestamptz),
  public.accept_order(text, timestamptz, integer), public.refuse_order(text, text) from public;
grant execute on function public.order_slot_availability(text, date), public.place_order(jsonb, timestamptz)
  to anon, authenticated, service_role;
revoke execute on function public.cancel_my_order(text) from public;
grant execute on function public.cancel_my_order(text) to anon, authenticated, service_role;
revoke execute on function public.refuse_client_orders(text, text), public.set_busy_mode(text) from public, anon;
grant execute on function public.set_busy_mode(text) to authenticated, service_role;
revoke execute on function public.refuse_client_orders(text, text) from public;
revoke execute on function public.accept_order(text, timestamptz, integer), public.refuse_order(text, text),
  public.refuse_client_orders(text, text) from anon;
grant execute on function public.accept_order(text, timestamptz, integer), public.refuse_order(text, text),
  public.refuse_client_orders(text, text) to authenticated, service_role;
