-- The back office's menu editor: dishes are hidden or deleted softly (old orders keep pointing at
-- them), category slugs never change (links keep working), what admins write is bounded, and
-- category changes reach open shop pages live. Writes stay admin-only through the RLS policies of
-- 20251121100000 (is_admin()); this file adds no grant.

alter table public.menu_items
  add column if not exists hidden boolean not null default false,
  add column if not exists deleted_at timestamptz;
comment on column public.menu_items.hidden is 'Not shown on the shop; cannot be ordered (kept unavailable).';
comment on column public.menu_items.deleted_at is 'Deleted from the menu by an admin; the row stays for order history and reports.';

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

-- Bounds of what the editor writes (the seeded menu is well inside them).
alter table public.menu_items
  add constraint menu_items_name_length check (char_length(name) <= 120),
  add constraint menu_items_description_length check (char_length(description) <= 1000),
  add constraint menu_items_price_bound check (price <= 1000),
  add constraint menu_items_image_src_shape check (
    image_src is null or (char_length(image_src) <= 500 and image_src ~ '^(https?://|/)[^[:space:]"''<>\\]*$')),
  add constraint menu_items_image_alt_length check (image_alt is null or char_length(image_alt) <= 200),
  add constraint menu_items_special_offer_length check (special_offer is null or char_length(special_offer::text) <= 1000),
  add constraint menu_items_kids_options_bound check (kids_menu_options is null or jsonb_array_length(kids_menu_options) <= 10);
alter table public.menu_categories
  add constraint menu_categories_name_length check (char_length(name) <= 60);

revoke execute on function public.menu_item_hidden_is_unavailable(), public.menu_item_delete_keeps_history(), public.menu_category_keeps_slug()
  from public, anon, authenticated;

-- Renamed or reordered categories reach open shop pages as menu_items changes do.
do $$
begin
  if not exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'menu_categories') then
    alter publication supabase_realtime add table public.menu_categories;
  end if;
end $$;
