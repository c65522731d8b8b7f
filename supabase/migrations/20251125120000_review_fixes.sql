-- Fixes from the security review of 25 November 2026 (docs/SECURITY-REVIEW.md).

-- 1. The client address of the product rate limits. On hosted Supabase the first entry of x-forwarded-for is
--    whatever the client sent (the gateway appends the real address after it), so a forged header gave every
--    request a new address and no limit ever held. Cloudflare, in front of every hosted project, sets
--    cf-connecting-ip to the address it saw and drops a client's own; it comes first. The embedded backend
--    removes any cf-connecting-ip a client sends and writes x-forwarded-for itself (src/backend/server.ts).
create or replace function public.client_address() returns text
language sql stable set search_path = ''
as $$
  select coalesce(
    nullif(btrim(h ->> 'cf-connecting-ip'), ''),
    nullif(btrim(split_part(coalesce(h ->> 'x-forwarded-for', ''), ',', 1)), ''))
    from (select coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb as h) r
$$;
revoke execute on function public.client_address() from public, anon, authenticated;

-- 2. Restaurant e-mail to one person stays limited. The limit per recipient was keyed on the address as typed,
--    so `victim+1@…`, `victim+2@…` (one mailbox at most providers) each counted as a new recipient, and
--    `x,victim@…` (one "@", so the order's e-mail check passed it) became two recipients at the SMTP
--    server, which then refused `x` and had the message retried to the victim. Now: only a single plain
--    address is ever sent to (no list separators, quotes, brackets or spaces), and the limit counts the
--    address without its +tag, in lower case.
create function public.email_recipient_key(p_address text) returns text
language sql immutable set search_path = ''
as $$
  select lower(regexp_replace(btrim(p_address), '\+[^@]*@', '@'))
$$;

create function public.is_plain_email(p_address text) returns boolean
language sql immutable set search_path = ''
as $$
  select coalesce(p_address ~ '^[^\s@,;:<>()\[\]\\"]+@[^\s@,;:<>()\[\]\\"]+\.[^\s@,;:<>()\[\]\\"]+$', false)
$$;

create or replace function public.queue_public_email(p_kind text, p_recipient text, p_order_id text, p_reservation_id uuid, p_payload jsonb) returns void
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

revoke execute on function public.email_recipient_key(text), public.is_plain_email(text),
  public.queue_public_email(text, text, text, uuid, jsonb) from public, anon, authenticated;
