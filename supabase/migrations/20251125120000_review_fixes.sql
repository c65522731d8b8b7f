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
