-- Every public entry point bounds its input before any work, strips control characters from customer
-- text (they reach the kitchen printer), and counts its callers: product rate limits keyed by the client
-- address PostgREST puts in request.headers (x-forwarded-for, first entry), refused as PT429 (HTTP 429).
-- The bounds are mirrored in src/shared/domain/input-bounds.ts with the same codes and texts.

-- Rate limits are data: each (bucket, window) allows max_hits per client address. Only the service role
-- changes them (tests raise them there); no row for a bucket means no limit.
create table public.rate_limits (
  bucket text not null check (bucket in ('order', 'tracking', 'reservation', 'challenge', 'email_recipient')),
  window_seconds integer not null check (window_seconds between 1 and 86400),
  max_hits integer not null check (max_hits >= 1),
  primary key (bucket, window_seconds)
);
comment on table public.rate_limits is
  'Product rate limits per client address (email_recipient: per recipient). Changed only with the service role.';
insert into public.rate_limits (bucket, window_seconds, max_hits) values
  ('order', 60, 6), ('order', 3600, 30),
  ('tracking', 60, 10), ('tracking', 3600, 60),
  ('reservation', 60, 3), ('reservation', 3600, 10),
  ('challenge', 60, 3), ('challenge', 3600, 10),
  ('email_recipient', 3600, 10);

create table public.rate_limit_counters (
  bucket text not null,
  window_seconds integer not null,
  subject text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (bucket, window_seconds, subject, window_start)
);
create index rate_limit_counters_window_idx on public.rate_limit_counters (window_start);

alter table public.rate_limits enable row level security;
alter table public.rate_limit_counters enable row level security;
revoke all on public.rate_limits, public.rate_limit_counters from anon, authenticated;

