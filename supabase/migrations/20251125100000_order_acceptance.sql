-- Order acceptance: a new order waits ("En attente") until staff accept it with a ready time or refuse it
-- with a reason; the customer learns either at once (tracking page, outbox message). Optional auto-accept,
-- and a capacity per 15-minute slot (delivery and pickup apart) enforced by place_order under concurrency.
-- See docs/STATUSES.md ("Acceptance") and README ("Acceptance, refusal, auto-accept and slot capacity").

alter table public.orders
  add column accepted_at timestamptz,
  add column ready_at timestamptz,
  add column refusal_reason text check (refusal_reason is null or (btrim(refusal_reason) <> '' and length(refusal_reason) <= 300)),
  add column auto_accepted boolean not null default false,
  -- The 15-minute slot the order takes (its pre-order time, or when an immediate order will be ready).
  add column slot_start timestamptz;
comment on column public.orders.accepted_at is 'When staff (or auto-accept) accepted the order; null while it waits.';
comment on column public.orders.ready_at is 'When the order will be ready (pickup) or delivered (delivery), set on acceptance.';
comment on column public.orders.refusal_reason is 'Why the restaurant refused the order (status Annulée), shown to the customer.';
comment on column public.orders.slot_start is 'Start of the 15-minute capacity slot the order counts in (set by place_order).';
create index orders_waiting_idx on public.orders (created_at) where status = 'En attente';
create index orders_slot_idx on public.orders (delivery_method, slot_start) where slot_start is not null;

-- Settings: {default_ready_minutes 5–240, auto_accept, capacity: {delivery, pickup} (null = no limit, else 1–500)}.
create function public.order_acceptance_setting_is_valid(p_value jsonb) returns boolean
language plpgsql immutable set search_path = ''
as $$
declare
  m text;
begin
  if jsonb_typeof(p_value) is distinct from 'object'
     or jsonb_typeof(p_value -> 'default_ready_minutes') is distinct from 'number'
     or (p_value ->> 'default_ready_minutes')::numeric not between 5 and 240
     or (p_value ->> 'default_ready_minutes')::numeric <> trunc((p_value ->> 'default_ready_minutes')::numeric)
     or jsonb_typeof(p_value -> 'auto_accept') is distinct from 'boolean'
     or coalesce(jsonb_typeof(p_value -> 'capacity'), 'object') <> 'object' then
    return false;
  end if;
  foreach m in array array['delivery', 'pickup'] loop
    if coalesce(jsonb_typeof(p_value -> 'capacity' -> m), 'null') not in ('null', 'number') then
      return false;
    end if;
    if jsonb_typeof(p_value -> 'capacity' -> m) = 'number'
       and ((p_value -> 'capacity' ->> m)::numeric not between 1 and 500
            or (p_value -> 'capacity' ->> m)::numeric <> trunc((p_value -> 'capacity' ->> m)::numeric)) then
      return false;
    end if;
  end loop;
  return true;
end $$;

alter table public.store_settings add constraint store_settings_order_acceptance_shape
  check (key <> 'order_acceptance' or public.order_acceptance_setting_is_valid(value));
insert into public.store_settings (key, value, is_public) values
  ('order_acceptance', '{"default_ready_minutes": 30, "auto_accept": false, "capacity": {"delivery": null, "pickup": null}}', false)
on conflict (key) do nothing;

create function public.order_acceptance_settings() returns jsonb
language sql stable set search_path = ''
as $$
  select '{"default_ready_minutes": 30, "auto_accept": false, "capacity": {"delivery": null, "pickup": null}}'::jsonb
    || coalesce((select s.value from public.store_settings s where s.key = 'order_acceptance'), '{}')
$$;

-- The 15-minute slot an instant falls in (Luxembourg is a whole number of hours from UTC).
create function public.order_slot_of(p_at timestamptz) returns timestamptz
language sql immutable set search_path = ''
as $$
  select to_timestamp(floor(extract(epoch from p_at) / 900) * 900)
