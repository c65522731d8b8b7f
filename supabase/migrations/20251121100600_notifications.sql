-- Notifications without loss: the e-mail to send is written in the same transaction as the change
-- that causes it, then delivered by a dispatcher (service role) that claims rows with a lease and
-- reports every attempt. The outbox id is the provider's idempotency key. See docs/NOTIFICATIONS.md.

create table public.notification_outbox (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('order_confirmation', 'order_status', 'reservation_received', 'reservation_status')),
  channel text not null check (channel in ('email', 'sms')),
  recipient text not null check (btrim(recipient) <> ''),
  order_id text references public.orders (id) on delete set null,
  reservation_id uuid references public.reservations (id) on delete set null,
  payload jsonb not null default '{}' check (jsonb_typeof(payload) = 'object'),
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  max_attempts integer not null default 5 check (max_attempts >= 1),
  next_attempt_at timestamptz not null default now(),
  lease_expires_at timestamptz,
  last_error text,
  sent_at timestamptz,
  provider_message_id text,
  created_at timestamptz not null default now(),
  check (status <> 'sending' or lease_expires_at is not null),
  check (status <> 'sent' or sent_at is not null)
);
create index notification_outbox_due_idx on public.notification_outbox (next_attempt_at) where status = 'pending';
create index notification_outbox_lease_idx on public.notification_outbox (lease_expires_at) where status = 'sending';
create index notification_outbox_order_idx on public.notification_outbox (order_id);
create index notification_outbox_reservation_idx on public.notification_outbox (reservation_id);

create table public.notification_attempts (
  id bigint generated always as identity primary key,
  outbox_id uuid not null references public.notification_outbox (id) on delete cascade,
  attempted_at timestamptz not null default now(),
  ok boolean not null,
  error text,
  provider text,
  provider_message_id text
);
create index notification_attempts_outbox_idx on public.notification_attempts (outbox_id, attempted_at);

-- Template data of an order e-mail: what the order was at the time of the change (with the ready
-- time and the refusal reason).
create function public.order_template_data(o public.orders) returns jsonb
language plpgsql stable set search_path = ''
as $$
begin
  return jsonb_build_object(
    'order_id', o.id, 'order_number', left(o.id, 8), 'status', o.status, 'created_at', o.created_at,
    'customer_name', o.customer_name, 'customer_phone', o.customer_phone,
    'delivery_method', o.delivery_method, 'payment_method', o.payment_method,
    'customer_address', o.customer_address, 'customer_postal_code', o.customer_postal_code, 'customer_city', o.customer_city,
    'is_preorder', o.is_preorder, 'preorder_date', o.preorder_date, 'preorder_time', o.preorder_time,
    'order_items', o.order_items, 'total_price', o.total_price, 'delivery_fee', o.delivery_fee,
    'discount_amount', o.discount_amount, 'discount_percentage', o.discount_percentage,
    'grand_total', o.grand_total, 'notes', o.notes,
    'accepted_at', o.accepted_at, 'ready_at', o.ready_at, 'ready_text', public.ready_text(o.ready_at, o.delivery_method),
    'slot_start', o.slot_start, 'refusal_reason', o.refusal_reason,
    'cancelled_by_customer', o.status = 'Annulée' and o.cancelled_by_customer_at is not null);
end $$;

-- Restaurant-branded e-mail to one person stays limited: only a single plain address is ever sent to
-- (no list separators, quotes, brackets or spaces), and the limit per recipient counts the inbox as the
-- mail provider sees it: lower case, without its +tag, and for Gmail (gmail.com, googlemail.com) without
-- the dots of the name, which Gmail ignores (j.o.a.o@gmail.com is joao@gmail.com). Over the limit the
-- order or reservation still goes through; its message is kept, marked not sent. The embedded backend's
-- account e-mails (sign-up, password reset, e-mail change, reauthentication code) count in the same
-- bucket, so every kind of message adds up (src/backend/mail/recipient-limit.ts).
create function public.email_recipient_key(p_address text) returns text
language plpgsql immutable set search_path = ''
as $$
declare
  a text := lower(regexp_replace(btrim(p_address), '\+[^@]*@', '@'));
begin
  return case when split_part(a, '@', 2) in ('gmail.com', 'googlemail.com')
              then replace(split_part(a, '@', 1), '.', '') || '@gmail.com'
              else a end;
end $$;

-- SMS to one phone number (E.164, as the mailer normalises it): at most 10 an hour, whoever sends them.
insert into public.rate_limits (bucket, window_seconds, max_hits) values ('sms_recipient', 3600, 10)
on conflict (bucket, window_seconds) do nothing;

create function public.is_plain_email(p_address text) returns boolean
language plpgsql immutable set search_path = ''
as $$
begin
  return coalesce(p_address ~ '^[^\s@,;:<>()\[\]\\"]+@[^\s@,;:<>()\[\]\\"]+\.[^\s@,;:<>()\[\]\\"]+$', false);
end $$;

