-- Promotional e-mail: the customer's consent, the audience of a promotion and the unsubscribe link.
--
-- Consent is kept per e-mail inbox, for account holders and guests alike (a guest has no account): one row per
-- inbox as the mail provider sees it (email_recipient_key: lower case, no +tag, Gmail without dots), with the
-- date of the consent or of its withdrawal and where it was given. Nothing is consented by default: no row, or a
-- row withdrawn, means no promotion.
--   set_my_promotion_consent(bool) / my_promotion_consent(): the account's checkbox on /profil (its confirmed e-mail);
--   consent_to_promotions_for_order(order id): the cart's checkbox, for the e-mail of the order just placed, only
--     from the client address that placed it and within 30 minutes;
--   promotion_audience(): the admin's « all customers », every consenting inbox once, with its unsubscribe token;
--   unsubscribe_promotions(token): the link in every promotion (one click, no sign-in), per-client rate-limited.
-- docs/NOTIFICATIONS.md, « Promotions ».

create table public.promotion_consents (
  inbox text primary key check (length(inbox) between 3 and 254),
  email text not null check (length(email) between 3 and 254),
  consented boolean not null,
  consented_at timestamptz,
  withdrawn_at timestamptz,
  source text not null check (source in ('account', 'checkout', 'unsubscribe', 'admin')),
  -- Random, 256 bits: the unsubscribe link of this inbox and of no other.
  unsubscribe_token text not null unique default encode(extensions.gen_random_bytes(32), 'hex'),
  updated_at timestamptz not null default now(),
  constraint promotion_consents_dated check (not consented or consented_at is not null)
);
comment on table public.promotion_consents is
  'Consent to promotional e-mail per inbox (email_recipient_key), with its date; read and written through the RPCs only.';

alter table public.promotion_consents enable row level security;
revoke all on public.promotion_consents from anon, authenticated;

-- The unsubscribe link: per client (the page's visitor, or a mail provider's one-click POST), and per source address
-- whatever client it names (a direct caller choosing p_client cannot escape the second).
insert into public.rate_limits (bucket, window_seconds, max_hits) values
  ('unsubscribe', 60, 10), ('unsubscribe', 3600, 60),
  ('unsubscribe_source', 60, 300), ('unsubscribe_source', 3600, 3000)
on conflict (bucket, window_seconds) do nothing;

-- Records a consent or its withdrawal for an address; the date is the one of the latest change.
create function public.record_promotion_consent(p_email text, p_consent boolean, p_source text) returns jsonb
language plpgsql volatile set search_path = ''
as $$
declare
  v_email text := lower(btrim(p_email));
  saved public.promotion_consents;
begin
  if not public.is_plain_email(v_email) or length(v_email) > 254 then
    raise exception using errcode = 'P0001', detail = 'invalid_email', hint = 'Adresse invalide',
      message = 'Veuillez entrer une adresse e-mail valide.';
  end if;
  insert into public.promotion_consents as c (inbox, email, consented, consented_at, withdrawn_at, source)
  values (public.email_recipient_key(v_email), v_email, p_consent,
          case when p_consent then now() end, case when not p_consent then now() end, p_source)
  on conflict (inbox) do update
    set email = excluded.email, consented = excluded.consented, source = excluded.source, updated_at = now(),
        consented_at = case when excluded.consented and not c.consented then now() else c.consented_at end,
        withdrawn_at = case when not excluded.consented and c.consented then now() else c.withdrawn_at end
  returning * into saved;
  return jsonb_build_object('consented', saved.consented, 'consented_at', saved.consented_at,
    'withdrawn_at', saved.withdrawn_at);
end $$;

-- The account's address: only once confirmed (a promotion never goes to an address nobody proved).
create function public.my_promotion_email() returns text
language plpgsql stable set search_path = ''
as $$
declare
  v_email text := public.confirmed_email_of(public.require_customer());
begin
  if v_email is null then
    raise exception using errcode = 'P0001', detail = 'email_not_confirmed', hint = 'Adresse non confirmée',
      message = 'Confirmez d''abord votre adresse e-mail (lien reçu à l''inscription).';
  end if;
  return v_email;
end $$;

create function public.my_promotion_consent() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_email text := public.confirmed_email_of(public.require_customer());
  c public.promotion_consents;