$$;

create function public.local_hhmi(p_at timestamptz) returns text
language sql stable set search_path = ''
as $$
  select to_char(p_at at time zone public.restaurant_time_zone(), 'HH24:MI')
$$;

-- "Prête vers 19:45" / "Livraison prévue vers 19:45" (another day: "… le 26/11 vers 19:45").
create function public.ready_text(p_ready_at timestamptz, p_method text) returns text
language sql stable set search_path = ''
as $$
  select case when p_ready_at is null then null else
    (case when p_method = 'delivery' then 'Livraison prévue' else 'Prête' end)
    || case when (p_ready_at at time zone public.restaurant_time_zone())::date <> public.restaurant_today()
         then ' le ' || to_char(p_ready_at at time zone public.restaurant_time_zone(), 'DD/MM') else '' end
    || ' vers ' || public.local_hhmi(p_ready_at)
  end
$$;

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

-- Whether a slot may be offered: for a pre-order, a valid pre-order time of its day; for an immediate
-- order (a ready time), inside a service period of the day.
create function public.order_slot_offered(p_slot timestamptz, p_preorder boolean) returns boolean
language plpgsql stable set search_path = ''
as $$
declare
  hours jsonb := (select value from public.store_settings where key = 'opening_hours');
  local_at timestamp := p_slot at time zone public.restaurant_time_zone();
  t time := local_at::time;
  margin interval;
  period jsonb;
begin
  if hours is null then return true; end if;
  margin := case when p_preorder then make_interval(mins => coalesce((hours ->> 'last_order_minutes_before_close')::int, 0)) else interval '0' end;
  for period in select * from jsonb_array_elements(coalesce(hours -> 'days' -> extract(isodow from local_at)::int::text, '[]')) loop
    if t >= (period ->> 0)::time and t <= (period ->> 1)::time - margin
       and (not p_preorder or (extract(epoch from t - (period ->> 0)::time)::int / 60) % greatest(coalesce((hours ->> 'slot_minutes')::int, 15), 1) = 0) then
      return true;
    end if;
  end loop;
  return false;
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
-- {date, capacity_limited, full: ["19:45", …], asap: {slot, full, next_free} (today only)}
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
    asap_slot := public.order_slot_of(now() + make_interval(mins => (public.order_acceptance_settings() ->> 'default_ready_minutes')::int));
    asap_full := public.order_slot_is_full(p_method, asap_slot);
    next_slot := case when asap_full then public.next_free_order_slot(p_method, asap_slot, false) end;
  end if;
  return jsonb_build_object(
    'date', day,
    'capacity_limited', cap is not null,
    'full', full_slots,
    'asap', case when day = today then jsonb_build_object(
      'slot', public.local_hhmi(asap_slot), 'full', asap_full,
      'next_free', case when next_slot is not null then public.local_hhmi(next_slot) end) end);
end $$;

-- place_order's body (renamed place_order_once in 20251121101100, last defined in 20251121100500), now
-- with the slot capacity and auto-accept. The wrapper place_order (20251124100000) is unchanged and
-- still bounds, cleans, rate-limits and de-duplicates the request before calling it.
create or replace function public.place_order_once(p_order jsonb, p_now timestamptz default null) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  now_at timestamptz := public.order_clock(p_now);
  local_now timestamp := now_at at time zone public.restaurant_time_zone();
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
  next_slot timestamptz;
  ready timestamptz;
  auto boolean := coalesce((acceptance -> 'auto_accept') = 'true'::jsonb, false);
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

  -- 7. The slot: a pre-order's requested time, or when an immediate order will be ready. With a
  -- capacity for this method, one order at a time checks and takes a place (a transaction lock, held
  -- until commit: the second of two customers for the last place waits, then sees it taken).
  if is_preorder then
    slot := public.order_slot_of((preorder_date + preorder_time) at time zone public.restaurant_time_zone());
  else
    slot := public.order_slot_of(now_at + make_interval(mins => (acceptance ->> 'default_ready_minutes')::int));
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
        wanted_slot := public.order_slot_of((local_now::date + wanted_slot_text::time) at time zone public.restaurant_time_zone());
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
  end if;

  if auto then
    ready := case when is_preorder then (preorder_date + preorder_time) at time zone public.restaurant_time_zone()
                  else greatest(now_at + make_interval(mins => (acceptance ->> 'default_ready_minutes')::int), slot) end;
  end if;

  loop
    begin
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
      ) returning * into saved;
      exit;
    exception when unique_violation then
      attempt := attempt + 1;
      if attempt >= 5 then raise; end if;
    end;
  end loop;

  return to_jsonb(saved) || jsonb_build_object('order_number', left(saved.id, 8), 'subtotal', saved.total_price);
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
    now() + make_interval(mins => (public.order_acceptance_settings() ->> 'default_ready_minutes')::int));
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

