-- The restaurant's team (issue 32): the owner invites, changes the role of, disables and removes back-office
-- accounts from the « Equipa » screen through the Edge Function `staff` (service role, auth admin API). The roles
-- themselves and the one rule that checks them are in 20251121100000_helpers.sql (staff_role, staff_allowed).
--
-- Invitations are rate-limited per owner account (not per address: every call of the Edge Function comes from the
-- server), in the product limits: a season's hiring is a handful of invitations, the limit stops a stolen owner
-- session from mailing the world in the restaurant's name.
insert into public.rate_limits (bucket, window_seconds, max_hits) values
  ('staff_invite', 3600, 10), ('staff_invite', 86400, 30);

-- Counts one invitation by the calling owner; 429 once over the limit. Called by the Edge Function with the
-- owner's own token before it asks Auth to send the invitation.
create function public.note_staff_invite() returns void
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform public.require_staff('owner');
  if public.hit_rate_limit('staff_invite', auth.uid()::text) then
    raise exception using errcode = 'PT429', detail = 'rate_limited', hint = 'Demasiados convites',
      message = 'Demasiados convites enviados. Tente de novo dentro de uma hora.';
  end if;
end $$;

revoke execute on function public.note_staff_invite() from public, anon;
grant execute on function public.note_staff_invite() to authenticated, service_role;
