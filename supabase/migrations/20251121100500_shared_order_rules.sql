-- The order rules as the shop's domain code states them (src/shared/domain/order-validation.ts):
-- same checks, same order, same codes and French texts, proven by the shared cases in
-- tests/shared/order-rule-cases.ts. Pre-orders are taken in 15-minute slots.

update public.store_settings set value = value || '{"slot_minutes": 15}'
 where key = 'opening_hours' and not value ? 'slot_minutes';

create function public.invalid_order_item() returns void
language plpgsql set search_path = ''
as $$
begin
  perform public.refuse('invalid_item', 'Article invalide', 'Un article de votre panier est invalide. Veuillez le retirer et réessayer.');
end $$;

-- A pre-order's date (a real day, from tomorrow, not a closed day), then its time (a slot of
-- that day's ordering windows).
create function public.check_preorder_slot(p_date date, p_time text, p_today date) returns void
language plpgsql stable set search_path = ''
as $$
declare
  hours jsonb := (select value from public.store_settings where key = 'opening_hours');
  periods jsonb;
  margin interval;
  slot integer;
  t time;
  period jsonb;
  windows text;
begin
  if p_date is null then
    perform public.refuse('preorder_invalid_date', 'Date de pré-commande invalide', 'Veuillez choisir une date valide pour votre pré-commande.');
  end if;
  if p_date < p_today + 1 then
    perform public.refuse('preorder_too_early', 'Date de pré-commande invalide', 'Une pré-commande doit être prévue au plus tôt pour demain.');
  end if;
  if hours is null then
    return;
  end if;
  periods := coalesce(hours -> 'days' -> extract(isodow from p_date)::int::text, '[]');
  if jsonb_array_length(periods) = 0 then
    perform public.refuse('preorder_closed_day', 'Date de pré-commande invalide', format(
      'Le restaurant est fermé le %s. Veuillez choisir un autre jour.',
      (array['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'])[extract(isodow from p_date)::int]));
  end if;
  margin := make_interval(mins => coalesce((hours ->> 'last_order_minutes_before_close')::int, 0));
  slot := greatest(coalesce((hours ->> 'slot_minutes')::int, 1), 1);
  if p_time ~ '^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$' then
    t := substr(p_time, 1, 5)::time;
    for period in select * from jsonb_array_elements(periods) loop
      if t >= (period ->> 0)::time and t <= (period ->> 1)::time - margin
         and (extract(epoch from t - (period ->> 0)::time)::int / 60) % slot = 0 then
        return;
      end if;
    end loop;
  end if;
  select string_agg(to_char((p ->> 0)::time, 'HH24:MI') || '–' || to_char((p ->> 1)::time - margin, 'HH24:MI'), ' et ' order by n)
    into windows from jsonb_array_elements(periods) with ordinality as x(p, n);
  perform public.refuse('preorder_invalid_time', 'Heure de pré-commande invalide',
    format('Veuillez choisir une heure de commande entre %s, par tranches de %s minutes.', windows, slot));
end $$;

-- One cart line → the stored order item {id, name, quantity, price, options}.
create or replace function public.priced_order_item(p_line jsonb, p_method text, p_day date) returns jsonb
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

create or replace function public.place_order(p_order jsonb, p_now timestamptz default null) returns jsonb
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

  -- The spec's six checks in its order, then what it left to the server; the order is the one
  -- of validateOrder() in src/shared/domain/order-validation.ts (shared cases in tests/shared).
  -- 1. Ordering closed, unless it is a pre-order.
  if (ordering -> 'is_enabled') = 'false'::jsonb and not is_preorder then
    perform public.refuse('ordering_closed', 'Commandes fermées', 'La commande en ligne est temporairement fermée.');
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
  -- A signed-in customer orders under their account's e-mail (the field is locked in the cart).
  email := coalesce((select u.email from auth.users u where u.id = auth.uid()), email);
  if email is not null and email !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
    perform public.refuse('invalid_email', 'E-mail invalide', 'Veuillez entrer une adresse e-mail valide.');
  end if;
  if length(name) > 200 or length(phone) > 40 or length(email) > 254 or length(address) > 300
     or length(postal_code) > 20 or length(city) > 100 or length(notes) > 2000 then
    perform public.refuse('field_too_long', 'Information trop longue', 'Un des champs est trop long.');
  end if;

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

  -- 5. Delivery minimum on the subtotal.
  if method = 'delivery' and subtotal < 20 then
    perform public.refuse('minimum_not_met', 'Montant minimum non atteint',
      format('Il vous manque %s pour atteindre le minimum de %s pour la commande.', public.euros(20 - subtotal), public.euros(20)));
  end if;

  -- 6. Delivery zone and its fee.
  if method = 'delivery' then
    fee := public.delivery_fee_for(city);
    if fee is null then
      perform public.refuse('invalid_zone', 'Zone de livraison non valide',
        'Veuillez entrer une ville valide ou nous ne pouvons pas livrer à cette adresse.');
    end if;
  end if;

  -- Then: delivery switched off; the pre-order's slot; for an immediate order, the kitchen hours.
  if method = 'delivery' and (delivery_options -> 'is_enabled') = 'false'::jsonb then
    perform public.refuse('delivery_disabled', 'Livraison indisponible',
      'La livraison est désactivée pour le moment. Veuillez choisir le retrait au restaurant.');
  end if;
  if is_preorder then
    perform public.check_preorder_slot(preorder_date, preorder_time_text, local_now::date);
    preorder_time := substr(preorder_time_text, 1, 5)::time;
  elsif not public.kitchen_open_at(local_now) then
    perform public.refuse('outside_hours', 'Restaurant fermé', 'Nous sommes fermés pour le moment. Vous pouvez passer une pré-commande.');
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

revoke execute on function public.invalid_order_item(), public.check_preorder_slot(date, text, date) from public, anon, authenticated;

-- The reservation and challenge forms, with the codes and texts of src/shared/domain.
create or replace function public.create_reservation(
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
    perform public.refuse('date_in_past', 'Date invalide', 'La date de réservation ne peut pas être dans le passé.');
  end if;
  if btrim(p_reservation_time) !~ '^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$' then
    perform public.refuse('invalid_time', 'Heure invalide', 'Veuillez choisir une heure valide.');
  end if;
  reservation_at := btrim(p_reservation_time)::time;
  if btrim(p_people) not in ('1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '10+') then
    perform public.refuse('invalid_people', 'Nombre de personnes invalide', 'Veuillez choisir de 1 à 10 personnes, ou 10+.');
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

create or replace function public.register_challenge(p_name text, p_email text, p_phone text default null, p_agreed_to_terms boolean default false)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare saved public.challenge_registrations;
begin
  if btrim(coalesce(p_name, '')) = '' then
    perform public.refuse('name_required', 'Nom requis', 'Veuillez entrer votre nom.');
  end if;
  if coalesce(btrim(p_email), '') !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
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