-- Moving an order out of "En attente" by the status select accepts it too (it stops ringing); moving
-- it back makes it wait again.
create function public.track_order_acceptance() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    if old.status = 'En attente' and new.status not in ('En attente', 'Annulée') and new.accepted_at is null then
      new.accepted_at := now();
    elsif new.status = 'En attente' then
      new.accepted_at := null;
    end if;
  end if;
  return new;
end $$;
create trigger orders_track_acceptance before update of status on public.orders
  for each row execute function public.track_order_acceptance();

-- E-mail payloads and the tracking page carry the ready time and the refusal reason.
create or replace function public.order_template_data(o public.orders) returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'order_id', o.id, 'order_number', left(o.id, 8), 'status', o.status, 'created_at', o.created_at,
    'customer_name', o.customer_name, 'customer_phone', o.customer_phone,
    'delivery_method', o.delivery_method, 'payment_method', o.payment_method,
    'customer_address', o.customer_address, 'customer_postal_code', o.customer_postal_code, 'customer_city', o.customer_city,
    'is_preorder', o.is_preorder, 'preorder_date', o.preorder_date, 'preorder_time', o.preorder_time,
    'order_items', o.order_items, 'total_price', o.total_price, 'delivery_fee', o.delivery_fee,
    'discount_amount', o.discount_amount, 'discount_percentage', o.discount_percentage,
    'grand_total', o.grand_total, 'notes', o.notes,
    'accepted_at', o.accepted_at, 'ready_at', o.ready_at, 'ready_text', public.ready_text(o.ready_at, o.delivery_method),
    'refusal_reason', o.refusal_reason)
$$;

create or replace function public.tracking_view(o public.orders) returns jsonb
language sql stable set search_path = ''
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
    'preorder_time', o.preorder_time,
    'accepted_at', o.accepted_at,
    'ready_at', o.ready_at,
    'ready_text', public.ready_text(o.ready_at, o.delivery_method),
    'refusal_reason', case when o.status = 'Annulée' then o.refusal_reason end
  )
$$;

-- The settings check runs as the admin who saves (like store_setting_is_valid).
revoke execute on function public.order_acceptance_setting_is_valid(jsonb) from public, anon;
grant execute on function public.order_acceptance_setting_is_valid(jsonb) to authenticated, service_role;
revoke execute on function public.order_acceptance_settings(),
  public.order_slot_of(timestamptz), public.local_hhmi(timestamptz), public.ready_text(timestamptz, text),
  public.order_slot_is_full(text, timestamptz), public.order_slot_offered(timestamptz, boolean),
  public.next_free_order_slot(text, timestamptz, boolean), public.track_order_acceptance(),
  public.order_slot_availability(text, date), public.accept_order(text, timestamptz, integer),
  public.refuse_order(text, text) from public, anon, authenticated;
revoke execute on function public.place_order_once(jsonb, timestamptz) from public, anon, authenticated;
grant execute on function public.order_slot_availability(text, date) to anon, authenticated, service_role;
grant execute on function public.accept_order(text, timestamptz, integer), public.refuse_order(text, text) to authenticated, service_role;
