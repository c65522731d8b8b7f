-- The restaurant's identity as data: one public row of store_settings (key 'restaurant') that the
-- owner edits in the admin's settings and the shop, the tickets and the e-mails read. Anyone may read
-- it (the store_settings policies: is_public rows for anon), only an admin may change it. The shape
-- mirrors restaurantIdentitySchema in src/shared/domain/restaurant.ts; the row below equals
-- DEFAULT_RESTAURANT_IDENTITY (tests/integration/restaurant-identity.test.ts keeps them equal).

-- Exactly the known keys, each a string within its length and free of control characters and bidirectional
-- overrides (clean_text's list). Found in the security pass (docs/SECURITY-REVIEW.md, section 7): an extra
-- key of any size was stored (3 MB of "junk", then sent to every shop visitor with the public settings and
-- their realtime changes), CR/LF in a text reached the subject of the order e-mails, ESC the tickets, and a
-- direction override reversed the phone number on screen.
create function public.restaurant_identity_is_valid(p_value jsonb) returns boolean
language plpgsql immutable set search_path = ''
as $$
declare
  field text;
  limits constant jsonb := '{
    "name": 120, "company": 160, "street": 160, "postal_code": 20, "city": 80, "country": 80,
    "phone": 16, "phone_display": 40, "email": 254, "hours_text": 200, "rcs": 40, "vat": 40,
    "facebook_url": 500, "instagram_url": 500, "reviews_url": 500
  }';
begin
  if jsonb_typeof(p_value) <> 'object' then return false; end if;
  if exists (select 1 from jsonb_object_keys(p_value) k where not limits ? k) then return false; end if;
  for field in select jsonb_object_keys(limits) loop
    if jsonb_typeof(p_value -> field) is distinct from 'string'
      or char_length(p_value ->> field) > (limits ->> field)::int
      or (p_value ->> field) ~ '[[:cntrl:]\u202a-\u202e\u2066-\u2069]' then
      return false;
    end if;
  end loop;
  if btrim(p_value ->> 'name') = '' or btrim(p_value ->> 'street') = '' or btrim(p_value ->> 'postal_code') = ''
    or btrim(p_value ->> 'city') = '' or btrim(p_value ->> 'phone_display') = '' then
    return false;
  end if;
  -- The name goes out in the subject and heading of every branded e-mail, to any address a customer
  -- types: letters, digits, spaces and ordinary punctuation, 2 to 60 characters, at most 4 digits (no
  -- telephone number) and no address of a site (no "www", no point followed by a letter).
  if char_length(btrim(p_value ->> 'name')) not between 2 and 60
    or (p_value ->> 'name') !~ '^[A-Za-zÀ-ÖØ-öø-ÿŒœ0-9 ''’&.,()!-]+$'
    or (p_value ->> 'name') ~ '\.[A-Za-zÀ-ÖØ-öø-ÿ]' or (p_value ->> 'name') ~* 'www'
    or char_length(regexp_replace(p_value ->> 'name', '[^0-9]', '', 'g')) > 4 then
    return false;
  end if;
  if (p_value ->> 'phone') !~ '^\+[1-9][0-9]{7,14}$' then return false; end if;
  if (p_value ->> 'email') !~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$' then return false; end if;
  foreach field in array array['facebook_url', 'instagram_url', 'reviews_url'] loop
    if (p_value ->> field) <> '' and (p_value ->> field) !~ '^https://[^[:space:]]+$' then return false; end if;
  end loop;
  return true;
end $$;

alter table public.store_settings add constraint store_settings_restaurant_shape
  check (key <> 'restaurant' or (is_public and public.restaurant_identity_is_valid(value)));

insert into public.store_settings (key, value, is_public) values
  ('restaurant', '{
    "name": "Churrasqueira Differdange",
    "company": "Churrasqueira Differdange S.à r.l.",
    "street": "12, Avenue de la Liberté",
    "postal_code": "L-4601",
    "city": "Differdange",
    "country": "Luxembourg",
    "phone": "+35226584012",
    "phone_display": "+352 26 58 40 12",
    "email": "contact@churrasqueira-differdange.lu",
    "hours_text": "Fermé le mardi",
    "rcs": "B 000000",
    "vat": "LU00000000",
    "facebook_url": "https://www.facebook.com/churrasqueiradifferdange",
    "instagram_url": "https://www.instagram.com/churrasqueiradifferdange",
    "reviews_url": "https://www.google.com/maps/search/?api=1&query=Churrasqueira+Differdange"
  }', true)
on conflict (key) do nothing;
