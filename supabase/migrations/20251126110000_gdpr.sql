-- The customer's GDPR rights from their profile, and the retention rules of the privacy page.
--
-- my_data_export(): everything the database holds about the signed-in customer, as one JSON document (records
--   already anonymised left out).
-- delete_my_account(): erases the signed-in customer. Orders stay for the accounts (10 years) with their
--   personal fields replaced; reservations and challenge entries lose their contact details (upcoming
--   reservations are cancelled); the e-mails addressed to them are blanked; the auth user is deleted, which
--   ends every session and refresh token. Refused while one of their orders is still open.
-- admin_customer_export() / admin_customer_erase(): the same export and erasure, run by the restaurant from the
--   admin's Clientes for one customer who asks (a guest who phones has no account to do it): an account by its
--   id, or a guest by e-mail and/or phone. Same rules: no erasure while an order is open, orders kept anonymised.
-- apply_retention(): the privacy page's rules, run daily (pg_cron on Supabase, the embedded backend's timer):
--   contact data 3 years after the last exchange with the person, inactive accounts likewise, order data
--   10 years. See docs/PRIVACY.md.

alter table public.orders add column anonymised_at timestamptz;
alter table public.reservations add column anonymised_at timestamptz;
alter table public.challenge_registrations add column anonymised_at timestamptz;

-- The account rights' own rate limits (the buckets' names are free: 20251121100000_helpers).
insert into public.rate_limits (bucket, window_seconds, max_hits) values
  ('account_export', 60, 5), ('account_export', 3600, 30),
  ('account_delete', 60, 3), ('account_delete', 3600, 10)
on conflict (bucket, window_seconds) do nothing;

-- The signed-in customer's id; refuses anyone else (anon never gets this far: no execute grant), and a token
-- whose session has ended (public.require_live_session). Every entry point that reads a customer's personal
-- data or destroys an account starts with it: my_data_export, delete_my_account.
create function public.require_customer() returns uuid
language plpgsql stable set search_path = ''
as $$
begin
  if auth.uid() is null or not exists (select 1 from auth.users u where u.id = auth.uid()) then
    raise exception using errcode = '42501', detail = 'not_signed_in', hint = 'Connexion requise',
      message = 'Connectez-vous pour gérer les données de votre compte.';
  end if;
  perform public.require_live_session();
  return auth.uid();
end $$;

-- Whether the customer proved again who they are: their password (bcrypt, checked with pgcrypto; Auth writes
-- $2a$ or $2b$, the same hash for passwords bcrypt accepts), or the code /auth/v1/reauthenticate e-mailed
-- (valid 1 hour, spent here; stored hashed as the embedded backend does, sha256 of
-- 'reauthentication:<email>:<code>', or as GoTrue does, sha224 of '<email><code>').
create function public.account_reauthenticated(p_user_id uuid, p_password text, p_nonce text) returns boolean
language plpgsql volatile set search_path = ''
as $$
declare
  u record;
  v_hash text;
begin
  select x.email, x.encrypted_password, x.reauthentication_token, x.reauthentication_sent_at into u
    from auth.users x where x.id = p_user_id for update;
  if not found then
    return false;
  end if;
  if coalesce(p_password, '') <> '' and coalesce(u.encrypted_password, '') ~ '^\$2[aby]\$' then
    v_hash := '$2a$' || substr(u.encrypted_password, 5);
    return extensions.crypt(p_password, v_hash) = v_hash;
  end if;
  if coalesce(p_nonce, '') <> '' and coalesce(u.reauthentication_token, '') <> ''
     and u.reauthentication_sent_at > now() - interval '1 hour'
     and u.reauthentication_token in (
       encode(sha256(convert_to('reauthentication:' || lower(u.email) || ':' || btrim(p_nonce), 'UTF8')), 'hex'),
       encode(sha224(convert_to(u.email || btrim(p_nonce), 'UTF8')), 'hex')) then
    update auth.users set reauthentication_token = '', reauthentication_sent_at = null where id = p_user_id;
    return true;
  end if;
  return false;
