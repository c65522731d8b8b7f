-- Menu, store settings and reviews: readable by everyone, written by admins only.

-- Admin = app_metadata.role 'admin' in the JWT. app_metadata is writable only with the service
-- role; user_metadata is writable by the user and is never consulted.
create function public.is_admin() returns boolean
language sql stable set search_path = ''
as $$
  select coalesce((auth.jwt() -> 'app_metadata' ->> 'role') = 'admin', false)
$$;

create function public.touch_updated_at() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end $$;

create table public.menu_categories (
  id text primary key check (id ~ '^[a-z0-9_]+$'),
  name text not null check (btrim(name) <> ''),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  sort_order integer not null default 0
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
  check (item_type <> 'section_title' or title is not null)
);
create index menu_items_category_idx on public.menu_items (category_id, sort_order);
create trigger menu_items_touch before update on public.menu_items
  for each row execute function public.touch_updated_at();

-- Time-limited prices are data, e.g. the whole chicken at 12.50 for pickup in October.
create table public.menu_special_prices (
  id bigint generated always as identity primary key,
  item_id text not null references public.menu_items (id) on delete cascade on update cascade,
  price numeric(10, 2) not null check (price >= 0),
  delivery_method text check (delivery_method in ('pickup', 'delivery')),
  starts_on date,
  ends_on date not null,
  check (starts_on is null or starts_on <= ends_on)
);
create index menu_special_prices_item_idx on public.menu_special_prices (item_id);

-- Shape of each known settings key; unknown keys are free-form JSON.
create function public.store_setting_is_valid(p_key text, p_value jsonb) returns boolean
language plpgsql immutable set search_path = ''
as $$
declare zone jsonb;
begin
  case p_key
    when 'ordering' then
      return jsonb_typeof(p_value) = 'object'
        and jsonb_typeof(p_value -> 'is_enabled') = 'boolean'
        and coalesce(jsonb_typeof(p_value -> 'message'), 'string') in ('string', 'null');
    when 'delivery_options' then
      return jsonb_typeof(p_value) = 'object' and jsonb_typeof(p_value -> 'is_enabled') = 'boolean';
    when 'delivery_zones' then
      if jsonb_typeof(p_value) <> 'array' then return false; end if;
      for zone in select * from jsonb_array_elements(p_value) loop
        if jsonb_typeof(zone -> 'name') <> 'string' or btrim(zone ->> 'name') = ''
          or jsonb_typeof(zone -> 'fee') <> 'number' or (zone ->> 'fee')::numeric < 0 then
          return false;
        end if;
      end loop;
      return true;
    when 'opening_hours' then
      return jsonb_typeof(p_value) = 'object'
        and jsonb_typeof(p_value -> 'timezone') = 'string'
        and jsonb_typeof(p_value -> 'days') = 'object';
    else
      return true;
  end case;
end $$;

create table public.store_settings (
  key text primary key check (key ~ '^[a-z][a-z0-9_]*$'),
  value jsonb not null,
  is_public boolean not null default true,
  updated_at timestamptz not null default now(),
  constraint store_settings_value_shape check (public.store_setting_is_valid(key, value))
);
create trigger store_settings_touch before update on public.store_settings
  for each row execute function public.touch_updated_at();

-- Defaults every installation needs; seed.sql adds the delivery zones.
insert into public.store_settings (key, value) values
  ('ordering', '{"is_enabled": true, "message": ""}'),
  ('delivery_options', '{"is_enabled": true}'),
  ('delivery_zones', '[]'),
  -- ISO weekday (1 = Monday) → service periods. Orders stop 30 minutes before each closing.
  ('opening_hours', '{
    "timezone": "Europe/Luxembourg",
    "last_order_minutes_before_close": 30,
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
revoke all on public.menu_categories, public.menu_items, public.menu_special_prices, public.store_settings, public.reviews
  from anon, authenticated;
grant select on public.menu_categories, public.menu_items, public.menu_special_prices, public.store_settings, public.reviews
  to anon, authenticated;
grant insert, update, delete on public.menu_categories, public.menu_items, public.menu_special_prices, public.store_settings, public.reviews
  to authenticated;

alter table public.menu_categories enable row level security;
alter table public.menu_items enable row level security;
alter table public.menu_special_prices enable row level security;
alter table public.store_settings enable row level security;
alter table public.reviews enable row level security;

create policy menu_categories_select_anon on public.menu_categories for select to anon using (true);
create policy menu_categories_select_authenticated on public.menu_categories for select to authenticated using (true);
create policy menu_categories_insert_admin on public.menu_categories for insert to authenticated with check ((select public.is_admin()));
create policy menu_categories_update_admin on public.menu_categories for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy menu_categories_delete_admin on public.menu_categories for delete to authenticated using ((select public.is_admin()));

create policy menu_items_select_anon on public.menu_items for select to anon using (true);
create policy menu_items_select_authenticated on public.menu_items for select to authenticated using (true);
create policy menu_items_insert_admin on public.menu_items for insert to authenticated with check ((select public.is_admin()));
create policy menu_items_update_admin on public.menu_items for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy menu_items_delete_admin on public.menu_items for delete to authenticated using ((select public.is_admin()));

create policy menu_special_prices_select_anon on public.menu_special_prices for select to anon using (true);
create policy menu_special_prices_select_authenticated on public.menu_special_prices for select to authenticated using (true);
create policy menu_special_prices_insert_admin on public.menu_special_prices for insert to authenticated with check ((select public.is_admin()));
create policy menu_special_prices_update_admin on public.menu_special_prices for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy menu_special_prices_delete_admin on public.menu_special_prices for delete to authenticated using ((select public.is_admin()));

create policy store_settings_select_anon on public.store_settings for select to anon using (is_public);
create policy store_settings_select_authenticated on public.store_settings for select to authenticated using (is_public or (select public.is_admin()));
create policy store_settings_insert_admin on public.store_settings for insert to authenticated with check ((select public.is_admin()));
create policy store_settings_update_admin on public.store_settings for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy store_settings_delete_admin on public.store_settings for delete to authenticated using ((select public.is_admin()));

create policy reviews_select_anon on public.reviews for select to anon using (true);
create policy reviews_select_authenticated on public.reviews for select to authenticated using (true);
create policy reviews_insert_admin on public.reviews for insert to authenticated with check ((select public.is_admin()));
create policy reviews_update_admin on public.reviews for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy reviews_delete_admin on public.reviews for delete to authenticated using ((select public.is_admin()));

revoke execute on function public.touch_updated_at() from public, anon, authenticated;
-- Policies call is_admin() as the querying role.
grant execute on function public.is_admin() to anon, authenticated, service_role;

alter publication supabase_realtime add table public.store_settings, public.menu_items;
