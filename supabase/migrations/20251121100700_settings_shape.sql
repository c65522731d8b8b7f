-- Stricter shapes for the settings the order rules read, so an admin's typo is refused when
-- saved (23514) instead of breaking every order later: opening hours must be a known time zone
-- and "HH:MM" periods per ISO weekday; delivery zones may not name a city twice.

create or replace function public.store_setting_is_valid(p_key text, p_value jsonb) returns boolean
language plpgsql immutable set search_path = ''
as $$
declare
  zone jsonb;
  day record;
  period jsonb;
begin
  case p_key
    when 'ordering' then
      return coalesce(jsonb_typeof(p_value) = 'object'
        and jsonb_typeof(p_value -> 'is_enabled') = 'boolean'
        and coalesce(jsonb_typeof(p_value -> 'message'), 'string') in ('string', 'null'), false);
    when 'delivery_options' then
      return coalesce(jsonb_typeof(p_value) = 'object' and jsonb_typeof(p_value -> 'is_enabled') = 'boolean', false);
    when 'delivery_zones' then
      if jsonb_typeof(p_value) is distinct from 'array' then return false; end if;
      for zone in select * from jsonb_array_elements(p_value) loop
        if jsonb_typeof(zone -> 'name') is distinct from 'string' or btrim(zone ->> 'name') = ''
          or jsonb_typeof(zone -> 'fee') is distinct from 'number' or (zone ->> 'fee')::numeric < 0 then
          return false;
        end if;
      end loop;
      return (select count(distinct lower(btrim(z ->> 'name'))) = count(*) from jsonb_array_elements(p_value) z);
    when 'opening_hours' then
      if jsonb_typeof(p_value) is distinct from 'object' or jsonb_typeof(p_value -> 'timezone') is distinct from 'string'
         or jsonb_typeof(p_value -> 'days') is distinct from 'object'
         or coalesce(jsonb_typeof(p_value -> 'last_order_minutes_before_close'), 'number') <> 'number'
         or coalesce(jsonb_typeof(p_value -> 'slot_minutes'), 'number') <> 'number'
         or coalesce((p_value ->> 'slot_minutes')::numeric, 1) < 1 then
        return false;
      end if;
      begin
        perform timezone(p_value ->> 'timezone', timestamp '2000-01-01 00:00');
      exception when others then
        return false;
      end;
      for day in select * from jsonb_each(p_value -> 'days') loop
        if day.key !~ '^[1-7]$' or jsonb_typeof(day.value) <> 'array' then return false; end if;
        for period in select * from jsonb_array_elements(day.value) loop
          if jsonb_typeof(period) <> 'array' or jsonb_array_length(period) <> 2
             or coalesce(period ->> 0, '') !~ '^([01]\d|2[0-3]):[0-5]\d$'
             or coalesce(period ->> 1, '') !~ '^([01]\d|2[0-3]):[0-5]\d$'
             or (period ->> 0)::time >= (period ->> 1)::time then
            return false;
          end if;
        end loop;
      end loop;
      return true;
    else
      return true;
  end case;
end $$;
