-- Note: place_order and priced_order_item are redefined by 20251121100500_shared_order_rules.sql.
-- place_order: the only way a customer creates an order. Every price, option, fee and total is
-- recomputed here from the menu and the settings; the browser's amounts are never read.
--
-- Refusals are raised as SQLSTATE P0001 with message = the French text shown to the customer,
-- detail = a stable code (e.g. minimum_not_met) and hint = the toast title. PostgREST (and the
-- embedded REST layer) answer 400 with {code, message, details, hint}.

create function public.refuse(p_code text, p_title text, p_message text) returns void
language plpgsql set search_path = ''
as $$
begin
  raise exception using errcode = 'P0001', message = p_message, detail = p_code, hint = p_title;
end $$;

-- "Now" for the order rules. Tests (service role only) may pass a fixed instant.
create function public.order_clock(p_now timestamptz) returns timestamptz
language sql stable set search_path = ''
as $$
  select case when p_now is not null and auth.role() = 'service_role' then p_now else now() end
$$;

create function public.restaurant_time_zone() returns text
language sql stable set search_path = ''
as $$
  select coalesce((select value ->> 'timezone' from public.store_settings where key = 'opening_hours'), 'Europe/Luxembourg')
$$;

-- Whether the kitchen takes orders at this Luxembourg wall-clock time: inside a service period
-- and no later than the last-order time (closing minus last_order_minutes_before_close).
create function public.kitchen_open_at(p_local timestamp) returns boolean
language plpgsql stable set search_path = ''
as $$
declare
  hours jsonb := (select value from public.store_settings where key = 'opening_hours');
  margin interval;
  period jsonb;
  t time := date_trunc('minute', p_local)::time;
begin
  if hours is null then return true; end if;
  margin := make_interval(mins => coalesce((hours ->> 'last_order_minutes_before_close')::int, 0));
  for period in
    select * from jsonb_array_elements(coalesce(hours -> 'days' -> extract(isodow from p_local)::int::text, '[]'))
  loop
    if t >= (period ->> 0)::time and t <= (period ->> 1)::time - margin then
      return true;
    end if;
  end loop;
  return false;
end $$;

-- The fee of the zone whose name equals the city (trimmed, case-insensitive); null when none.
create function public.delivery_fee_for(p_city text) returns numeric
language sql stable set search_path = ''
as $$
  select (z ->> 'fee')::numeric(10, 2)
    from public.store_settings s, jsonb_array_elements(s.value) z
   where s.key = 'delivery_zones' and btrim(coalesce(p_city, '')) <> ''
     and lower(btrim(z ->> 'name')) = lower(btrim(p_city))
   limit 1
$$;

-- What one unit of an item costs for this method on this Luxembourg day (special prices are data).
create function public.unit_price(p_item_id text, p_method text, p_day date) returns numeric
language sql stable set search_path = ''
as $$
  select coalesce(
    (select min(sp.price) from public.menu_special_prices sp
      where sp.item_id = p_item_id
        and (sp.delivery_method is null or sp.delivery_method = p_method)
        and (sp.starts_on is null or sp.starts_on <= p_day) and p_day <= sp.ends_on),
    (select m.price from public.menu_items m where m.id = p_item_id)
  )
$$;

create function public.euros(p_amount numeric) returns text
language sql immutable set search_path = ''
as $$
  select replace(to_char(p_amount, 'FM999999990.00'), '.', ',') || '€'
$$;

