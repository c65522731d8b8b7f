-- Menu, store settings, special offers and reviews: readable by everyone (offers until they are over),
-- written by the back office only (RLS with staff_allowed(): the menu is the manager's). The back office's menu editor: dishes are hidden or
-- deleted softly (old orders keep pointing at them), category slugs never change (links keep working),
-- what admins write is bounded, and menu, offer and settings changes reach open shop pages live.
-- The opening-hours readers (kitchen_open_at and the rest) live in 20251126100000_opening_hours.

create table public.menu_categories (
  id text primary key check (id ~ '^[a-z0-9_]+$'),
  name text not null check (btrim(name) <> ''),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  sort_order integer not null default 0,
  constraint menu_categories_name_length check (char_length(name) <= 60)
);

create table public.menu_items (
  -- No underscore: the cart joins item and option ids with underscores.
  id text primary key check (id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  category_id text not null references public.menu_categories (id) on update cascade,
  name text not null check (btrim(name) <> ''),
  description text not null default '',
  price numeric(10, 2) not null default 0 check (price >= 0),
  image_src text,
  image_alt text,
  unavailable boolean not null default false,
  special_offer jsonb check (
    special_offer is null
    or (jsonb_typeof(special_offer) = 'object' and jsonb_typeof(special_offer -> 'text') = 'string')
  ),
  item_type text not null default 'dish' check (item_type in ('dish', 'section_title', 'coming_soon')),
  title text,
  kids_menu_options jsonb check (kids_menu_options is null or jsonb_typeof(kids_menu_options) = 'array'),
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  hidden boolean not null default false,
  deleted_at timestamptz,
  vat_rate smallint not null default 3 check (vat_rate in (3, 8, 14, 17)),
  allergens text[],
  check (item_type <> 'section_title' or title is not null),
  -- Bounds of what the editor writes (the seeded menu is well inside them).
  constraint menu_items_name_length check (char_length(name) <= 120),
  constraint menu_items_description_length check (char_length(description) <= 1000),
  constraint menu_items_price_bound check (price <= 1000),
  -- A dish costs at least a cent: numeric(10, 2) rounds 0.004 to 0, which would sell it for free.
  constraint menu_items_dish_price check (item_type <> 'dish' or price >= 0.01),
  constraint menu_items_image_src_shape check (
    image_src is null or (char_length(image_src) <= 500 and image_src ~ '^(https?://|/)[^[:space:]"''<>\\]*$')),
  constraint menu_items_image_alt_length check (image_alt is null or char_length(image_alt) <= 200),
  constraint menu_items_special_offer_length check (special_offer is null or char_length(special_offer::text) <= 1000),
  constraint menu_items_kids_options_bound check (kids_menu_options is null or jsonb_array_length(kids_menu_options) <= 10),
  -- The 14 allergens of EU Regulation 1169/2011 (ALLERGEN_CODES in src/shared/domain/allergens.ts), a flat list
  -- without nulls: `<@` counts a null element as not contained; a list of lists has more than one dimension.
  constraint menu_items_allergens_known check (allergens is null or (
    allergens <@ array['gluten', 'crustaceans', 'eggs', 'fish', 'peanuts', 'soy', 'milk', 'nuts', 'celery', 'mustard',
                       'sesame', 'sulphites', 'lupin', 'molluscs']::text[]
    and cardinality(allergens) <= 14 and coalesce(array_ndims(allergens), 1) = 1))
);
comment on column public.menu_items.hidden is 'Not shown on the shop; cannot be ordered (kept unavailable).';
comment on column public.menu_items.deleted_at is 'Deleted from the menu by an admin; the row stays for order history and reports.';
comment on column public.menu_items.allergens is
  'Allergens the dish contains (EU 1169/2011 codes); empty: none of the 14; null: not declared yet (ask the restaurant).';
comment on column public.menu_items.vat_rate is
  'VAT rate in percent (Luxembourg): 3 food and soft drinks, 17 alcohol; 8 and 14 allowed.';
create index menu_items_category_idx on public.menu_items (category_id, sort_order);
create trigger menu_items_touch before update on public.menu_items
  for each row execute function public.touch_updated_at();

-- Pictures an admin may point a dish or an offer at: a path of the site ("/images/menu/1.webp"), a file of
-- the project's own Storage (the host the admin's request came to, path /storage/v1/object/public/…), or
-- an https address on a host of the image_hosts setting ({"hosts": ["cdn.example.lu"]}). "//host/x.png"
-- (another site, with the page's scheme) and any other host are refused. Checked when an API writer
-- sets the address (a restore writes as the owner and keeps what was saved).
create function public.image_url_is_allowed(p_url text) returns boolean
language plpgsql stable set search_path = ''
as $$
declare
  headers jsonb := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb;
  url_host text := lower(substring(p_url from '^https?://([^/?#]+)'));
begin
  if p_url is null then
    return true;
  end if;
  if p_url ~ '^/[^/\\]' then
    return true;
  end if;
  -- The host the admin's request came to: the project's own Storage.
  if url_host is not null and url_host = lower(btrim(headers ->> 'host'))
     and p_url ~ '^https?://[^/?#]+/storage/v1/object/public/' then
    return true;
  end if;
  return p_url ~ '^https://' and url_host is not null and exists (
    select 1 from public.store_settings s, jsonb_array_elements_text(
             case when jsonb_typeof(s.value -> 'hosts') = 'array' then s.value -> 'hosts' else '[]' end) h
     where s.key = 'image_hosts' and lower(h) = url_host);
end $$;

create function public.menu_image_is_allowed() returns trigger
language plpgsql set search_path = ''
as $$
declare
  url text := case when tg_table_name = 'offers' then to_jsonb(new) ->> 'image_url' else to_jsonb(new) ->> 'image_src' end;
  old_url text := case when tg_op = 'UPDATE' then
    case when tg_table_name = 'offers' then to_jsonb(old) ->> 'image_url' else to_jsonb(old) ->> 'image_src' end end;
begin
  -- Addresses of a site ("https://…", "//…"); the shape of the rest is the table's check.
  if current_user in ('anon', 'authenticated') and url is distinct from old_url and url ~* '^(https?:)?//'
     and not public.image_url_is_allowed(url) then
    raise exception using errcode = '23514', detail = 'image_not_allowed', hint = 'Imagem recusada',
      message = 'L''image doit venir du stockage du restaurant, d''un chemin du site ou d''une adresse https autorisée.';
  end if;
  return new;
end $$;
create trigger menu_items_image_allowed before insert or update of image_src on public.menu_items
  for each row execute function public.menu_image_is_allowed();

-- A hidden or deleted dish cannot be ordered: place_order refuses unavailable items.
create function public.menu_item_hidden_is_unavailable() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.hidden or new.deleted_at is not null then
    new.unavailable := true;
  end if;
  return new;
end $$;
create trigger menu_items_hidden_unavailable before insert or update on public.menu_items
  for each row execute function public.menu_item_hidden_is_unavailable();

-- A dish that an order names is never removed for real: the editor deletes softly (deleted_at).
create function public.menu_item_delete_keeps_history() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if exists (
    select 1 from public.orders o, jsonb_array_elements(o.order_items) l
    where coalesce(l ->> 'menu_item_id', split_part(l ->> 'id', '_', 1)) = old.id
  ) then
    raise exception using errcode = 'P0001', detail = 'item_in_orders', hint = 'Article commandé',
      message = 'Cet article figure dans des commandes : masquez-le ou supprimez-le du menu (suppression douce).';
  end if;
  return old;
end $$;
create trigger menu_items_delete_keeps_history before delete on public.menu_items
  for each row execute function public.menu_item_delete_keeps_history();

-- Category ids and slugs are the addresses of /menu/<slug>: renaming changes the name only.
create function public.menu_category_keeps_slug() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if (new.slug is distinct from old.slug or new.id is distinct from old.id) and current_user in ('anon', 'authenticated') then
    raise exception using errcode = 'P0001', detail = 'slug_fixed', hint = 'Adresse fixe',
      message = 'L''adresse (slug) d''une catégorie ne change pas ; seul son nom change.';
  end if;
  return new;
end $$;
create trigger menu_categories_keep_slug before update on public.menu_categories
  for each row execute function public.menu_category_keeps_slug();

-- The menu editor's ↑ and ↓: a dish (within its category) or a category changes places with its neighbour, in
-- one statement and from the rows as they are now, not as the admin's screen last saw them (two quick clicks, two
-- admins, a live refresh between two writes never leave ties or undo a move). The list is numbered 1..n on the
-- way (ties of seeded rows ordered by id, as the editor shows them). Runs as the caller: RLS on the tables
-- decides, and the check below gives the refusal a clear message. False when there is no neighbour.
create function public.move_menu_entry(p_kind text, p_id text, p_direction text) returns boolean
language plpgsql security invoker set search_path = ''
as $$
declare
  v_step integer := case p_direction when 'up' then -1 when 'down' then 1 end;
  v_moved integer;
begin
  perform public.require_staff('manager');
  if v_step is null or p_kind not in ('item', 'category') then
    raise exception using errcode = '22023', message = 'Pedido inválido.', detail = 'invalid_move';
  end if;
  if p_kind = 'item' then
    with list as (
      select i.id, row_number() over (order by i.sort_order, i.id)::integer as pos
        from public.menu_items i
       where i.deleted_at is null
         and i.category_id = (select m.category_id from public.menu_items m where m.id = p_id)
    ), me as (select pos from list where id = p_id),
    placed as (
      select l.id, case when l.pos = me.pos then me.pos + v_step when l.pos = me.pos + v_step then me.pos else l.pos end as pos
        from list l, me
       where exists (select 1 from list n where n.pos = me.pos + v_step)
    )
    update public.menu_items i set sort_order = placed.pos from placed
     where i.id = placed.id and i.sort_order is distinct from placed.pos;
  else
    with list as (
      select c.id, row_number() over (order by c.sort_order, c.id)::integer as pos from public.menu_categories c
    ), me as (select pos from list where id = p_id),
    placed as (
      select l.id, case when l.pos = me.pos then me.pos + v_step when l.pos = me.pos + v_step then me.pos else l.pos end as pos
        from list l, me
       where exists (select 1 from list n where n.pos = me.pos + v_step)
    )
    update public.menu_categories c set sort_order = placed.pos from placed
     where c.id = placed.id and c.sort_order is distinct from placed.pos;
  end if;
  get diagnostics v_moved = row_count;
  return v_moved > 0;
end $$;

-- Shape of each known settings key, so an admin's typo is refused when saved (23514) instead of
-- breaking every order later: opening hours must be a known time zone and "HH:MM" periods per ISO
-- weekday; delivery zones may not name a city twice. Unknown keys are free-form JSON.
create function public.store_setting_is_valid(p_key text, p_value jsonb) returns boolean
language plpgsql immutable set search_path = ''
as $$
declare
  zone jsonb;
  day record;
  period jsonb;
begin
  case p_key
    when 'ordering' then
      return coalesce(jsonb_typeof(p_value) = 'object'
        and jsonb_typeof(p_value -> 'is_enabled') = 'boolean'
        and coalesce(jsonb_typeof(p_value -> 'message'), 'string') in ('string', 'null'), false);
    when 'order_limits' then
      -- max_anonymous_total: the largest order without an account, 20 to 10,000 € (place_order).
      return coalesce(jsonb_typeof(p_value) = 'object'
        and jsonb_typeof(p_value -> 'max_anonymous_total') = 'number'
        and (p_value ->> 'max_anonymous_total')::numeric between 20 and 10000, false);
    when 'image_hosts' then
      return coalesce(jsonb_typeof(p_value) = 'object' and jsonb_typeof(p_value -> 'hosts') = 'array'
        and jsonb_array_length(p_value -> 'hosts') <= 20
        and not exists (select 1 from jsonb_array_elements(p_value -> 'hosts') h
                         where jsonb_typeof(h) <> 'string' or (h #>> '{}') !~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$'
                            or length(h #>> '{}') > 253), false);
    when 'delivery_options' then
      return coalesce(jsonb_typeof(p_value) = 'object' and jsonb_typeof(p_value -> 'is_enabled') = 'boolean', false);
    when 'reservation_capacity' then
      -- Guests one service can take in reservations (null: no limit), 1 to 500 (create_reservation).
      return coalesce(jsonb_typeof(p_value) = 'object'
        and (jsonb_typeof(p_value -> 'guests_per_service') = 'null'
             or (jsonb_typeof(p_value -> 'guests_per_service') = 'number'
                 and (p_value ->> 'guests_per_service')::numeric between 1 and 500
                 and (p_value ->> 'guests_per_service')::numeric = trunc((p_value ->> 'guests_per_service')::numeric))), false);
    when 'busy_mode' then
      -- The counter's busy mode (set_busy_mode): minutes added to the preparation time until extra_until, immediate
      -- orders paused until paused_until; end times, never flags, so that each mode ends by itself.
      if jsonb_typeof(p_value) is distinct from 'object'
         or jsonb_typeof(p_value -> 'extra_minutes') is distinct from 'number'
         or (p_value ->> 'extra_minutes')::numeric not between 0 and 120
         or (p_value ->> 'extra_minutes')::numeric <> trunc((p_value ->> 'extra_minutes')::numeric)
         or coalesce(jsonb_typeof(p_value -> 'extra_until'), 'null') not in ('null', 'string')
         or coalesce(jsonb_typeof(p_value -> 'paused_until'), 'null') not in ('null', 'string') then
        return false;
      end if;
      begin
        perform (p_value ->> 'extra_until')::timestamptz, (p_value ->> 'paused_until')::timestamptz;
      exception when others then
        return false;
      end;
      return true;
    when 'delivery_zones' then
      if jsonb_typeof(p_value) is distinct from 'array' then return false; end if;
      -- Each zone: a name, a fee of 0 to 50 € in cents, and optionally the Luxembourg postal codes it covers
      -- (four digits each, at most 300, none in two zones).
      if jsonb_array_length(p_value) > 200 then return false; end if;
      for zone in select * from jsonb_array_elements(p_value) loop
        if jsonb_typeof(zone) is distinct from 'object'
          or jsonb_typeof(zone -> 'name') is distinct from 'string' or btrim(zone ->> 'name') = ''
          or char_length(zone ->> 'name') > 80
          or jsonb_typeof(zone -> 'fee') is distinct from 'number' or (zone ->> 'fee')::numeric < 0
          or (zone ->> 'fee')::numeric > 50 or (zone ->> 'fee')::numeric <> round((zone ->> 'fee')::numeric, 2)
          or coalesce(jsonb_typeof(zone -> 'postal_codes'), 'array') <> 'array' then
          return false;
        end if;
        if jsonb_typeof(zone -> 'postal_codes') = 'array' and (jsonb_array_length(zone -> 'postal_codes') > 300
            or exists (select 1 from jsonb_array_elements(zone -> 'postal_codes') c
                        where jsonb_typeof(c) <> 'string' or (c #>> '{}') !~ '^[0-9]{4}$')) then
          return false;
        end if;
      end loop;
      if (select count(c) <> count(distinct c #>> '{}') from jsonb_array_elements(p_value) z,
            jsonb_array_elements(case when jsonb_typeof(z -> 'postal_codes') = 'array' then z -> 'postal_codes' else '[]' end) c) then
        return false;
      end if;
      return (select count(distinct lower(btrim(z ->> 'name'))) = count(*) from jsonb_array_elements(p_value) z);
    when 'opening_hours' then
      if jsonb_typeof(p_value) is distinct from 'object' or jsonb_typeof(p_value -> 'timezone') is distinct from 'string'
         or jsonb_typeof(p_value -> 'days') is distinct from 'object'
         or coalesce(jsonb_typeof(p_value -> 'last_order_minutes_before_close'), 'number') <> 'number'
         or coalesce(jsonb_typeof(p_value -> 'slot_minutes'), 'number') <> 'number'
         or coalesce((p_value ->> 'slot_minutes')::numeric, 1) < 1 then
        return false;
      end if;
      begin
        perform timezone(p_value ->> 'timezone', timestamp '2000-01-01 00:00');
      exception when others then
        return false;
      end;
      for day in select * from jsonb_each(p_value -> 'days') loop
        if day.key !~ '^[1-7]$' or jsonb_typeof(day.value) <> 'array' then return false; end if;
        for period in select * from jsonb_array_elements(day.value) loop
          if jsonb_typeof(period) <> 'array' or jsonb_array_length(period) <> 2
             or coalesce(period ->> 0, '') !~ '^([01]\d|2[0-3]):[0-5]\d$'
             or coalesce(period ->> 1, '') !~ '^([01]\d|2[0-3]):[0-5]\d$'
             or (period ->> 0)::time >= (period ->> 1)::time then
            return false;
          end if;
        end loop;
      end loop;
      return true;
    else
      return true;
  end case;
end $$;

-- order_acceptance: {default_ready_minutes 5–240, auto_accept, capacity: {delivery, pickup} (null = no limit, else 1–500)}.
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

create table public.store_settings (
  key text primary key check (key ~ '^[a-z][a-z0-9_]*$'),
  value jsonb not null,
  is_public boolean not null default true,
  updated_at timestamptz not null default now(),
  constraint store_settings_value_shape check (public.store_setting_is_valid(key, value)),
  constraint store_settings_order_acceptance_shape
    check (key <> 'order_acceptance' or public.order_acceptance_setting_is_valid(value))
);
create trigger store_settings_touch before update on public.store_settings
  for each row execute function public.touch_updated_at();

-- Defaults every installation needs; seed.sql adds the delivery zones.
insert into public.store_settings (key, value) values
  ('ordering', '{"is_enabled": true, "message": ""}'),
  ('delivery_options', '{"is_enabled": true}'),
  ('delivery_zones', '[]'),
  -- An order without an account above this total is taken by telephone (place_order).
  ('order_limits', '{"max_anonymous_total": 500}'),
  -- The counter's busy mode, public so that the shop shows it at once (set_busy_mode, place_order).
  ('busy_mode', '{"extra_minutes": 0, "extra_until": null, "paused_until": null}'),
  -- ISO weekday (1 = Monday) → service periods. Orders stop 30 minutes before each closing;
  -- pre-orders are taken in 15-minute slots.
  ('opening_hours', '{
    "timezone": "Europe/Luxembourg",
    "last_order_minutes_before_close": 30,
    "slot_minutes": 15,
    "days": {
      "1": [["11:00", "15:00"], ["18:00", "22:00"]],
      "2": [],
      "3": [["11:00", "15:00"], ["18:00", "22:00"]],
      "4": [["11:00", "15:00"], ["18:00", "22:00"]],
      "5": [["11:00", "15:00"], ["18:00", "22:00"]],
      "6": [["11:00", "15:00"], ["18:00", "22:00"]],
      "7": [["11:00", "15:00"], ["18:00", "22:00"]]
    }
  }');
insert into public.store_settings (key, value, is_public) values
  -- Guests a service takes in reservations (null: no limit); the shop reads only the room left (reservation_room).
  ('reservation_capacity', '{"guests_per_service": null}', false),
  ('order_acceptance', '{"default_ready_minutes": 30, "auto_accept": false, "capacity": {"delivery": null, "pickup": null}}', false);

-- The settings the order rules read.
create function public.restaurant_time_zone() returns text
language plpgsql stable set search_path = ''
as $$
begin
  return coalesce((select value ->> 'timezone' from public.store_settings where key = 'opening_hours'), 'Europe/Luxembourg');
end $$;

create function public.restaurant_today() returns date
language plpgsql stable set search_path = ''
as $$
begin
  return (now() at time zone public.restaurant_time_zone())::date;
end $$;

-- Luxembourg's postal codes and their localities (a code may serve several localities, a locality has many
-- codes: one per street). Public data: GeoNames' Luxembourg postal codes (CC BY 4.0), from the national register
-- of localities and streets; the rows are 20251128100100_postal_codes.sql, written by
-- scripts/refresh-postal-codes.ts. Everyone reads it (the admin's zone screen names each code's towns); only
-- the migrations write it.
create table public.postal_codes (
  code text not null check (code ~ '^[0-9]{4}$'),
  locality text not null check (btrim(locality) <> '' and length(locality) <= 100),
  primary key (code, locality)
);
comment on table public.postal_codes is
  'Luxembourg postal codes and their localities (GeoNames, CC BY 4.0); delivery_zone_fee reads a code''s towns here.';
alter table public.postal_codes enable row level security;
create policy postal_codes_select on public.postal_codes for select to anon, authenticated using (true);
revoke all on public.postal_codes from anon, authenticated;
grant select on public.postal_codes to anon, authenticated;

-- A Luxembourg postal code as four digits ("L-4501", "l 4501", "4501" → "4501"); null for anything else.
create function public.lux_postal_code(p_code text) returns text
language plpgsql immutable set search_path = ''
as $$
begin
  return substring(upper(btrim(coalesce(p_code, ''))) from '^(?:L[[:space:]]*-?[[:space:]]*)?([0-9]{4})$');
end $$;

-- A town as it is compared (townKey in src/shared/domain/delivery-zones.ts, same letters and names): lower case,
-- without accents (translate(): PGlite has no unaccent), each run of other characters one space, then a usual
-- short or Luxembourgish name replaced by the official one ("PETANGE" → "petange", "Esch" → "esch sur alzette").
-- The names are one expression, not a join with a list of values: PL/pgSQL evaluates it without starting a query at
-- each call (a delivery calls town_key for the town and for each zone, in every order).
create function public.town_key(p_town text) returns text
language plpgsql immutable set search_path = ''
as $$
declare
  k text := btrim(regexp_replace(translate(
              replace(replace(replace(lower(coalesce(p_town, '')), 'œ', 'oe'), 'æ', 'ae'), 'ß', 'ss'),
              'àáâãäåāăąçćčďèéêëēėęěìíîïīįıñńňòóôõöøōőùúûüūůűųýÿžźżšśşłř',
              'aaaaaaaaacccdeeeeeeeeiiiiiiinnnoooooooouuuuuuuuyyzzzssslr'), '[^a-z0-9]+', ' ', 'g'));
begin
  return case k
    when 'esch' then 'esch sur alzette'
    when 'esch alzette' then 'esch sur alzette'
    when 'esch uelzecht' then 'esch sur alzette'
    when 'eisch uelzecht' then 'esch sur alzette'
    when 'deifferdeng' then 'differdange'
    when 'peiteng' then 'petange'
    when 'nidderkuer' then 'niederkorn'
    when 'niedercorn' then 'niederkorn'
    when 'uewerkuer' then 'oberkorn'
    when 'obercorn' then 'oberkorn'
    when 'zowaasch' then 'lasauvage'
    when 'rodeng' then 'rodange'
    when 'rolleng' then 'lamadelaine'
    when 'suessem' then 'sanem'
    when 'zolwer' then 'soleuvre'
    when 'bieles' then 'belvaux'
    when 'beles' then 'belvaux'
    when 'eilereng' then 'ehlerange'
    when 'nidderkaerjeng' then 'bascharage'
    when 'schuffleng' then 'schifflange'
    when 'scheffleng' then 'schifflange'
    when 'diddeleng' then 'dudelange'
    when 'monnerech' then 'mondercange'
    when 'lux' then 'luxembourg'
    when 'luxembourg ville' then 'luxembourg'
    when 'ville de luxembourg' then 'luxembourg'
    when 'letzebuerg' then 'luxembourg'
    else k end;
end $$;

-- The fee of the zone an address is in: the zone that lists the postal code; else a zone without postal codes
-- whose town is one of the code's localities (postal_codes), or, for a code the register does not know, the
-- typed town; towns compared by town_key (case, accents, short names aside). A zone that lists postal codes
-- covers those codes only (a Luxembourg-City address typed "Differdange" is not in Differdange's zone). Without
-- a postal code (place_order requires one for a delivery) the town names the zone. Null when none.
create function public.delivery_zone_fee(p_city text, p_postal_code text) returns numeric
language plpgsql stable set search_path = ''
as $$
begin
  return (with code as (select public.lux_postal_code(p_postal_code) as c),
  zones as (
    select z, n, jsonb_typeof(z -> 'postal_codes') = 'array' and jsonb_array_length(z -> 'postal_codes') > 0 as listed
      from public.store_settings s, jsonb_array_elements(s.value) with ordinality as e(z, n)
     where s.key = 'delivery_zones'),
  known as (select public.town_key(p.locality) as town from public.postal_codes p, code where p.code = code.c),
  towns as (
    select town from known
    union all
    select public.town_key(p_city) where not exists (select 1 from known))
  select (z ->> 'fee')::numeric(10, 2)
    from zones, code
   where case when code.c is null then public.town_key(z ->> 'name') <> '' and public.town_key(z ->> 'name') = public.town_key(p_city)
              when listed then (z -> 'postal_codes') ? code.c
              else public.town_key(z ->> 'name') <> '' and public.town_key(z ->> 'name') in (select town from towns) end
   order by listed desc, n
   limit 1);
end $$;

-- The fee of the zone whose name is the city (town_key: case, accents and short names aside); null when none.
create function public.delivery_fee_for(p_city text) returns numeric
language sql stable set search_path = ''
as $$
  select (z ->> 'fee')::numeric(10, 2)
    from public.store_settings s, jsonb_array_elements(s.value) z
   where s.key = 'delivery_zones' and public.town_key(p_city) <> ''
     and public.town_key(z ->> 'name') = public.town_key(p_city)
   limit 1
$$;

-- Special offers as data the owner edits in the admin ("Ofertas"): the home page's offer block (title,
-- text, picture from the menu-images bucket) and, optionally, the price rule it announces (one item at
-- a price for pickup, delivery or both) over a range of Luxembourg days, both ends inclusive. An offer
-- is live while restaurant_today() is inside its range: it shows on the home page and its price
-- applies (unit_price() below, and so place_order, and the shop's cart read the same rows); before or
-- after, it does neither, with no job to run.
create table public.offers (
  id bigint generated always as identity primary key,
  title text not null,
  body text not null default '',
  image_url text,
  item_id text references public.menu_items (id) on delete cascade on update cascade,
  price numeric(10, 2),
  delivery_method text,
  starts_on date not null,
  ends_on date not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint offers_title_length check (char_length(btrim(title)) between 1 and 80 and char_length(title) <= 80),
  constraint offers_body_length check (char_length(body) <= 300),
  constraint offers_text_plain check (title !~ '[[:cntrl:]]' and body !~ '[\x01-\x09\x0b-\x1f\x7f]'),
  constraint offers_image_url check (
    image_url is null or (char_length(image_url) <= 500 and image_url ~ '^(/|https?://)[^[:space:]"''<>\\]+$')),
  constraint offers_price_range check (price > 0 and price <= 1000),
  constraint offers_delivery_method check (delivery_method in ('pickup', 'delivery', 'both')),
  -- A price rule is whole (item, price and method) or absent (an announcement only).
  constraint offers_rule_whole check (
    (item_id is null and price is null and delivery_method is null)
    or (item_id is not null and price is not null and delivery_method is not null)),
  constraint offers_dates check (ends_on >= starts_on and ends_on <= starts_on + 730 and starts_on >= date '2020-01-01')
);
comment on table public.offers is
  'Special offers of the home page, live from starts_on to ends_on (Luxembourg days, inclusive); an optional price rule (item_id, price, delivery_method pickup/delivery/both) that unit_price() applies while live.';
create index offers_item_idx on public.offers (item_id) where item_id is not null;
create index offers_ends_on_idx on public.offers (ends_on);
create trigger offers_touch before update on public.offers
  for each row execute function public.touch_updated_at();
create trigger offers_image_allowed before insert or update of image_url on public.offers
  for each row execute function public.menu_image_is_allowed();

-- A check constraint cannot read the clock: an offer starts at most two years from today, and at most
-- 20 offers are live or scheduled at once (the home page shows every live one).
create function public.offer_is_within_limits() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.starts_on > public.restaurant_today() + 730 then
    raise exception using errcode = '23514', detail = 'offer_start', hint = 'Data inválida',
      message = 'Uma oferta começa no máximo daqui a dois anos.';
  end if;
  if new.ends_on >= public.restaurant_today() then
    -- One writer at a time counts, so two admins cannot both add the 21st.
    perform pg_advisory_xact_lock(hashtext('public.offers'));
    if (select count(*) from public.offers o
         where o.ends_on >= public.restaurant_today() and o.id is distinct from new.id) >= 20 then
      raise exception using errcode = '23514', detail = 'offer_count', hint = 'Demasiadas ofertas',
        message = 'No máximo 20 ofertas em curso ou programadas.';
    end if;
  end if;
  return new;
end $$;
create trigger offers_within_limits before insert or update on public.offers
  for each row execute function public.offer_is_within_limits();

-- The shop reads the offers not over yet (the live ones for the home page, the coming ones for the
-- price of a pre-order); past offers are the admin's history only.
alter table public.offers enable row level security;
revoke all on public.offers from public, anon, authenticated;
grant select on public.offers to anon, authenticated;
grant insert, update, delete on public.offers to authenticated;
grant all on public.offers to service_role;
create policy offers_select_anon on public.offers for select to anon
  using (ends_on >= public.restaurant_today());
create policy offers_select_authenticated on public.offers for select to authenticated
  using (ends_on >= public.restaurant_today() or (select public.staff_allowed('manager')));
create policy offers_insert_admin on public.offers for insert to authenticated with check ((select public.staff_allowed('manager')));
create policy offers_update_admin on public.offers for update to authenticated using ((select public.staff_allowed('manager'))) with check ((select public.staff_allowed('manager')));
create policy offers_delete_admin on public.offers for delete to authenticated using ((select public.staff_allowed('manager')));

-- What one unit of an item costs for this method on this Luxembourg day: the lowest live offer price
-- for that item and method, else the menu price.
create function public.unit_price(p_item_id text, p_method text, p_day date) returns numeric
language plpgsql stable set search_path = ''
as $$
begin
  return coalesce(
    (select min(o.price) from public.offers o
      where o.item_id = p_item_id
        and (o.delivery_method = 'both' or o.delivery_method = p_method)
        and o.starts_on <= p_day and p_day <= o.ends_on),
    (select m.price from public.menu_items m where m.id = p_item_id)
  );
end $$;

create function public.order_acceptance_settings() returns jsonb
language plpgsql stable set search_path = ''
as $$
begin
  return '{"default_ready_minutes": 30, "auto_accept": false, "capacity": {"delivery": null, "pickup": null}}'::jsonb
    || coalesce((select s.value from public.store_settings s where s.key = 'order_acceptance'), '{}');
end $$;

create table public.reviews (
  id uuid primary key default gen_random_uuid(),
  author text not null check (btrim(author) <> ''),
  rating smallint not null check (rating between 1 and 5),
  text text not null default '',
  date date not null default current_date,
  source text not null default 'google',
  created_at timestamptz not null default now()
);

-- The fixed category list of the menu.
insert into public.menu_categories (id, name, slug, sort_order) values
  ('entrees', 'Entrées', 'entrees', 1),
  ('chic_n_fries', 'Chic''N''Fries', 'chic-n-fries', 2),
  ('grill', 'Grillades', 'grillades', 3),
  ('francesinhas', 'CasaDasFrancesinhas', 'casadasfrancesinhas', 4),
  ('hamburgers', 'HungryBurgers', 'hungryburgers', 5),
  ('boissons', 'Boissons', 'boissons', 6),
  ('menu_enfant', 'Menu Enfant', 'menu-enfant', 7),
  ('accompagnements', 'Accompagnements', 'accompagnements', 8),
  ('desserts', 'Desserts', 'desserts', 9);

-- Grants: everyone reads; only authenticated may attempt writes, and RLS lets admins only.
revoke all on public.menu_categories, public.menu_items, public.store_settings, public.reviews
  from anon, authenticated;
grant select on public.menu_categories, public.menu_items, public.store_settings, public.reviews
  to anon, authenticated;
grant insert, update, delete on public.menu_categories, public.menu_items, public.store_settings, public.reviews
  to authenticated;

alter table public.menu_categories enable row level security;
alter table public.menu_items enable row level security;
alter table public.store_settings enable row level security;
alter table public.reviews enable row level security;

create policy menu_categories_select_anon on public.menu_categories for select to anon using (true);
create policy menu_categories_select_authenticated on public.menu_categories for select to authenticated using (true);
create policy menu_categories_insert_admin on public.menu_categories for insert to authenticated with check ((select public.staff_allowed('manager')));
create policy menu_categories_update_admin on public.menu_categories for update to authenticated using ((select public.staff_allowed('manager'))) with check ((select public.staff_allowed('manager')));
create policy menu_categories_delete_admin on public.menu_categories for delete to authenticated using ((select public.staff_allowed('manager')));

create policy menu_items_select_anon on public.menu_items for select to anon using (true);
create policy menu_items_select_authenticated on public.menu_items for select to authenticated using (true);
create policy menu_items_insert_admin on public.menu_items for insert to authenticated with check ((select public.staff_allowed('manager')));
create policy menu_items_update_admin on public.menu_items for update to authenticated using ((select public.staff_allowed('manager'))) with check ((select public.staff_allowed('manager')));
create policy menu_items_delete_admin on public.menu_items for delete to authenticated using ((select public.staff_allowed('manager')));

-- The back-office level that may write a settings key (policies below).
create function public.store_setting_level(p_key text) returns text
language sql immutable set search_path = ''
as $$
  select case when p_key in ('ordering', 'delivery_options') then 'staff' when p_key = 'restaurant' then 'owner' else 'manager' end
$$;
grant execute on function public.store_setting_level(text) to authenticated, service_role;
revoke execute on function public.store_setting_level(text) from public, anon;

create policy store_settings_select_anon on public.store_settings for select to anon using (is_public);
create policy store_settings_select_authenticated on public.store_settings for select to authenticated using (is_public or (select public.is_admin()));
-- Each key's level (store_setting_level): the counter opens and closes ordering and delivery, the owner alone
-- changes the restaurant's legal identity, the manager the rest. Every back-office account reads them all.
create policy store_settings_insert_admin on public.store_settings for insert to authenticated
  with check (public.staff_allowed(public.store_setting_level(key)));
create policy store_settings_update_admin on public.store_settings for update to authenticated
  using (public.staff_allowed(public.store_setting_level(key))) with check (public.staff_allowed(public.store_setting_level(key)));
create policy store_settings_delete_admin on public.store_settings for delete to authenticated
  using (public.staff_allowed(public.store_setting_level(key)));

create policy reviews_select_anon on public.reviews for select to anon using (true);
create policy reviews_select_authenticated on public.reviews for select to authenticated using (true);
create policy reviews_insert_admin on public.reviews for insert to authenticated with check ((select public.staff_allowed('manager')));
create policy reviews_update_admin on public.reviews for update to authenticated using ((select public.staff_allowed('manager'))) with check ((select public.staff_allowed('manager')));
create policy reviews_delete_admin on public.reviews for delete to authenticated using ((select public.staff_allowed('manager')));

grant execute on function public.delivery_fee_for(text),
  public.unit_price(text, text, date), public.restaurant_time_zone(), public.restaurant_today() to anon, authenticated, service_role;
-- The settings checks run as the admin who saves.
revoke execute on function public.order_acceptance_setting_is_valid(jsonb) from public, anon;
grant execute on function public.order_acceptance_setting_is_valid(jsonb) to authenticated, service_role;
-- The zone rule runs inside place_order (a definer); nobody calls it through the API.
revoke execute on function public.lux_postal_code(text), public.delivery_zone_fee(text, text) from public, anon, authenticated;
grant execute on function public.town_key(text) to anon, authenticated, service_role;
revoke execute on function public.move_menu_entry(text, text, text) from public, anon;
grant execute on function public.move_menu_entry(text, text, text) to authenticated, service_role;
-- The image check runs as the admin who saves (the trigger is not a definer: it must see who writes).
revoke execute on function public.image_url_is_allowed(text) from public, anon;
grant execute on function public.image_url_is_allowed(text) to authenticated, service_role;
revoke execute on function public.menu_image_is_allowed() from public, anon, authenticated;
revoke execute on function public.order_acceptance_settings(), public.menu_item_hidden_is_unavailable(),
  public.menu_item_delete_keeps_history(), public.menu_category_keeps_slug() from public, anon, authenticated;

alter publication supabase_realtime add table public.store_settings, public.menu_items, public.menu_categories, public.offers;
