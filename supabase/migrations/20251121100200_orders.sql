-- Orders. Nobody but admins reads or writes the table directly, except a signed-in customer reading
-- their own orders; customers place orders through place_order (next migration).
-- Statuses: docs/STATUSES.md; the list is src/shared/domain/order-status.ts (tested against the
-- check constraint below and active_order_count()).

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
  -- Acceptance: a new order waits ("En attente") until staff accept it with a ready time or refuse it
  -- with a reason (docs/STATUSES.md, "Acceptance").
  accepted_at timestamptz,
  ready_at timestamptz,
  refusal_reason text check (refusal_reason is null or (btrim(refusal_reason) <> '' and length(refusal_reason) <= 300)),
  auto_accepted boolean not null default false,
  -- Set when the customer cancelled the order themselves before the restaurant accepted it (cancel_my_order).
  cancelled_by_customer_at timestamptz,
  slot_start timestamptz,
  -- VAT rates the order was taken at (docs/REPORTS.md).
  line_vat_rates jsonb not null default '{}' check (jsonb_typeof(line_vat_rates) = 'object'),
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
comment on column public.orders.accepted_at is 'When staff (or auto-accept) accepted the order; null while it waits.';
comment on column public.orders.ready_at is 'When the order will be ready (pickup) or delivered (delivery), set on acceptance.';
comment on column public.orders.refusal_reason is 'Why the restaurant refused the order (status Annulée), shown to the customer.';
comment on column public.orders.cancelled_by_customer_at is
  'When the customer cancelled the order before acceptance (cancel_my_order); the status is then Annulée.';
comment on column public.orders.slot_start is 'Start of the 15-minute capacity slot the order counts in (set by place_order).';
comment on column public.orders.line_vat_rates is
  'VAT rate in percent of every menu item of order_items (dishes and extras) when the order was written.';
create unique index orders_number_key on public.orders (left(id, 8));
create index orders_created_at_idx on public.orders (created_at desc);
create index orders_user_idx on public.orders (user_id, created_at desc);
create index orders_email_idx on public.orders (lower(customer_email), created_at desc);
create index orders_phone_key_idx on public.orders (public.phone_key(customer_phone));
create index orders_status_idx on public.orders (status);
create index orders_waiting_idx on public.orders (created_at) where status = 'En attente';
create index orders_slot_idx on public.orders (delivery_method, slot_start) where slot_start is not null;
create index orders_preorder_date_idx on public.orders (preorder_date) where is_preorder;
create trigger orders_touch before update on public.orders
  for each row execute function public.touch_updated_at();

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

-- The menu item id of a stored order line: "<item>[_<kids option>][_<extra>…]" (ids never contain "_").
create function public.order_line_item_id(p_line jsonb) returns text
language plpgsql immutable set search_path = ''
as $$
begin
  return nullif(split_part(coalesce(p_line ->> 'id', ''), '_', 1), '');
end $$;

-- Fills line_vat_rates from the menu for every item of order_items not already in it. On insert
-- whatever the writer sent is ignored; on an update, rates already recorded stay and nothing else
-- a writer sends is kept (the column cannot be rewritten, not even by an admin), so a later edit
-- of a rate never rewrites past takings.
create function public.snapshot_order_vat_rates() returns trigger
language plpgsql set search_path = ''
as $$
declare
  kept jsonb := case when tg_op = 'UPDATE' then coalesce(old.line_vat_rates, '{}') else '{}' end;
  found_rates jsonb;
begin
  select coalesce(jsonb_object_agg(ids.item_id, coalesce(m.vat_rate, 3)), '{}') into found_rates
    from (
      select public.order_line_item_id(l) as item_id
        from jsonb_array_elements(case when jsonb_typeof(new.order_items) = 'array' then new.order_items else '[]' end) l
      union
      select o ->> 'id'
        from jsonb_array_elements(case when jsonb_typeof(new.order_items) = 'array' then new.order_items else '[]' end) l,
             jsonb_array_elements(case when jsonb_typeof(l -> 'options') = 'array' then l -> 'options' else '[]' end) o
    ) ids
    left join public.menu_items m on m.id = ids.item_id
   where ids.item_id is not null;
  new.line_vat_rates := found_rates || kept;
  return new;
end $$;
create trigger orders_snapshot_vat_rates before insert or update of order_items, line_vat_rates on public.orders
  for each row execute function public.snapshot_order_vat_rates();