create function public.json_text(p_value jsonb) returns text
language sql immutable set search_path = ''
as $$
  select case when jsonb_typeof(p_value) in ('string', 'number') then nullif(btrim(p_value #>> '{}'), '') end
$$;

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
    perform public.refuse('invalid_item', 'Article invalide', 'Un article du panier est illisible.');
  end if;
  -- A cart line id is "<item>_<kids option>"; menu ids never contain "_".
  if item_id is null then
    item_id := split_part(public.json_text(p_line -> 'id'), '_', 1);
    kids_option := coalesce(kids_option, nullif(substr(public.json_text(p_line -> 'id'), length(item_id) + 2), ''));
  end if;
  if jsonb_typeof(quantity) <> 'number' or quantity::numeric <> trunc(quantity::numeric)
     or quantity::numeric < 1 or quantity::numeric > 99 then
    perform public.refuse('invalid_quantity', 'Quantité invalide', 'La quantité de chaque article doit être comprise entre 1 et 99.');
  end if;
  select * into item from public.menu_items m where m.id = item_id;
  if not found then
    perform public.refuse('unknown_item', 'Article introuvable', 'Un article de votre panier n''existe plus. Veuillez actualiser le menu.');
  end if;
  if item.unavailable or item.item_type <> 'dish' then
    perform public.refuse('item_unavailable', 'Article indisponible', 'Cet article n''est pas disponible pour le moment.');
  end if;

  line_id := item.id;
  line_name := item.name;
  if jsonb_typeof(item.kids_menu_options) = 'array' and jsonb_array_length(item.kids_menu_options) > 0 then
    select k into kids from jsonb_array_elements(item.kids_menu_options) k where k ->> 'id' = kids_option;
    if kids is null then
      perform public.refuse('option_required', 'Choix requis', 'Veuillez choisir un plat pour le menu enfant.');
    end if;
    line_id := item.id || '_' || (kids ->> 'id');
    line_name := item.name || ' (' || (kids ->> 'name') || ')';
  elsif kids_option is not null then
    perform public.refuse('unknown_option', 'Option invalide', 'Une option choisie n''existe pas pour cet article.');
  end if;

  -- Extras are accompaniments of the menu (sauces, sides), priced from the menu.
  if p_line ? 'options' and jsonb_typeof(p_line -> 'options') not in ('array', 'null') then
    perform public.refuse('unknown_option', 'Option invalide', 'Une option choisie n''existe pas pour cet article.');
  end if;
  for opt in select * from jsonb_array_elements(case when jsonb_typeof(p_line -> 'options') = 'array' then p_line -> 'options' else '[]' end) loop
    opt_id := coalesce(public.json_text(opt), public.json_text(opt -> 'id'));
    select * into extra from public.menu_items m where m.id = opt_id and m.category_id = 'accompagnements';
    if not found then
      perform public.refuse('unknown_option', 'Option invalide', 'Une option choisie n''existe pas pour cet article.');
    end if;
    if extra.unavailable or extra.item_type <> 'dish' then
      perform public.refuse('item_unavailable', 'Article indisponible', 'Cet article n''est pas disponible pour le moment.');
    end if;
    options := options || jsonb_build_array(jsonb_build_object(
      'id', extra.id, 'name', extra.name, 'price', public.unit_price(extra.id, p_method, p_day)));
    line_id := line_id || '_' || extra.id;
  end loop;

  return jsonb_build_object(
    'id', line_id,
    'menu_item_id', item.id,
    'name', line_name,
    'quantity', quantity::numeric::int,
    'price', public.unit_price(item.id, p_method, p_day),
    'options', options
  );
end $$;

create function public.place_order(p_order jsonb, p_now timestamptz default null) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  now_at timestamptz := public.order_clock(p_now);
  local_now timestamp := now_at at time zone public.restaurant_time_zone();
  ordering jsonb := coalesce((select value from public.store_settings where key = 'ordering'), '{"is_enabled": true}');
  delivery_options jsonb := coalesce((select value from public.store_settings where key = 'delivery_options'), '{"is_enabled": true}');
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

  -- 1. Ordering closed, unless it is a pre-order; delivery switched off; kitchen closed right now.
  if (ordering -> 'is_enabled') = 'false'::jsonb and not is_preorder then
    perform public.refuse('ordering_closed', 'Commandes fermées', 'La commande en ligne est temporairement fermée.');
  end if;
  if method = 'delivery' and (delivery_options -> 'is_enabled') = 'false'::jsonb then
    perform public.refuse('delivery_disabled', 'Livraison indisponible',
      'La livraison est temporairement désactivée. Veuillez choisir le retrait sur place.');
  end if;
  if not is_preorder and not public.kitchen_open_at(local_now) then
    perform public.refuse('outside_opening_hours', 'Restaurant fermé',
      'Nous sommes fermés pour le moment. Vous pouvez passer une pré-commande pour un prochain service.');
  end if;

  -- 2. A pre-order needs a date (from tomorrow) and a time inside the opening hours.
  if is_preorder then
    if preorder_date_text ~ '^\d{4}-\d{2}-\d{2}$' then
      begin
        preorder_date := preorder_date_text::date;
      exception when others then preorder_date := null;
      end;
    end if;
    if preorder_time_text ~ '^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$' then
      preorder_time := preorder_time_text::time;
    end if;
    if preorder_date is null or preorder_time is null then
      perform public.refuse('preorder_incomplete', 'Information en manque',
        'Veuillez choisir une date et une heure pour votre pré-commande.');
    end if;
    if preorder_date < local_now::date + 1 then
      perform public.refuse('preorder_too_soon', 'Date invalide', 'La date de pré-commande doit être au plus tôt demain.');
    end if;
    if not public.kitchen_open_at(preorder_date + preorder_time) then
      perform public.refuse('preorder_outside_opening_hours', 'Horaire indisponible',
        'Le restaurant est fermé à cette date ou à cette heure. Veuillez choisir un autre créneau.');
    end if;
  end if;

  -- 3. Contact details; the address only for delivery.
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
  -- A signed-in customer orders under their account's e-mail (the field is locked in the cart).
  email := coalesce((select u.email from auth.users u where u.id = auth.uid()), email);
  if email is not null and email !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
    perform public.refuse('invalid_email', 'E-mail invalide', 'Veuillez entrer une adresse e-mail valide.');
  end if;
  if length(name) > 200 or length(phone) > 40 or length(email) > 254 or length(address) > 300
     or length(postal_code) > 20 or length(city) > 100 or length(notes) > 2000 then
    perform public.refuse('field_too_long', 'Information trop longue', 'Un des champs est trop long.');
  end if;

  -- 4. The cart, priced from the menu.
  lines := coalesce(p_order -> 'items', p_order -> 'order_items');
  if jsonb_typeof(lines) is distinct from 'array' or jsonb_array_length(lines) = 0 then
    perform public.refuse('empty_cart', 'Panier vide', 'Votre panier est vide.');
  end if;
  if jsonb_array_length(lines) > 50 then
    perform public.refuse('too_many_items', 'Panier trop grand', 'Votre panier contient trop d''articles différents.');
  end if;
  day := coalesce(preorder_date, local_now::date);
  for line in select * from jsonb_array_elements(lines) loop
    line := public.priced_order_item(line, method, day);
    items := items || jsonb_build_array(line);
    subtotal := subtotal + ((line ->> 'price')::numeric
      + coalesce((select sum((o ->> 'price')::numeric) from jsonb_array_elements(line -> 'options') o), 0))
      * (line ->> 'quantity')::int;
  end loop;

  -- 5. Delivery minimum on the subtotal.
  if method = 'delivery' and subtotal < 20 then
    perform public.refuse('minimum_not_met', 'Montant minimum non atteint',
      format('Il vous manque %s pour atteindre le minimum de %s pour la commande.', public.euros(20 - subtotal), public.euros(20)));
  end if;

  -- 6. Delivery zone and its fee.
  if method = 'delivery' then
    fee := public.delivery_fee_for(city);
    if fee is null then
      perform public.refuse('invalid_delivery_zone', 'Zone de livraison non valide',
        'Veuillez entrer une ville valide ou nous ne pouvons pas livrer à cette adresse.');
    end if;
  end if;

  loop
    begin
      insert into public.orders (
        id, created_at, status, customer_name, customer_phone, customer_email, customer_address,
        customer_postal_code, customer_city, delivery_method, payment_method, is_preorder,
        preorder_date, preorder_time, order_items, total_price, delivery_fee, discount_amount,
        discount_percentage, grand_total, notes, user_id
      ) values (
        gen_random_uuid()::text, now(), 'En attente', name, phone, email,
        case when method = 'delivery' then address end,
        case when method = 'delivery' then postal_code end,
        case when method = 'delivery' then city end,
        method, payment, is_preorder, preorder_date, preorder_time, items, subtotal, fee, 0, 0,
        subtotal + fee, notes, (select u.id from auth.users u where u.id = auth.uid())
      ) returning * into saved;
      exit;
    exception when unique_violation then
      -- Two orders whose numbers (first 8 characters) collide: draw another id.
      attempt := attempt + 1;
      if attempt >= 5 then raise; end if;
    end;
  end loop;

  return to_jsonb(saved) || jsonb_build_object('order_number', left(saved.id, 8), 'subtotal', saved.total_price);
end $$;

revoke execute on function public.refuse(text, text, text), public.order_clock(timestamptz),
  public.priced_order_item(jsonb, text, date) from public, anon, authenticated;
revoke execute on function public.place_order(jsonb, timestamptz) from public;
grant execute on function public.place_order(jsonb, timestamptz) to anon, authenticated, service_role;
grant execute on function public.kitchen_open_at(timestamp), public.delivery_fee_for(text),
  public.unit_price(text, text, date), public.restaurant_time_zone() to anon, authenticated, service_role;