end $$;

create function public.check_account_rate_limit(p_bucket text) returns void
language plpgsql volatile set search_path = ''
as $$
begin
  if public.hit_rate_limit(p_bucket, public.client_address()) then
    raise exception using errcode = 'PT429', detail = 'rate_limited', hint = 'Trop de demandes',
      message = 'Trop de demandes depuis votre connexion. Veuillez réessayer dans quelques minutes.';
  end if;
end $$;

-- The orders of a customer: their account's, and those placed with their confirmed e-mail; for a guest (no
-- account), those placed with their e-mail or, without an account, their phone (phone_key).
create function public.customer_order_ids(p_user_id uuid, p_email text, p_phone_key text default null) returns setof text
language sql stable set search_path = ''
as $$
  select o.id from public.orders o
   where o.user_id = p_user_id or (p_email is not null and lower(o.customer_email) = p_email)
      or (coalesce(p_phone_key, '') <> '' and o.user_id is null and public.phone_key(o.customer_phone) = p_phone_key)
$$;

-- The reservations and challenge entries of a customer: by their (confirmed) e-mail, or for a guest their phone.
create function public.customer_reservation_ids(p_email text, p_phone_key text) returns setof uuid
language sql stable set search_path = ''
as $$
  select r.id from public.reservations r
   where (p_email is not null and lower(r.email) = p_email)
      or (coalesce(p_phone_key, '') <> '' and public.phone_key(r.phone) = p_phone_key)
$$;

create function public.customer_challenge_ids(p_email text, p_phone_key text) returns setof uuid
language sql stable set search_path = ''
as $$
  select c.id from public.challenge_registrations c
   where (p_email is not null and lower(c.email) = p_email)
      or (coalesce(p_phone_key, '') <> '' and c.phone is not null and public.phone_key(c.phone) = p_phone_key)
$$;

create function public.confirmed_email_of(p_user_id uuid) returns text
language sql stable set search_path = ''
as $$
  select lower(u.email) from auth.users u where u.id = p_user_id and u.email_confirmed_at is not null
$$;

-- Every record that was anonymised is left out (orders, reservations, challenge entries, and the e-mails
-- about them), by its anonymised_at, not by its address. Anonymised reservations and challenge entries all
-- carry the placeholder address 'anonyme@anonyme.invalid'; Auth refuses that address today, but the export
-- must not depend on it: an account that ever came to hold it would otherwise receive every anonymised
-- customer's placeholder rows (docs/SECURITY-REVIEW.md).
create function public.my_data_export() returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  uid uuid := public.require_customer();
begin
  perform public.check_account_rate_limit('account_export');
  return public.customer_data_export(uid, public.confirmed_email_of(uid), null);
end $$;

-- One customer's export: an account (p_user_id, its confirmed e-mail) or a guest (p_email and/or p_phone_key).
-- Their promotional e-mail consent is part of it.
create function public.customer_data_export(p_user_id uuid, p_email text, p_phone_key text) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  uid uuid := p_user_id;
  v_email text := p_email;
  order_ids text[];
  reservation_ids uuid[];
begin
  order_ids := array(select o.id from public.orders o
                      where o.id in (select public.customer_order_ids(uid, v_email, p_phone_key))
                        and o.anonymised_at is null);
  reservation_ids := array(select r.id from public.reservations r
                            where r.id in (select public.customer_reservation_ids(v_email, p_phone_key))
                              and r.anonymised_at is null);
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
       where c.id in (select public.customer_challenge_ids(v_email, p_phone_key)) and c.anonymised_at is null), '[]'),
    'promotion_consent', (
      select jsonb_build_object('email', pc.email, 'consented', pc.consented, 'consented_at', pc.consented_at,
               'withdrawn_at', pc.withdrawn_at, 'source', pc.source)
        from public.promotion_consents pc where v_email is not null and pc.inbox = public.email_recipient_key(v_email)),
    'messages', coalesce((
      select jsonb_agg(jsonb_build_object(
               'kind', n.kind, 'channel', n.channel, 'recipient', n.recipient, 'order_id', n.order_id,
               'status', n.status, 'created_at', n.created_at, 'sent_at', n.sent_at)
             order by n.created_at desc)
        from public.notification_outbox n
       where n.order_id = any (order_ids) or n.reservation_id = any (reservation_ids)), '[]'));
