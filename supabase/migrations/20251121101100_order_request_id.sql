-- A retried order is placed once.
--
-- The shop draws a request id (a UUID) for each order it sends and sends the same id again when it
-- retries after an answer that got lost (a dropped connection, a timeout, a server restart). The first
-- call that succeeds records the id with the order; any later call with that id returns that same order
-- instead of placing a second one. A request id is only honoured for the same order content and the same
-- signed-in customer: another content under a known id is refused rather than answered with an order
-- that is not the caller's.

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

alter table public.order_requests enable row level security;
revoke all on public.order_requests from anon, authenticated;
grant select on public.order_requests to authenticated;
create policy "Admins read order requests" on public.order_requests
  for select to authenticated using ((select public.is_admin()));

-- The checks and the insert stay as they are, under another name that no API role may call.
alter function public.place_order(jsonb, timestamptz) rename to place_order_once;
revoke execute on function public.place_order_once(jsonb, timestamptz) from public, anon, authenticated;

create function public.place_order(p_order jsonb, p_now timestamptz default null) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  raw_id text := case when jsonb_typeof(p_order) = 'object'
    then coalesce(public.json_text(p_order -> 'request_id'), public.json_text(p_order -> 'requestId')) end;
  v_request_id uuid;
  body jsonb;
  hash text;
  known public.order_requests;
  saved public.orders;
  placed jsonb;
begin
  if raw_id is null then
    return public.place_order_once(p_order, p_now);
  end if;
  if raw_id !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    perform public.refuse('invalid_request', 'Requête invalide', 'L''identifiant de la commande est illisible.');
  end if;
  v_request_id := raw_id::uuid;
  body := p_order - 'request_id' - 'requestId';
  hash := md5(body::text);

  for attempt in 1..2 loop
    select * into known from public.order_requests r where r.request_id = v_request_id;
    if found then
      if known.request_hash <> hash or known.user_id is distinct from auth.uid() then
        perform public.refuse('request_reused', 'Requête invalide',
          'Cette commande a déjà été envoyée avec un autre contenu. Veuillez réessayer.');
      end if;
      select * into saved from public.orders o where o.id = known.order_id;
      return to_jsonb(saved) || jsonb_build_object('order_number', left(saved.id, 8), 'subtotal', saved.total_price);
    end if;
    begin
      placed := public.place_order_once(body, p_now);
      insert into public.order_requests (request_id, order_id, request_hash, user_id)
      values (v_request_id, placed ->> 'id', hash, auth.uid());
      return placed;
    exception when unique_violation then
      -- The same request, sent twice at once, committed first elsewhere: this order is undone and the
      -- loop answers with the one that was kept. (An order id collision is retried inside place_order_once.)
      if attempt = 2 then raise; end if;
    end;
  end loop;
end $$;

revoke execute on function public.place_order(jsonb, timestamptz) from public;
grant execute on function public.place_order(jsonb, timestamptz) to anon, authenticated, service_role;