-- A retried order is placed once: the shop draws a request id (a UUID) for each order it sends and
-- sends the same id again when it retries after an answer that got lost. place_order records the id
-- with the order; a later call with that id returns that same order (same content and same signed-in
-- customer only).
create table public.order_requests (
  request_id uuid primary key,
  order_id text not null references public.orders (id) on delete cascade,
  request_hash text not null,
  user_id uuid,
  created_at timestamptz not null default now()
);
create index order_requests_order_id_idx on public.order_requests (order_id);
comment on table public.order_requests is
  'Request ids of placed orders (idempotent retries of place_order). Written only by place_order; deleted with their order.';

-- Where an order came from: the client address of the request that placed it (client_address()), so
-- that one address cannot hold more than a small share of a day's slots with unreviewed orders
-- (place_order), the counter can refuse every waiting order from it at once (refuse_client_orders), and
-- tracking by phone finds only an order placed from the caller's own address (track_order). Nobody reads
-- it through the API; it goes with its order, and place_order forgets an address after 60 days (as long
-- as tracking by phone finds an order).
create table public.order_origins (
  order_id text primary key references public.orders (id) on delete cascade,
  client_address text not null check (length(client_address) between 1 and 100),
  created_at timestamptz not null default now()
);
create index order_origins_address_idx on public.order_origins (client_address);
create index order_origins_created_at_idx on public.order_origins (created_at);
comment on table public.order_origins is
  'Client address of the request that placed each order (written by place_order, read by the order rules only; kept 60 days).';

-- Phones and client addresses the counter blocked until the end of the restaurant's day
-- (refuse_client_orders); place_order refuses their orders until then. Only the database reads it.
create table public.blocked_clients (
  kind text not null check (kind in ('phone', 'address')),
  key text not null check (length(key) between 1 and 100),
  blocked_until timestamptz not null,
  order_id text,
  created_at timestamptz not null default now(),
  primary key (kind, key)
);
comment on table public.blocked_clients is
  'Phone keys (phone_key) and client addresses whose online orders are refused until blocked_until (set by refuse_client_orders).';

-- The restaurant's local time of an instant, "HH:MM".
create function public.local_hhmi(p_at timestamptz) returns text
language plpgsql stable set search_path = ''
as $$
begin
  return to_char(p_at at time zone public.restaurant_time_zone(), 'HH24:MI');
end $$;

-- "Prête vers 19:45" / "Livraison prévue vers 19:45" (another day: "… le 26/11 vers 19:45").
create function public.ready_text(p_ready_at timestamptz, p_method text) returns text
language plpgsql stable set search_path = ''
as $$
begin
  return case when p_ready_at is null then null else
    (case when p_method = 'delivery' then 'Livraison prévue' else 'Prête' end)
    || case when (p_ready_at at time zone public.restaurant_time_zone())::date <> public.restaurant_today()
         then ' le ' || to_char(p_ready_at at time zone public.restaurant_time_zone(), 'DD/MM') else '' end
    || ' vers ' || public.local_hhmi(p_ready_at)
  end;
end $$;

-- Exactly what the tracking page shows; never the e-mail, phone or name.
create function public.tracking_view(o public.orders) returns jsonb
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

-- Grants: anon nothing; authenticated what RLS then narrows (customers: read own orders; admins: all).
revoke all on public.orders from anon, authenticated;
grant select, insert, update, delete on public.orders to authenticated;
revoke all on public.order_requests from anon, authenticated;
grant select on public.order_requests to authenticated;
revoke all on public.order_origins, public.blocked_clients from anon, authenticated;

alter table public.orders enable row level security;
alter table public.order_requests enable row level security;
alter table public.order_origins enable row level security;
alter table public.blocked_clients enable row level security;

-- The counter (staff) reads the orders of the last two days and those still to come, not the till's history.
create policy orders_select_authenticated on public.orders for select to authenticated using (
  (select public.staff_allowed('manager'))
  or ((select public.is_admin()) and (created_at > now() - interval '2 days' or slot_start > now() - interval '1 day'))
  or user_id = (select auth.uid())
  or lower(customer_email) = (select public.verified_email())
);
create policy orders_insert_admin on public.orders for insert to authenticated with check ((select public.is_admin()));
create policy orders_update_admin on public.orders for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy orders_delete_admin on public.orders for delete to authenticated using ((select public.staff_allowed('manager')));
create policy "Admins read order requests" on public.order_requests
  for select to authenticated using ((select public.is_admin()));

revoke execute on function public.clean_order_texts(), public.track_order_acceptance(), public.snapshot_order_vat_rates(),
  public.local_hhmi(timestamptz), public.ready_text(timestamptz, text), public.tracking_view(public.orders)
  from public, anon, authenticated;
-- Called by the trigger and the report as the writer / reader (an admin); pure, harmless to share.
revoke execute on function public.order_line_item_id(jsonb) from public, anon;
grant execute on function public.order_line_item_id(jsonb) to authenticated, service_role;

alter publication supabase_realtime add table public.orders;