end $$;

-- Replaces the personal fields of a customer's records; the accounting fields of orders stay.
-- Postal code and city stay on delivery orders: they justify the delivery fee charged.
create function public.anonymise_contact_records(p_order_ids text[], p_reservation_ids uuid[], p_challenge_ids uuid[],
  p_now timestamptz) returns jsonb
language plpgsql volatile set search_path = ''
as $$
declare
  n_orders integer;
  n_reservations integer;
  n_challenge integer;
begin
  update public.orders o
     set customer_name = 'Client anonymisé', customer_phone = '—', customer_email = null,
         customer_address = case when o.delivery_method = 'delivery' then 'Adresse supprimée' end,
         notes = null, user_id = null, anonymised_at = p_now
   where o.id in (select unnest(p_order_ids)) and o.anonymised_at is null;
  get diagnostics n_orders = row_count;

  update public.reservations r
     set name = 'Client anonymisé', email = 'anonyme@anonyme.invalid', phone = '—', message = null,
         anonymised_at = p_now,
         status = case when r.status <> 'Annulée'
                        and (r.reservation_date + r.reservation_time) at time zone public.restaurant_time_zone() > p_now
                       then 'Annulée' else r.status end
   where r.id in (select unnest(p_reservation_ids)) and r.anonymised_at is null;
  get diagnostics n_reservations = row_count;

  update public.challenge_registrations c
     set name = 'Participant anonymisé', email = 'anonyme@anonyme.invalid', phone = null, anonymised_at = p_now
   where c.id in (select unnest(p_challenge_ids)) and c.anonymised_at is null;
  get diagnostics n_challenge = row_count;

  -- The e-mails to them: no recipient or content left, and nothing more sent.
  update public.notification_attempts a set error = null
   where a.outbox_id in (select n.id from public.notification_outbox n
                          where n.order_id in (select unnest(p_order_ids)) or n.reservation_id in (select unnest(p_reservation_ids)));
  update public.notification_outbox n
     set recipient = 'anonymisé', payload = '{}', lease_expires_at = null,
         status = case when n.status in ('pending', 'sending') then 'failed' else n.status end,
         last_error = case when n.status in ('pending', 'sending') then 'not sent: contact data erased' else n.last_error end
   where n.order_id in (select unnest(p_order_ids)) or n.reservation_id in (select unnest(p_reservation_ids));

  return jsonb_build_object('orders', n_orders, 'reservations', n_reservations, 'challenge_registrations', n_challenge);
end $$;

-- Erases one customer: their records anonymised, then the auth user deleted (sessions and refresh tokens
-- go with it, so no device stays signed in).
create function public.erase_customer(p_user_id uuid, p_now timestamptz) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_email text := public.confirmed_email_of(p_user_id);
  result jsonb;
begin
  result := public.anonymise_contact_records(
    array(select public.customer_order_ids(p_user_id, v_email)),
    array(select public.customer_reservation_ids(v_email, null)),
    array(select public.customer_challenge_ids(v_email, null)),
    p_now);
  perform public.forget_promotion_consent(coalesce(v_email, (select u.email from auth.users u where u.id = p_user_id)));
  delete from auth.users u where u.id = p_user_id;
  return result;
end $$;

-- A guest's erasure (no account): their orders, reservations and challenge entries by e-mail and/or phone, and
-- their promotional consent.
create function public.erase_guest(p_email text, p_phone_key text, p_now timestamptz) returns jsonb
language plpgsql volatile set search_path = ''
as $$
declare
  result jsonb;
