-- my_data_export() leaves out every record that was anonymised (orders, reservations, challenge entries, and the
-- e-mails about them). Anonymised reservations and challenge entries all carry the placeholder address
-- 'anonyme@anonyme.invalid'; Auth refuses that address today, but the export must not depend on it: an account
-- that ever came to hold it would otherwise receive every anonymised customer's placeholder rows.
-- Same signature, grants unchanged (create or replace keeps them).

create or replace function public.my_data_export() returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  uid uuid := public.require_customer();
  v_email text := public.confirmed_email_of(uid);
  order_ids text[];
  reservation_ids uuid[];
begin
  perform public.check_account_rate_limit('account_export');
  order_ids := array(select o.id from public.orders o
                      where o.id in (select public.customer_order_ids(uid, v_email)) and o.anonymised_at is null);
  reservation_ids := array(select r.id from public.reservations r
                            where v_email is not null and lower(r.email) = v_email and r.anonymised_at is null);
  return jsonb_build_object(
    'exported_at', now(),
    'profile', (
      select jsonb_build_object(
        'id', u.id, 'email', u.email, 'email_confirmed_at', u.email_confirmed_at, 'created_at', u.created_at,
        'last_sign_in_at', u.last_sign_in_at, 'metadata', u.raw_user_meta_data)
        from auth.users u where u.id = uid),
    'addresses', coalesce((
      select jsonb_agg(a order by a ->> 'last_used_at' desc)
        from (select jsonb_build_object('address', o.customer_address, 'postal_code', o.customer_postal_code,
                       'city', o.customer_city, 'last_used_at', max(o.created_at)) as a
                from public.orders o
               where o.id = any (order_ids) and o.delivery_method = 'delivery'
               group by o.customer_address, o.customer_postal_code, o.customer_city) x), '[]'),
    'orders', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', o.id, 'order_number', left(o.id, 8), 'created_at', o.created_at, 'status', o.status,
               'customer_name', o.customer_name, 'customer_phone', o.customer_phone,
               'customer_email', o.customer_email, 'customer_address', o.customer_address,
               'customer_postal_code', o.customer_postal_code, 'customer_city', o.customer_city,
               'delivery_method', o.delivery_method, 'payment_method', o.payment_method,
               'is_preorder', o.is_preorder, 'preorder_date', o.preorder_date, 'preorder_time', o.preorder_time,
               'items', o.order_items, 'total_price', o.total_price, 'delivery_fee', o.delivery_fee,
               'discount_amount', o.discount_amount, 'grand_total', o.grand_total, 'notes', o.notes,
               'accepted_at', o.accepted_at, 'ready_at', o.ready_at, 'refusal_reason', o.refusal_reason)
             order by o.created_at desc)
        from public.orders o where o.id = any (order_ids)), '[]'),
    'reservations', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', r.id, 'created_at', r.created_at, 'name', r.name, 'email', r.email, 'phone', r.phone,
               'reservation_date', r.reservation_date, 'reservation_time', r.reservation_time,
               'people', r.people, 'message', r.message, 'status', r.status)
             order by r.created_at desc)
        from public.reservations r where r.id = any (reservation_ids)), '[]'),
    'challenge_registrations', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', c.id, 'created_at', c.created_at, 'name', c.name, 'email', c.email, 'phone', c.phone,
               'agreed_to_terms', c.agreed_to_terms)
             order by c.created_at desc)
        from public.challenge_registrations c
       where v_email is not null and lower(c.email) = v_email and c.anonymised_at is null), '[]'),
    'messages', coalesce((
      select jsonb_agg(jsonb_build_object(
               'kind', n.kind, 'channel', n.channel, 'recipient', n.recipient, 'order_id', n.order_id,
               'status', n.status, 'created_at', n.created_at, 'sent_at', n.sent_at)
             order by n.created_at desc)
        from public.notification_outbox n
       where n.order_id = any (order_ids) or n.reservation_id = any (reservation_ids)), '[]'));
end $$;
