-- Orders, reservations and challenge registrations. Nobody but admins reads or writes these
-- tables directly, except a signed-in customer reading their own orders; everything else goes
-- through the RPCs of the following migrations.

create table public.orders (
  -- The order number is the first 8 characters; orders_number_key keeps it unique.
  id text primary key default gen_random_uuid()::text check (length(id) between 8 and 64),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  status text not null default 'En attente' check (status in (
    'En attente', 'Bien reçu', 'En préparation', 'Prêt', 'Prête pour Livraison', 'En livraison', 'Livrée', 'Annulée'
  )),
  customer_name text not null check (btrim(customer_name) <> '' and length(customer_name) <= 200),
  customer_phone text not null check (btrim(customer_phone) <> '' and length(customer_phone) <= 40),
  customer_email text check (customer_email ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' and length(customer_email) <= 254),
  customer_address text check (length(customer_address) <= 300),
  customer_postal_code text check (length(customer_postal_code) <= 20),
  customer_city text check (length(customer_city) <= 100),
  delivery_method text not null check (delivery_method in ('pickup', 'delivery')),
  payment_method text not null check (payment_method in ('cash', 'card')),
  is_preorder boolean not null default false,
  preorder_date date,
  preorder_time time,
  order_items jsonb not null check (jsonb_typeof(order_items) = 'array' and jsonb_array_length(order_items) > 0),
  total_price numeric(10, 2) not null check (total_price >= 0),
  delivery_fee numeric(10, 2) not null default 0 check (delivery_fee >= 0),
  discount_amount numeric(10, 2) not null default 0 check (discount_amount >= 0),
  discount_percentage numeric(5, 2) not null default 0 check (discount_percentage between 0 and 100),
  grand_total numeric(10, 2) not null check (grand_total >= 0),
  notes text check (length(notes) <= 2000),
  user_id uuid references auth.users (id) on delete set null,
  constraint orders_grand_total_adds_up check (grand_total = total_price + delivery_fee - discount_amount),
  constraint orders_address_matches_method check (
    case delivery_method
      when 'delivery' then btrim(coalesce(customer_address, '')) <> ''
        and btrim(coalesce(customer_postal_code, '')) <> '' and btrim(coalesce(customer_city, '')) <> ''
      else customer_address is null and customer_postal_code is null and customer_city is null
    end
  ),
  constraint orders_pickup_has_no_fee check (delivery_method = 'delivery' or delivery_fee = 0),
  constraint orders_preorder_has_slot check (
    case when is_preorder then preorder_date is not null and preorder_time is not null
         else preorder_date is null and preorder_time is null end
  )
);
create unique index orders_number_key on public.orders (left(id, 8));
create index orders_created_at_idx on public.orders (created_at desc);
create index orders_user_idx on public.orders (user_id, created_at desc);
create index orders_email_idx on public.orders (lower(customer_email), created_at desc);
create index orders_phone_digits_idx on public.orders (regexp_replace(customer_phone, '\D', '', 'g'));
create index orders_status_idx on public.orders (status);
create trigger orders_touch before update on public.orders
  for each row execute function public.touch_updated_at();

create table public.reservations (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> '' and length(name) <= 200),
  email text not null check (email ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' and length(email) <= 254),
  phone text not null check (btrim(phone) <> '' and length(phone) <= 40),
  reservation_date date not null,
  reservation_time time not null,
  people text not null check (people in ('1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '10+')),
  message text check (length(message) <= 2000),
  status text not null default 'En attente' check (status in ('En attente', 'Confirmée', 'Annulée')),
  created_at timestamptz not null default now()
);
create index reservations_created_at_idx on public.reservations (created_at desc);

create table public.challenge_registrations (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> '' and length(name) <= 200),
  email text not null check (email ~ '^\S+@\S+\.\S+$' and length(email) <= 254),
  phone text check (length(phone) <= 40),
  agreed_to_terms boolean not null check (agreed_to_terms),
  created_at timestamptz not null default now()
);

-- The e-mail of the signed-in user, only once they proved they own it. Read from auth.users
-- (not the JWT) so an unconfirmed or changed address never matches someone else's orders.
create function public.verified_email() returns text
language sql stable security definer set search_path = ''
as $$
  select lower(u.email) from auth.users u
   where u.id = auth.uid() and u.email_confirmed_at is not null and u.email is not null
$$;
revoke execute on function public.verified_email() from public, anon;
grant execute on function public.verified_email() to authenticated, service_role;

-- Grants: anon nothing; authenticated what RLS then narrows (customers: read own orders; admins: all).
revoke all on public.orders, public.reservations, public.challenge_registrations from anon, authenticated;
grant select, insert, update, delete on public.orders, public.reservations, public.challenge_registrations to authenticated;

alter table public.orders enable row level security;
alter table public.reservations enable row level security;
alter table public.challenge_registrations enable row level security;

create policy orders_select_authenticated on public.orders for select to authenticated using (
  (select public.is_admin())
  or user_id = (select auth.uid())
  or lower(customer_email) = (select public.verified_email())
);
create policy orders_insert_admin on public.orders for insert to authenticated with check ((select public.is_admin()));
create policy orders_update_admin on public.orders for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy orders_delete_admin on public.orders for delete to authenticated using ((select public.is_admin()));

create policy reservations_select_admin on public.reservations for select to authenticated using ((select public.is_admin()));
create policy reservations_insert_admin on public.reservations for insert to authenticated with check ((select public.is_admin()));
create policy reservations_update_admin on public.reservations for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy reservations_delete_admin on public.reservations for delete to authenticated using ((select public.is_admin()));

create policy challenge_registrations_select_admin on public.challenge_registrations for select to authenticated using ((select public.is_admin()));
create policy challenge_registrations_insert_admin on public.challenge_registrations for insert to authenticated with check ((select public.is_admin()));
create policy challenge_registrations_update_admin on public.challenge_registrations for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy challenge_registrations_delete_admin on public.challenge_registrations for delete to authenticated using ((select public.is_admin()));

alter publication supabase_realtime add table public.orders, public.reservations;
