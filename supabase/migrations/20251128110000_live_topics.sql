-- Live updates over private Broadcast topics (docs/DATABASE.md, « Live updates »), fed by triggers, so that one
-- change costs one message per topic whatever the number of open pages, with no RLS evaluation per subscriber:
-- the right to a topic is checked once, when a page joins it (policies on realtime.messages below).
--
--   orders:admin        every change of an order (the whole row, as the admin reads it; an order older than the
--                       counter's two days: its id only): the back office's feeds
--   reservations:admin  every change of a reservation (the whole row): the back office's reservations
--   order:<id>          the customer's confirmation page of one order: its status and ready time only
--
-- order:<id> is readable by anyone who names a full order id (a uuid: 122 random bits), and by nothing else. The
-- id is already the secret of the confirmation page (order_confirmation answers anyone who holds it, with more
-- than this topic carries), so the topic gives away nothing the link does not. The 8-character order number is
-- not an id: `order:1a2b3c4d` is refused at join, as is any topic not of these shapes. A well-formed id of no
-- order may be joined and never hears anything. Nobody may send on these topics (no INSERT policy): only the
-- triggers write them, as the table's owner.

-- Each change of an order: the whole row to the back office; to the order's own page, only what it shows,
-- and only when that changed (its status, its ready time), never the customer's name, phone, address or e-mail.
-- The counter's staff join orders:admin too, and read only the orders of the last two days and those still to
-- come (orders_select_authenticated): a change of an older order (a manager's correction in the archive, an
-- erasure that anonymises a customer's history) goes out with its id alone, and each screen re-reads what its
-- role may read.
-- A recent order's message is the one realtime.broadcast_changes builds ({old_record, record, operation, table,
-- schema}, and the message's id, as realtime.send adds it), stored in realtime.messages directly: broadcast_changes
-- and realtime.send each wrap the insert in a subtransaction of their own (so that a failed send does not undo the
-- caller's work), which every order would pay for; this insert, as the table's owner, has nothing to fail on.
create function public.orders_live_broadcast() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  recent boolean := (tg_op <> 'DELETE' and (new.created_at > now() - interval '2 days'
                                            or new.slot_start > now() - interval '1 day'))
                 or (tg_op <> 'INSERT' and (old.created_at > now() - interval '2 days'
                                            or old.slot_start > now() - interval '1 day'));
  message_id uuid := gen_random_uuid();
begin
  insert into realtime.messages (id, topic, extension, event, private, payload)
  values (message_id, 'orders:admin', 'broadcast', tg_op, true, case
    when coalesce(recent, false) then
      jsonb_build_object('old_record', case when tg_op <> 'INSERT' then to_jsonb(old) end,
                         'record', case when tg_op <> 'DELETE' then to_jsonb(new) end,
                         'operation', tg_op, 'table', tg_table_name, 'schema', tg_table_schema, 'id', message_id)
    else
      jsonb_build_object('operation', tg_op, 'table', tg_table_name, 'schema', tg_table_schema,
                         'record', case when tg_op = 'DELETE' then null else jsonb_build_object('id', new.id) end,
                         'old_record', case when tg_op = 'INSERT' then null else jsonb_build_object('id', old.id) end,
                         'id', message_id)
    end);
  if tg_op = 'UPDATE' and (new.status is distinct from old.status or new.ready_at is distinct from old.ready_at) then
    perform realtime.send(
      jsonb_build_object('status', new.status, 'ready_at', new.ready_at, 'updated_at', new.updated_at),
      'status', 'order:' || new.id);
  end if;
  return null;
end $$;

create trigger orders_live_broadcast after insert or update or delete on public.orders
  for each row execute function public.orders_live_broadcast();

-- Each change of a reservation, the whole row, to the back office.
create function public.reservations_live_broadcast() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform realtime.broadcast_changes('reservations:admin', tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
  return null;
end $$;

create trigger reservations_live_broadcast after insert or update or delete on public.reservations
  for each row execute function public.reservations_live_broadcast();

revoke execute on function public.orders_live_broadcast(), public.reservations_live_broadcast()
  from public, anon, authenticated;

-- Who may join which private topic (checked at join and at each new access token, not per message).
create policy "back office reads the live orders and reservations" on realtime.messages for select to authenticated
  using (realtime.messages.extension = 'broadcast'
         and realtime.topic() in ('orders:admin', 'reservations:admin')
         and (select public.is_admin()));

create policy "an order's page reads its order topic by the full id" on realtime.messages for select to anon, authenticated
  using (realtime.messages.extension = 'broadcast'
         and realtime.topic() ~ '^order:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$');