begin
  result := public.anonymise_contact_records(
    array(select public.customer_order_ids(null, p_email, p_phone_key)),
    array(select public.customer_reservation_ids(p_email, p_phone_key)),
    array(select public.customer_challenge_ids(p_email, p_phone_key)),
    p_now);
  perform public.forget_promotion_consent(p_email);
  return result;
end $$;

-- Refuses to erase a customer while one of their orders is still open (not delivered, collected or refused):
-- anonymising it would leave the counter an order to accept, prepare or deliver with no name, phone or address
-- (« Adresse supprimée »). Their orders are those erase_customer would anonymise (customer_order_ids). The text
-- is the shop's (src/shared/domain/refusals.ts, open_order).
create function public.check_no_open_order(p_user_id uuid, p_email text, p_phone_key text default null) returns void
language plpgsql stable set search_path = ''
as $$
begin
  if exists (select 1 from public.orders o
              where o.id in (select public.customer_order_ids(p_user_id, p_email, p_phone_key))
                and o.status not in ('Livrée', 'Annulée')) then
    perform public.refuse('open_order', 'Commande en cours',
      'Vous avez une commande en cours : vous pourrez supprimer votre compte une fois qu''elle sera livrée, retirée ou refusée.');
  end if;
end $$;

-- Asks for the password again (or the e-mailed reauthentication code): a token left signed in on a shared
-- computer, or stolen, must not be enough to erase the account. A wrong one is an answer, not an error, so
-- that the rate limit's count of the try is kept (an error would roll it back): {deleted: false, reason:
-- 'wrong_password'}. An open order refuses the deletion first (check_no_open_order), before any password is
-- checked, so the refusal says nothing about the password.
create function public.delete_my_account(p_password text default null, p_nonce text default null) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  uid uuid := public.require_customer();
begin
  perform public.check_account_rate_limit('account_delete');
  if public.is_admin() then
    raise exception using errcode = 'P0001', detail = 'admin_account', hint = 'Compte administrateur',
      message = 'Un compte administrateur ne peut pas être supprimé depuis la boutique.';
  end if;
  perform public.check_no_open_order(uid, public.confirmed_email_of(uid));
  if coalesce(p_password, '') = '' and coalesce(p_nonce, '') = '' then
    raise exception using errcode = 'P0001', detail = 'password_required', hint = 'Mot de passe requis',
      message = 'Saisissez votre mot de passe pour supprimer votre compte.';
  end if;
  if not public.account_reauthenticated(uid, p_password, p_nonce) then
    return jsonb_build_object('deleted', false, 'reason', 'wrong_password');
  end if;
  return public.erase_customer(uid, now()) || jsonb_build_object('deleted', true);
end $$;

-- Who the admin means in Clientes: an account by its id (a customer, never an admin account), or a guest by e-mail
-- and/or phone. An e-mail that belongs to an account is refused as a guest: the account's own row erases it whole.
-- Returns {user_id, email, phone_key}.
create function public.admin_customer_target(p_user_id uuid, p_email text, p_phone text) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  v_email text := nullif(lower(btrim(coalesce(p_email, ''))), '');
  v_phone text := nullif(public.phone_key(p_phone), '');