begin
  select * into c from public.promotion_consents x where x.inbox = public.email_recipient_key(v_email);
  return jsonb_build_object('consented', coalesce(c.consented, false), 'consented_at', c.consented_at,
    'withdrawn_at', c.withdrawn_at, 'email', v_email);
end $$;

create function public.set_my_promotion_consent(p_consent boolean) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if p_consent is null then
    raise exception using errcode = '22004', message = 'p_consent est obligatoire.';
  end if;
  return public.record_promotion_consent(public.my_promotion_email(), p_consent, 'account');
end $$;

-- The cart's checkbox: consent for the e-mail of the order just placed. Only the client address that placed the
-- order (order_origins) may, within 30 minutes, so nobody can subscribe an address by knowing an order number.
-- A ticked box consents; it never withdraws (that is the account's checkbox or the link in every promotion).
create function public.consent_to_promotions_for_order(p_order_id text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_email text;
begin
  select o.customer_email into v_email
    from public.orders o join public.order_origins g on g.order_id = o.id
   where o.id = p_order_id and o.created_at > now() - interval '30 minutes'
     and o.customer_email is not null and o.anonymised_at is null
     and g.client_address = public.client_address();
  if v_email is null then
    raise exception using errcode = 'P0001', detail = 'consent_order_unknown', hint = 'Consentement non enregistré',
      message = 'Ce consentement ne peut être enregistré que juste après votre commande, avec son adresse e-mail.';
  end if;
  return public.record_promotion_consent(v_email, true, 'checkout');
end $$;

-- « All customers » of the promotions screen: every consenting inbox once (the key is the inbox), guests included.
create function public.promotion_audience() returns table (email text, unsubscribe_token text, consented_at timestamptz)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform public.require_staff('manager');
  return query select c.email, c.unsubscribe_token, c.consented_at
    from public.promotion_consents c where c.consented order by c.email;
end $$;

-- The unsubscribe link (GET shows a page, POST calls this): withdraws the consent of the token's inbox. An unknown
-- token answers {unsubscribed: false}, not an error, so that the try stays counted by the rate limit. The subject
-- of the limit is the client address, and the visitor's own address that the page passes (p_client) when the call
-- comes through the unsubscribe function; the function's own address is then the same for every visitor.
create function public.unsubscribe_promotions(p_token text, p_client text default null) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  c public.promotion_consents;
begin
  if public.hit_rate_limit('unsubscribe',
       coalesce(public.client_address(), '') || '/' || left(coalesce(p_client, ''), 64))
     or public.hit_rate_limit('unsubscribe_source', public.client_address()) then
    raise exception using errcode = 'PT429', detail = 'rate_limited', hint = 'Trop de demandes',
      message = 'Trop de demandes depuis votre connexion. Veuillez réessayer dans quelques minutes.';
  end if;
  if coalesce(p_token, '') !~ '^[0-9a-f]{64}$' then
    return jsonb_build_object('unsubscribed', false);
  end if;
  update public.promotion_consents x
     set consented = false, withdrawn_at = case when x.consented then now() else x.withdrawn_at end,
         source = 'unsubscribe', updated_at = now()
   where x.unsubscribe_token = p_token
  returning * into c;
  return jsonb_build_object('unsubscribed', c.inbox is not null);
end $$;

-- Erasing a customer (delete_my_account, the admin's erase, retention) erases their consent row too.
create function public.forget_promotion_consent(p_email text) returns void
language sql volatile set search_path = ''
as $$
  delete from public.promotion_consents c where p_email is not null and c.inbox = public.email_recipient_key(p_email)
$$;

revoke execute on function public.record_promotion_consent(text, boolean, text), public.my_promotion_email(),
  public.my_promotion_consent(), public.set_my_promotion_consent(boolean),
  public.consent_to_promotions_for_order(text), public.promotion_audience(),
  public.unsubscribe_promotions(text, text), public.forget_promotion_consent(text)
  from public, anon, authenticated;
grant execute on function public.my_promotion_consent(), public.set_my_promotion_consent(boolean),
  public.promotion_audience() to authenticated;
grant execute on function public.consent_to_promotions_for_order(text), public.unsubscribe_promotions(text, text)
  to anon, authenticated;
grant execute on function public.promotion_audience() to service_role;
