-- Takings report with VAT (admin "Relatórios"). See docs/REPORTS.md for the rules.
--
-- 1. A VAT rate per menu item (menu_items.vat_rate): 3 % (food and soft drinks, Luxembourg's
--    super-reduced rate) by default, 17 % for alcohol. Allowed: Luxembourg's rates 3, 8, 14 and 17.
-- 2. The rates an order was taken at, kept with the order (orders.line_vat_rates: menu item id →
--    rate, for every dish and extra of the order), filled by a trigger when the order is written.
-- 3. The delivery fee and any discount have no rate of their own: they follow the goods of the
--    order (accessory to the main supply), split between the order's rates in proportion to the
--    goods at each rate.
-- 4. takings_report(from, to): admins only, at most 366 Luxembourg days, every amount in cents.

create function public.takings_report(p_from date, p_to date) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  tz text := public.restaurant_time_zone();
  win_start timestamptz;
  win_end timestamptz;
  result jsonb;
begin
  perform public.require_staff('manager');
  if p_from is null or p_to is null then
    perform public.refuse('invalid_period', 'Período inválido', 'Indiquez une date de début et une date de fin.');
  end if;
  if p_to < p_from then
    perform public.refuse('invalid_period', 'Período inválido', 'La date de fin précède la date de début.');
  end if;
  if p_to - p_from + 1 > 366 then
    perform public.refuse('period_too_long', 'Período demasiado longo', 'Une période de 366 jours au plus.');
  end if;
  -- Local midnights, whatever the length of the day (23 or 25 hours across a DST change).
  win_start := p_from::timestamp at time zone tz;
  win_end := (p_to + 1)::timestamp at time zone tz;

  with period_orders as (
    -- An order belongs to the day and hour it is served: a pre-order to its slot, any other order
    -- to the moment it was placed. A pre-order is placed at most 60 days ahead (place_order), so
    -- created_at bounds the scan.
    select o.id, o.status, o.delivery_method, o.payment_method, o.order_items, o.line_vat_rates,
           (o.total_price * 100)::bigint as goods_cents, (o.delivery_fee * 100)::bigint as fee_cents,
           (o.discount_amount * 100)::bigint as discount_cents, (o.grand_total * 100)::bigint as total_cents,
           (x.served_at at time zone tz) as local_at
      from public.orders o
      cross join lateral (
        select case when o.is_preorder and o.preorder_date is not null and o.preorder_time is not null
                    then (o.preorder_date + o.preorder_time) at time zone tz
                    else o.created_at end as served_at
      ) x
     where o.created_at < win_end and o.created_at >= win_start - interval '62 days'
       and x.served_at >= win_start and x.served_at < win_end
  ),
  taken as (select * from period_orders where status = 'Livrée'),
  -- Every dish and extra of the takings, in cents, at its recorded rate.
  goods as (
    select t.id as order_id, t.total_cents, t.line_vat_rates, public.order_line_item_id(l) as item_id, l ->> 'name' as name,
           (l ->> 'quantity')::bigint as quantity,
           round((l ->> 'price')::numeric * 100)::bigint * (l ->> 'quantity')::bigint as cents,
           coalesce((t.line_vat_rates ->> public.order_line_item_id(l))::int, m.vat_rate, 3) as rate,
           coalesce((select sum(round((o ->> 'price')::numeric * 100)::bigint)
                       from jsonb_array_elements(case when jsonb_typeof(l -> 'options') = 'array' then l -> 'options' else '[]' end) o), 0)
             * (l ->> 'quantity')::bigint as options_cents,
           l -> 'options' as options
      from taken t
      cross join lateral jsonb_array_elements(t.order_items) l
      left join public.menu_items m on m.id = public.order_line_item_id(l)
  ),
  extras as (
    select g.order_id, g.total_cents,
           coalesce((g.line_vat_rates ->> (o ->> 'id'))::int, m.vat_rate, 3) as rate,
           round((o ->> 'price')::numeric * 100)::bigint * g.quantity as cents
      from goods g
      cross join lateral jsonb_array_elements(case when jsonb_typeof(g.options) = 'array' then g.options else '[]' end) o
      left join public.menu_items m on m.id = o ->> 'id'
  ),
  order_rates as (
    select order_id, total_cents, rate, sum(cents) as goods_at_rate
      from (select order_id, total_cents, rate, cents from goods
            union all select order_id, total_cents, rate, cents from extras) a
     group by order_id, total_cents, rate
  ),
  -- The order's whole amount (goods + delivery fee − discount) shared between its rates in
  -- proportion to the goods at each rate; the rounding rest goes to the rate with the most goods.
  shares as (
    select order_id, rate, total_cents, goods_at_rate,
           case when sum(goods_at_rate) over w = 0 then 0
                else floor((total_cents * goods_at_rate)::numeric / sum(goods_at_rate) over w)::bigint end as floor_share,
           row_number() over (partition by order_id order by goods_at_rate desc, rate) as rn
      from order_rates
    window w as (partition by order_id)
  ),
  allocated as (
    select rate,
           case when rn = 1 then total_cents - (sum(floor_share) over (partition by order_id) - floor_share)
                else floor_share end as cents
      from shares
  ),
  vat as (
    select rate, total, round(total * 100.0 / (100 + rate))::bigint as base
      from (select rate, sum(cents)::bigint as total from allocated group by rate) r
  ),
  dishes as (
    select g.item_id, coalesce(m.name, min(g.name)) as name, sum(g.quantity)::bigint as quantity,
           sum(g.cents + g.options_cents)::bigint as cents
      from goods g left join public.menu_items m on m.id = g.item_id
     group by g.item_id, m.name
  ),
  by_hour as (
    select extract(hour from local_at)::int as hour, count(*) as orders, sum(total_cents)::bigint as cents
      from taken group by 1
  ),
  hours as (
    select h as hour, coalesce(b.orders, 0) as orders, coalesce(b.cents, 0) as cents
      from generate_series(0, 23) h left join by_hour b on b.hour = h
  ),
  by_day as (
    select local_at::date as day, count(*) as orders, sum(total_cents)::bigint as cents
      from taken group by 1
  ),
  days as (
    select d::date as day, coalesce(b.orders, 0) as orders, coalesce(b.cents, 0) as cents
      from generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') d
      left join by_day b on b.day = d::date
  ),
  split as (
    select k.kind, k.value,
           count(*) filter (where case k.kind when 'payment' then t.payment_method else t.delivery_method end = k.value) as orders,
           coalesce(sum(t.total_cents) filter (where case k.kind when 'payment' then t.payment_method else t.delivery_method end = k.value), 0)::bigint as cents
      from (values ('payment', 'cash'), ('payment', 'card'), ('method', 'delivery'), ('method', 'pickup')) k(kind, value)
      left join taken t on true
     group by k.kind, k.value
  )
  select jsonb_build_object(
    'from', p_from, 'to', p_to, 'time_zone', tz,
    'orders', (select count(*) from period_orders),
    'takings', jsonb_build_object(
      'orders', (select count(*) from taken),
      'goods_cents', (select coalesce(sum(goods_cents), 0) from taken),
      'delivery_fee_cents', (select coalesce(sum(fee_cents), 0) from taken),
      'discount_cents', (select coalesce(sum(discount_cents), 0) from taken),
      'total_cents', (select coalesce(sum(total_cents), 0) from taken),
      'average_cents', (select coalesce(round(avg(total_cents)), 0)::bigint from taken)),
    'cancelled', jsonb_build_object(
      'orders', (select count(*) from period_orders where status = 'Annulée'),
      'total_cents', (select coalesce(sum(total_cents), 0) from period_orders where status = 'Annulée')),
    'open', jsonb_build_object(
      'orders', (select count(*) from period_orders where status not in ('Livrée', 'Annulée')),
      'total_cents', (select coalesce(sum(total_cents), 0) from period_orders where status not in ('Livrée', 'Annulée'))),
    'by_payment', (select jsonb_object_agg(value, jsonb_build_object('orders', orders, 'total_cents', cents)) from split where kind = 'payment'),
    'by_method', (select jsonb_object_agg(value, jsonb_build_object('orders', orders, 'total_cents', cents)) from split where kind = 'method'),
    'vat', coalesce((select jsonb_agg(jsonb_build_object('rate', rate, 'base_cents', base, 'vat_cents', total - base, 'total_cents', total) order by rate) from vat), '[]'),
    'top_dishes', coalesce((select jsonb_agg(jsonb_build_object('item_id', item_id, 'name', name, 'quantity', quantity, 'total_cents', cents) order by quantity desc, cents desc, name)
                              from (select * from dishes order by quantity desc, cents desc, name limit 10) d), '[]'),
    'hours', (select jsonb_agg(jsonb_build_object('hour', hour, 'orders', orders, 'total_cents', cents) order by hour) from hours),
    'days', (select jsonb_agg(jsonb_build_object('date', day, 'orders', orders, 'total_cents', cents) order by day) from days)
  ) into result;
  return result;
end $$;

revoke execute on function public.takings_report(date, date) from public, anon;
grant execute on function public.takings_report(date, date) to authenticated, service_role;