begin
  perform public.require_staff('manager');
  if p_user_id is not null then
    if not exists (select 1 from auth.users u where u.id = p_user_id
                    and coalesce(u.raw_app_meta_data ->> 'role', '') not in ('admin', 'owner', 'manager', 'staff')) then
      raise exception using errcode = 'P0001', detail = 'unknown_customer', hint = 'Cliente desconhecido',
        message = 'Cliente desconhecido / Client inconnu.';
    end if;
    return jsonb_build_object('user_id', p_user_id, 'email', public.confirmed_email_of(p_user_id), 'phone_key', null);
  end if;
  if v_email is null and (v_phone is null or length(v_phone) < 6) then
    raise exception using errcode = 'P0001', detail = 'customer_required', hint = 'E-mail ou telefone',
      message = 'Indique o e-mail ou o telefone do cliente / Indiquez l''e-mail ou le téléphone du client.';
  end if;
  if v_email is not null and not public.is_plain_email(v_email) then
    raise exception using errcode = 'P0001', detail = 'invalid_email', hint = 'E-mail inválido',
      message = 'E-mail inválido / Adresse e-mail invalide.';
  end if;
  if v_email is not null and exists (select 1 from auth.users u where lower(u.email) = v_email) then
    raise exception using errcode = 'P0001', detail = 'registered_customer', hint = 'Cliente com conta',
      message = 'Este e-mail tem conta: use a linha do cliente / Cette adresse a un compte : utilisez sa ligne.';
  end if;
  return jsonb_build_object('user_id', null, 'email', v_email, 'phone_key', v_phone);
end $$;

-- The admin's export of one customer's data (Clientes), the same document as my_data_export.
create function public.admin_customer_export(p_user_id uuid default null, p_email text default null,
  p_phone text default null) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  t jsonb := public.admin_customer_target(p_user_id, p_email, p_phone);
begin
  return public.customer_data_export((t ->> 'user_id')::uuid, t ->> 'email', t ->> 'phone_key');
end $$;

-- The admin's erasure of one customer (Clientes), with delete_my_account's rules: refused while one of their orders
-- is open (open_order), orders kept anonymised for the accounts, the account (if any) deleted.
create function public.admin_customer_erase(p_user_id uuid default null, p_email text default null,
  p_phone text default null) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  t jsonb := public.admin_customer_target(p_user_id, p_email, p_phone);
begin
  perform public.check_no_open_order((t ->> 'user_id')::uuid, t ->> 'email', t ->> 'phone_key');
  if p_user_id is not null then
    return public.erase_customer(p_user_id, now()) || jsonb_build_object('deleted', true);
  end if;
  return public.erase_guest(t ->> 'email', t ->> 'phone_key', now()) || jsonb_build_object('deleted', true);
end $$;

-- The privacy page's retention rules. A person's last exchange is their latest order, reservation (its date
-- when later), challenge entry or sign-in, matched by e-mail or phone number.
create function public.apply_retention(p_now timestamptz default null) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  now_at timestamptz := coalesce(p_now, now());
  cutoff timestamptz := coalesce(p_now, now()) - interval '3 years';
  recent_emails text[];
  recent_phones text[];
  inactive uuid;
  n_accounts integer := 0;
  n_old_orders integer;
  contacts jsonb;
