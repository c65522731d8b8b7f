-- Photos of the menu: the public `menu-images` bucket (5 MB, JPEG/PNG/WebP/AVIF) that everyone
-- reads through its public URL and only admins write. Runs unchanged on hosted Supabase, where the
-- storage schema belongs to Storage itself, and on the embedded backend, which creates the same
-- schema before any migration: this file creates no storage table, it only adds a bucket and policies.

do $$
begin
  if to_regclass('storage.buckets') is null or to_regclass('storage.objects') is null then
    raise exception 'The storage schema (storage.buckets, storage.objects) is missing: enable Storage on this project first';
  end if;
end $$;

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('menu-images', 'menu-images', true, 5 * 1024 * 1024, array['image/jpeg', 'image/png', 'image/webp', 'image/avif'])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- Reading goes through /object/public/menu-images/… (no policy needed). Listing, replacing and
-- removing photos is the menu's, so the manager's: staff_allowed() reads app_metadata.role from the JWT.
create policy menu_images_select_admin on storage.objects for select to authenticated
  using (bucket_id = 'menu-images' and (select public.staff_allowed('manager')));
create policy menu_images_insert_admin on storage.objects for insert to authenticated
  with check (bucket_id = 'menu-images' and (select public.staff_allowed('manager')));
create policy menu_images_update_admin on storage.objects for update to authenticated
  using (bucket_id = 'menu-images' and (select public.staff_allowed('manager')))
  with check (bucket_id = 'menu-images' and (select public.staff_allowed('manager')));
create policy menu_images_delete_admin on storage.objects for delete to authenticated
  using (bucket_id = 'menu-images' and (select public.staff_allowed('manager')));