create function public.queue_public_email(p_kind text, p_recipient text, p_order_id text, p_reservation_id uuid, p_payload jsonb) returns void
language plpgsql volatile set search_path = ''
as $$
declare
  plain boolean := public.is_plain_email(btrim(p_recipient));
  limited boolean := plain and public.client_address() is not null
    and public.hit_rate_limit('email_recipient', public.email_recipient_key(p_recipient));
begin
  insert into public.notification_outbox (kind, channel, recipient, order_id, reservation_id, payload, status, last_error)
  values (p_kind, 'email', p_recipient, p_order_id, p_reservation_id, p_payload,
          case when limited or not plain then 'failed' else 'pending' end,
          case when not plain then 'not sent: not a single plain e-mail address'
               when limited then 'not sent: too many messages to this address (rate limit)' end);
end $$;

create function public.enqueue_order_confirmation() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.customer_email is not null then
    perform public.queue_public_email('order_confirmation', new.customer_email, new.id, null, public.order_template_data(new));
  elsif new.status = 'Bien reçu' and btrim(coalesce(new.customer_phone, '')) <> '' then
    -- Accepted as it was placed (the restaurant's auto-accept): the SMS says so, with the ready time.
    insert into public.notification_outbox (kind, channel, recipient, order_id, payload)
    values ('order_status', 'sms', btrim(new.customer_phone), new.id,
            public.order_template_data(new) || jsonb_build_object('sms_event', 'accepted'));
  end if;
  return null;
end $$;

-- A customer without an e-mail hears by SMS about their own order (no marketing consent needed): its
-- acceptance with the ready time, its refusal with the reason, and « prête ». The text is written by the
-- template sms.ts from the payload's sms_event; the mailer counts every SMS against the number
-- (rate_limits bucket sms_recipient), over it the row is not sent.
create function public.enqueue_order_status() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  sms_event text;
begin
  if new.status is not distinct from old.status then
    return null;
  end if;
  if new.customer_email is not null then
    insert into public.notification_outbox (kind, channel, recipient, order_id, payload)
    values ('order_status', 'email', new.customer_email, new.id,
            public.order_template_data(new) || jsonb_build_object('previous_status', old.status));
  elsif btrim(coalesce(new.customer_phone, '')) <> '' then
    -- Cancelled by the customer themselves (cancel_my_order): they saw it on the page, no « refusée » SMS.
    sms_event := case
      when new.status = 'Annulée' and new.cancelled_by_customer_at is not null then null
      when new.status = 'Annulée' then 'refused'
      when new.status in ('Prêt', 'Prête pour Livraison') then 'ready'
      when old.status = 'En attente' and new.status <> 'En attente' then 'accepted'
    end;
    if sms_event is not null then
      insert into public.notification_outbox (kind, channel, recipient, order_id, payload)
      values ('order_status', 'sms', btrim(new.customer_phone), new.id,
              public.order_template_data(new) || jsonb_build_object('previous_status', old.status, 'sms_event', sms_event));
    end if;
  end if;
  return null;
end $$;

create function public.enqueue_reservation_received() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform public.queue_public_email('reservation_received', new.email, null, new.id, jsonb_build_object(
    'reservation_id', new.id, 'name', new.name, 'phone', new.phone, 'reservation_date', new.reservation_date,
    'reservation_time', new.reservation_time, 'people', new.people, 'message', new.message,
    'status', new.status, 'created_at', new.created_at));
  return null;
end $$;

-- The guest hears when the restaurant confirms or cancels the table (with the reason, if one was given).
-- A reservation always has an e-mail (the form requires it); the SMS branch serves one that would not.
create function public.enqueue_reservation_status() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  payload jsonb;
begin
  if new.status is distinct from old.status and new.status in ('Confirmée', 'Annulée') then
    payload := jsonb_build_object(
      'reservation_id', new.id, 'name', new.name, 'phone', new.phone, 'reservation_date', new.reservation_date,
      'reservation_time', new.reservation_time, 'people', new.people, 'status', new.status,
      'previous_status', old.status, 'created_at', new.created_at,
      'cancel_reason', case when new.status = 'Annulée' then nullif(btrim(new.cancel_reason), '') end);
    if nullif(btrim(new.email), '') is not null then
      perform public.queue_public_email('reservation_status', new.email, null, new.id, payload);
    elsif btrim(coalesce(new.phone, '')) <> '' then
      insert into public.notification_outbox (kind, channel, recipient, reservation_id, payload)
      values ('reservation_status', 'sms', btrim(new.phone), new.id, payload);
    end if;
  end if;
  return null;
end $$;

-- Wakes a listening dispatcher right away; it also polls, so a missed signal only delays.
create function public.signal_notification() returns trigger
language plpgsql set search_path = ''
as $$
begin
  perform pg_notify('notification_outbox', new.id::text);
  return null;
end $$;

create trigger orders_enqueue_confirmation after insert on public.orders
  for each row execute function public.enqueue_order_confirmation();
create trigger orders_enqueue_status after update of status on public.orders
  for each row execute function public.enqueue_order_status();
create trigger reservations_enqueue_received after insert on public.reservations
  for each row execute function public.enqueue_reservation_received();
create trigger reservations_enqueue_status after update of status on public.reservations
  for each row execute function public.enqueue_reservation_status();
create trigger notification_outbox_signal after insert on public.notification_outbox
  for each row execute function public.signal_notification();

-- Hands out due messages (and messages whose sender's lease ran out) to one dispatcher at a time.
create function public.claim_notifications(p_limit integer default 10, p_lease_seconds integer default 60)
returns setof public.notification_outbox
language plpgsql volatile set search_path = ''
as $$
begin
  if p_limit is null or p_limit not between 1 and 100 or p_lease_seconds is null or p_lease_seconds not between 1 and 3600 then
    perform public.refuse('invalid_claim', 'Requête invalide', 'p_limit doit être entre 1 et 100 et p_lease_seconds entre 1 et 3600.');
  end if;
  -- A lease that ran out on the last allowed attempt: give up on it.
  update public.notification_outbox o
     set status = 'failed', lease_expires_at = null, last_error = coalesce(o.last_error, 'lease expired')
   where o.status = 'sending' and o.lease_expires_at < now() and o.attempts >= o.max_attempts;
  return query
    with due as (
      select o.id from public.notification_outbox o
       where (o.status = 'pending' and o.next_attempt_at <= now())
          or (o.status = 'sending' and o.lease_expires_at < now())
       order by o.created_at
       limit p_limit
       for update skip locked
    )
    update public.notification_outbox o
       set status = 'sending', attempts = o.attempts + 1,
           lease_expires_at = now() + make_interval(secs => p_lease_seconds)
      from due
     where o.id = due.id
    returning o.*;
end $$;

-- Records one delivery attempt. Failure: back to pending after 30 s, 1, 2, 4… min; failed after max_attempts.
create function public.complete_notification(
  p_id uuid, p_ok boolean, p_error text default null, p_provider_message_id text default null, p_provider text default null
) returns public.notification_outbox
language plpgsql volatile set search_path = ''
as $$
declare
  msg public.notification_outbox;
begin
  select * into msg from public.notification_outbox o where o.id = p_id for update;
  if not found then
    perform public.refuse('unknown_notification', 'Notification inconnue', 'Aucune notification avec cet identifiant.');
  end if;
  if p_ok is null then
    perform public.refuse('invalid_completion', 'Requête invalide', 'p_ok est obligatoire.');
  end if;
  insert into public.notification_attempts (outbox_id, ok, error, provider, provider_message_id)
  values (p_id, p_ok, left(p_error, 2000), p_provider, p_provider_message_id);
  -- A message already delivered or given up stays so (a late report from an expired lease).
  if msg.status in ('sent', 'failed') and not (msg.status = 'failed' and p_ok) then
    return msg;
  end if;
  update public.notification_outbox o
     set status = case when p_ok then 'sent' when o.attempts >= o.max_attempts then 'failed' else 'pending' end,
         sent_at = case when p_ok then now() end,
         provider_message_id = case when p_ok then p_provider_message_id else o.provider_message_id end,
         last_error = case when p_ok then null else left(coalesce(p_error, 'unknown error'), 2000) end,
         lease_expires_at = null,
         next_attempt_at = case when p_ok then o.next_attempt_at
                                else now() + least(make_interval(secs => 30 * power(2, greatest(o.attempts - 1, 0))), interval '1 hour') end
   where o.id = p_id
  returning * into msg;
  return msg;
end $$;

-- Whether the customer was told anything about an order: the admin's order detail shows « Cliente não
-- avisado » when nothing was sent and nothing is on its way (no e-mail and the SMS refused, a number over
-- its limit, a message given up). Read with the caller's rights: admins see every order, others nothing
-- of the outbox (its policy), so null.
create view public.order_customer_notices with (security_invoker = true) as
  select o.id as order_id,
         (select max(n.sent_at) from public.notification_outbox n where n.order_id = o.id and n.status = 'sent')
           as customer_notified_at,
         exists (select 1 from public.notification_outbox n where n.order_id = o.id and n.status in ('pending', 'sending'))
           as notice_pending
    from public.orders o;

revoke all on public.order_customer_notices from public, anon, authenticated;
grant select on public.order_customer_notices to authenticated;
revoke all on public.notification_outbox, public.notification_attempts from anon, authenticated;
grant select on public.notification_outbox, public.notification_attempts to authenticated;
alter table public.notification_outbox enable row level security;
alter table public.notification_attempts enable row level security;
create policy notification_outbox_select_admin on public.notification_outbox for select to authenticated using ((select public.is_admin()));
create policy notification_attempts_select_admin on public.notification_attempts for select to authenticated using ((select public.is_admin()));

revoke execute on function public.order_template_data(public.orders), public.email_recipient_key(text),
  public.is_plain_email(text), public.queue_public_email(text, text, text, uuid, jsonb),
  public.enqueue_order_confirmation(), public.enqueue_order_status(), public.enqueue_reservation_received(),
  public.enqueue_reservation_status(),
  public.signal_notification(), public.claim_notifications(integer, integer),
  public.complete_notification(uuid, boolean, text, text, text) from public, anon, authenticated;
grant execute on function public.claim_notifications(integer, integer),
  public.complete_notification(uuid, boolean, text, text, text) to service_role;