begin
  -- Order data: 10 years (accounting and tax obligations), then gone.
  delete from public.orders o where o.created_at < now_at - interval '10 years';
  get diagnostics n_old_orders = row_count;

  recent_emails := array(
    select distinct x.e from (
      select lower(o.customer_email) as e from public.orders o where o.anonymised_at is null and o.created_at >= cutoff
      union all
      select lower(r.email) from public.reservations r
       where r.anonymised_at is null
         and greatest(r.created_at, (r.reservation_date + r.reservation_time) at time zone public.restaurant_time_zone()) >= cutoff
      union all
      select lower(c.email) from public.challenge_registrations c where c.anonymised_at is null and c.created_at >= cutoff
      union all
      select lower(u.email) from auth.users u where greatest(u.created_at, u.last_sign_in_at) >= cutoff
    ) x where x.e is not null);
  recent_phones := array(
    select distinct x.p from (
      select public.phone_key(o.customer_phone) as p from public.orders o
       where o.anonymised_at is null and o.created_at >= cutoff
      union all
      select public.phone_key(r.phone) from public.reservations r
       where r.anonymised_at is null
         and greatest(r.created_at, (r.reservation_date + r.reservation_time) at time zone public.restaurant_time_zone()) >= cutoff
      union all
      select public.phone_key(c.phone) from public.challenge_registrations c
       where c.anonymised_at is null and c.created_at >= cutoff and c.phone is not null
    ) x where x.p <> '');

  -- Inactive customer accounts (never a back-office account's).
  for inactive in
    select u.id from auth.users u
     where greatest(u.created_at, u.last_sign_in_at) < cutoff
       and coalesce(u.raw_app_meta_data ->> 'role', '') not in ('admin', 'owner', 'manager', 'staff')
       and (u.email is null or lower(u.email) not in (select unnest(recent_emails)))
  loop
    perform public.erase_customer(inactive, now_at);
    n_accounts := n_accounts + 1;
  end loop;

  contacts := public.anonymise_contact_records(
    array(select o.id from public.orders o
           where o.anonymised_at is null and o.created_at < cutoff
             and (o.customer_email is null or lower(o.customer_email) not in (select unnest(recent_emails)))
             and public.phone_key(o.customer_phone) not in (select unnest(recent_phones))
             and (o.user_id is null or not exists (
                   select 1 from auth.users u where u.id = o.user_id and greatest(u.created_at, u.last_sign_in_at) >= cutoff))),
    array(select r.id from public.reservations r
           where r.anonymised_at is null
             and greatest(r.created_at, (r.reservation_date + r.reservation_time) at time zone public.restaurant_time_zone()) < cutoff
             and lower(r.email) not in (select unnest(recent_emails))
             and public.phone_key(r.phone) not in (select unnest(recent_phones))),
    array(select c.id from public.challenge_registrations c
           where c.anonymised_at is null and c.created_at < cutoff
             and lower(c.email) not in (select unnest(recent_emails))
             and (c.phone is null or public.phone_key(c.phone) not in (select unnest(recent_phones)))),
    now_at);

  -- Promotional consent of a person with no exchange for 3 years (neither given nor changed since): erased too.
  delete from public.promotion_consents pc
   where pc.updated_at < cutoff and pc.email not in (select unnest(recent_emails));

  return contacts || jsonb_build_object('accounts_deleted', n_accounts, 'orders_deleted', n_old_orders,
    'cutoff', cutoff);
end $$;

revoke execute on function public.require_customer(),
  public.account_reauthenticated(uuid, text, text), public.check_account_rate_limit(text),
  public.customer_order_ids(uuid, text, text), public.customer_reservation_ids(text, text),
  public.customer_challenge_ids(text, text), public.confirmed_email_of(uuid),
  public.check_no_open_order(uuid, text, text), public.customer_data_export(uuid, text, text),
  public.anonymise_contact_records(text[], uuid[], uuid[], timestamptz), public.erase_customer(uuid, timestamptz),
  public.erase_guest(text, text, timestamptz), public.admin_customer_target(uuid, text, text),
  public.admin_customer_export(uuid, text, text), public.admin_customer_erase(uuid, text, text),
  public.apply_retention(timestamptz), public.my_data_export(), public.delete_my_account(text, text)
  from public, anon, authenticated;
grant execute on function public.my_data_export(), public.delete_my_account(text, text),
  public.admin_customer_export(uuid, text, text), public.admin_customer_erase(uuid, text, text) to authenticated;
grant execute on function public.apply_retention(timestamptz) to service_role;

-- Hosted Supabase: pg_cron runs the retention rules every night (03:17 UTC). Where pg_cron is not
-- available (the embedded backend, a plain PostgreSQL) the backend's own daily timer does it.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    -- As Supabase installs it (Integrations → Cron); a no-op when already enabled from the dashboard.
    create extension if not exists pg_cron with schema pg_catalog;
    perform cron.schedule('apply-retention', '17 3 * * *', 'select public.apply_retention()');
  end if;
exception when others then
  raise notice 'pg_cron not scheduled (%): the retention rules run from the backend''s timer', sqlerrm;
end $$;