-- The caller's address as the API gateway saw it; null for calls that did not come through the API.
create function public.client_address() returns text
language sql stable set search_path = ''
as $$
  select nullif(btrim(split_part(coalesce(nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-forwarded-for', ''), ',', 1)), '')
$$;

-- Counts one hit of p_subject in every window of the bucket; true when any window is over its limit.
-- The service role and calls without a subject are never limited.
create function public.hit_rate_limit(p_bucket text, p_subject text) returns boolean
language plpgsql volatile set search_path = ''
as $$
declare
  rule public.rate_limits;
  n integer;
  over boolean := false;
begin
  if p_subject is null or coalesce(auth.role(), '') = 'service_role' then
    return false;
  end if;
  for rule in select * from public.rate_limits r where r.bucket = p_bucket loop
    insert into public.rate_limit_counters as c (bucket, window_seconds, subject, window_start, hits)
    values (p_bucket, rule.window_seconds, p_subject,
            to_timestamp(floor(extract(epoch from now()) / rule.window_seconds) * rule.window_seconds), 1)
    on conflict (bucket, window_seconds, subject, window_start) do update set hits = c.hits + 1
    returning c.hits into n;
    if n > rule.max_hits then
      over := true;
    end if;
  end loop;
  if random() < 0.01 then
    delete from public.rate_limit_counters c where c.window_start < now() - interval '1 day';
  end if;
  return over;
end $$;

-- Refuses the request with HTTP 429 once the caller's address is over the bucket's limit. The refusal
-- rolls its own hit back; an accepted request's hit is committed with it.
create function public.check_rate_limit(p_bucket text) returns void
language plpgsql volatile set search_path = ''
as $$
begin
  if public.hit_rate_limit(p_bucket, public.client_address()) then
    raise exception using errcode = 'PT429', detail = 'rate_limited', hint = 'Trop de demandes', message = case p_bucket
      when 'order' then 'Trop de commandes envoyées depuis votre connexion. Veuillez réessayer dans quelques minutes ou appeler le restaurant.'
      when 'tracking' then 'Trop de recherches depuis votre connexion. Veuillez réessayer dans quelques minutes.'
      when 'reservation' then 'Trop de réservations envoyées depuis votre connexion. Veuillez réessayer plus tard ou appeler le restaurant.'
      else 'Trop d''inscriptions envoyées depuis votre connexion. Veuillez réessayer plus tard.'
    end;
  end if;
end $$;

-- Customer text without control characters: C0, DEL, C1 and the bidirectional overrides. A one-line
-- field turns tabs and line breaks into spaces; notes keep their line breaks.
create function public.clean_text(p_text text, p_multiline boolean default false) returns text
language sql immutable set search_path = ''
as $$
  select case when p_multiline
    then regexp_replace(regexp_replace(replace(replace(p_text, E'\r\n', E'\n'), E'\r', E'\n'), E'\t', ' ', 'g'),
                        '[\x01-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')
    else regexp_replace(regexp_replace(p_text, '[\x09-\x0d]', ' ', 'g'),
                        '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')
  end
$$;

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

create function public.refuse_too_long(p_field text, p_max integer) returns void
language plpgsql set search_path = ''
as $$
begin
  perform public.refuse('field_too_long', 'Information trop longue',
    format('%s ne peut pas dépasser %s caractères.', p_field, p_max));
end $$;

-- The order's size, before anything is read or priced: a few lookups whatever the request holds.
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

create or replace function public.place_order(p_order jsonb, p_now timestamptz default null) returns jsonb
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
begin
  perform public.check_order_bounds(p_order, p_now);
  request := case when jsonb_typeof(p_order) = 'object' then public.clean_order_request(p_order) else p_order end;
  raw_id := case when jsonb_typeof(request) = 'object'
    then coalesce(public.json_text(request -> 'request_id'), public.json_text(request -> 'requestId')) end;
  if raw_id is null then
    perform public.check_rate_limit('order');
    return public.place_order_once(request, p_now);
  end if;
  if raw_id !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    perform public.refuse('invalid_request', 'Requête invalide', 'L''identifiant de la commande est illisible.');
  end if;
  v_request_id := raw_id::uuid;
  body := request - 'request_id' - 'requestId';
  hash := md5(body::text);

  for attempt in 1..2 loop
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
    perform public.check_rate_limit('order');
    begin
      placed := public.place_order_once(body, p_now);
      insert into public.order_requests (request_id, order_id, request_hash, user_id)
      values (v_request_id, placed ->> 'id', hash, auth.uid());
      return placed;
    exception when unique_violation then
      if attempt = 2 then raise; end if;
    end;
  end loop;
end $$;

-- Whatever path writes them, customer texts are stored clean (admins' edits included).
create function public.clean_order_texts() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  new.customer_name := public.clean_text(new.customer_name);
  new.customer_phone := public.clean_text(new.customer_phone);
  new.customer_email := public.clean_text(new.customer_email);
  new.customer_address := public.clean_text(new.customer_address);
  new.customer_postal_code := public.clean_text(new.customer_postal_code);
  new.customer_city := public.clean_text(new.customer_city);
  new.notes := public.clean_text(new.notes, true);
  return new;
end $$;
create trigger orders_clean_texts before insert or update of customer_name, customer_phone, customer_email,
  customer_address, customer_postal_code, customer_city, notes on public.orders
  for each row execute function public.clean_order_texts();

-- Reservations and challenge sign-ups from the public (the RPCs or plain inserts): the database picks
-- the id, the time and the status, cleans the texts, bounds the date and counts the caller.
create function public.reservation_from_public() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  new.name := btrim(public.clean_text(new.name));
  new.email := btrim(public.clean_text(new.email));
  new.phone := btrim(public.clean_text(new.phone));
  new.message := nullif(btrim(public.clean_text(new.message, true)), '');
  if coalesce(auth.role(), '') = 'service_role' or public.is_admin() then
    return new;
  end if;
  new.id := gen_random_uuid();
  new.created_at := now();
  if new.reservation_date > public.restaurant_today() + 365 then
    raise exception using errcode = 'P0001', detail = 'date_too_far', hint = 'Date invalide',
      message = 'Une réservation peut être faite au plus tard un an à l''avance.';
  end if;
  perform public.check_rate_limit('reservation');
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
  if coalesce(auth.role(), '') = 'service_role' or public.is_admin() then
    return new;
  end if;
  new.id := gen_random_uuid();
  new.created_at := now();
  perform public.check_rate_limit('challenge');
  return new;
end $$;
create trigger challenge_registrations_from_public before insert on public.challenge_registrations
  for each row execute function public.challenge_registration_from_public();

-- An admin may not move a public row's identity or time either.
create function public.keep_row_identity() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.id := old.id;
  new.created_at := old.created_at;
  return new;
end $$;
create trigger reservations_keep_identity before update on public.reservations
  for each row execute function public.keep_row_identity();
create trigger challenge_registrations_keep_identity before update on public.challenge_registrations
  for each row execute function public.keep_row_identity();

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
  if btrim(p_people) not in ('1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '10+') then
    perform public.refuse('invalid_people', 'Nombre de personnes invalide', 'Veuillez choisir de 1 à 10 personnes, ou 10+.');
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
  if p_agreed_to_terms is not true then
    perform public.refuse('terms_not_accepted', 'Contrat non accepté', 'Vous devez accepter les termes du contrat.');
  end if;
  insert into public.challenge_registrations (name, email, phone, agreed_to_terms)
  values (btrim(p_name), btrim(p_email), nullif(btrim(coalesce(p_phone, '')), ''), true)
  returning * into saved;
  return jsonb_build_object('id', saved.id, 'created_at', saved.created_at);
end $$;

-- Tracking. The order number (or full id) shows the whole tracking page. The phone number alone finds
-- only a recent or still active order and hides its address and notes (door codes), unless the caller
-- is the signed-in owner. Each address may look up a bounded number of distinct terms; refreshing the
-- same term is free.
create or replace function public.track_order(p_term text) returns jsonb
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
  return answer || jsonb_build_object('customer_address', null, 'customer_postal_code', null, 'notes', null, 'details_hidden', true);
end $$;

-- Restaurant-branded e-mail sent because of a public request: at most email_recipient per recipient.
-- Over the limit the order or reservation still goes through; its message is kept, marked not sent.
create function public.queue_public_email(p_kind text, p_recipient text, p_order_id text, p_reservation_id uuid, p_payload jsonb) returns void
language plpgsql volatile set search_path = ''
as $$
declare
  limited boolean := public.client_address() is not null
    and public.hit_rate_limit('email_recipient', lower(btrim(p_recipient)));
begin
  insert into public.notification_outbox (kind, channel, recipient, order_id, reservation_id, payload, status, last_error)
  values (p_kind, 'email', p_recipient, p_order_id, p_reservation_id, p_payload,
          case when limited then 'failed' else 'pending' end,
          case when limited then 'not sent: too many messages to this address (rate limit)' end);
end $$;

create or replace function public.enqueue_order_confirmation() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.customer_email is not null then
    perform public.queue_public_email('order_confirmation', new.customer_email, new.id, null, public.order_template_data(new));
  end if;
  return null;
end $$;

create or replace function public.enqueue_reservation_received() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform public.queue_public_email('reservation_received', new.email, null, new.id, jsonb_build_object(
    'reservation_id', new.id, 'name', new.name, 'phone', new.phone, 'reservation_date', new.reservation_date,
    'reservation_time', new.reservation_time, 'people', new.people, 'message', new.message,
    'status', new.status, 'created_at', new.created_at));
  return null;
end $$;

revoke execute on function public.client_address(), public.hit_rate_limit(text, text), public.check_rate_limit(text),
  public.clean_text(text, boolean), public.clean_order_request(jsonb), public.refuse_too_long(text, integer),
  public.check_order_bounds(jsonb, timestamptz), public.clean_order_texts(), public.reservation_from_public(),
  public.challenge_registration_from_public(), public.keep_row_identity(),
  public.queue_public_email(text, text, text, uuid, jsonb) from public, anon, authenticated;
revoke execute on function public.place_order(jsonb, timestamptz), public.track_order(text),
  public.create_reservation(text, text, text, text, text, text, text), public.register_challenge(text, text, text, boolean) from public;
grant execute on function public.place_order(jsonb, timestamptz), public.track_order(text),
  public.create_reservation(text, text, text, text, text, text, text), public.register_challenge(text, text, text, boolean)
  to anon, authenticated, service_role;
