-- Special offers as data the owner edits in the admin ("Ofertas"): the home page's offer block (title,
-- text, picture from the menu-images bucket) and, optionally, the price rule it announces (one item at
-- a price for pickup, delivery or both) over a range of Luxembourg days, both ends inclusive. An offer
-- is live while restaurant_today() is inside its range: it shows on the home page and its price
-- applies; before or after, it does neither, with no job to run. This replaces menu_special_prices,
-- whose rows become offers: unit_price() (and so place_order) and the shop's cart read the same rows.

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
  using (ends_on >= public.restaurant_today() or (select public.is_admin()));
create policy offers_insert_admin on public.offers for insert to authenticated with check ((select public.is_admin()));
create policy offers_update_admin on public.offers for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy offers_delete_admin on public.offers for delete to authenticated using ((select public.is_admin()));

do $$
begin
  if not exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'offers') then
    alter publication supabase_realtime add table public.offers;
  end if;
end $$;

-- The existing special prices become offers (titled by their item), then their table goes: one source.
-- The trigger is bypassed for these rows only (past rows may exceed today's limits).
alter table public.offers disable trigger offers_within_limits;
insert into public.offers (title, item_id, price, delivery_method, starts_on, ends_on)
select left(coalesce(m.name, sp.item_id), 80), sp.item_id, greatest(sp.price, 0.01), coalesce(sp.delivery_method, 'both'),
       coalesce(sp.starts_on, sp.ends_on), sp.ends_on
  from public.menu_special_prices sp left join public.menu_items m on m.id = sp.item_id
 where sp.ends_on <= coalesce(sp.starts_on, sp.ends_on) + 730 and sp.price <= 1000;
alter table public.offers enable trigger offers_within_limits;
drop table public.menu_special_prices;

-- What one unit of an item costs for this method on this Luxembourg day: the lowest live offer price
-- for that item and method, else the menu price.
create or replace function public.unit_price(p_item_id text, p_method text, p_day date) returns numeric
language sql stable set search_path = ''
as $$
  select coalesce(
    (select min(o.price) from public.offers o
      where o.item_id = p_item_id
        and (o.delivery_method = 'both' or o.delivery_method = p_method)
        and o.starts_on <= p_day and p_day <= o.ends_on),
    (select m.price from public.menu_items m where m.id = p_item_id)
  )
$$;
