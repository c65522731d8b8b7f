/**
 * Supabase's database linter rules (splinter, lints 0001–0017 and the security-definer grants), as plain
 * catalog queries that run on PGlite and PostgreSQL alike. Each returns the offending objects, one per row.
 */
export const LINTS: Record<string, string> = {
  // 0013 rls_disabled_in_public
  rls_disabled_in_public: `
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity order by 1`,
  // 0007 policy_exists_rls_disabled
  policy_exists_rls_disabled: `
    select distinct c.relname as name from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and not c.relrowsecurity order by 1`,
  // 0008 rls_enabled_no_policy: the table is closed to every API role (kept as an explicit list)
  rls_enabled_no_policy: `
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' and c.relrowsecurity
       and not exists (select 1 from pg_policy p where p.polrelid = c.oid) order by 1`,
  // 0015 rls_references_user_metadata: users write their own user_metadata
  rls_references_user_metadata: `
    select c.relname || '.' || p.polname as name from pg_policy p join pg_class c on c.oid = p.polrelid
     where coalesce(pg_get_expr(p.polqual, p.polrelid), '') || coalesce(pg_get_expr(p.polwithcheck, p.polrelid), '') ~* 'user_metadata'
     order by 1`,
  // the same for the functions policies call: is_admin() and friends
  functions_reference_user_metadata: `
    select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.prosrc ~* 'user_metadata' order by 1`,
  // 0011 function_search_path_mutable
  function_search_path_mutable: `
    select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')
     order by 1`,
  // 0010 security_definer_view
  security_definer_view: `
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'v'
       and not coalesce(c.reloptions::text[] && array['security_invoker=true', 'security_invoker=on', 'security_invoker=1'], false)
     order by 1`,
  // 0002 auth_users_exposed: a public view over auth.users
  auth_users_exposed: `
    select distinct c.relname as name from pg_depend d join pg_rewrite r on r.oid = d.objid
      join pg_class c on c.oid = r.ev_class join pg_namespace n on n.oid = c.relnamespace
     where d.refobjid = 'auth.users'::regclass and n.nspname = 'public' and c.relkind in ('v', 'm') order by 1`,
  // 0003 auth_rls_initplan: auth.uid() / auth.jwt() / current_setting() evaluated per row instead of once
  auth_rls_initplan: `
    select c.relname || '.' || p.polname as name from pg_policy p join pg_class c on c.oid = p.polrelid
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public'
       and (coalesce(pg_get_expr(p.polqual, p.polrelid), '') || ' ' || coalesce(pg_get_expr(p.polwithcheck, p.polrelid), ''))
           ~ '(auth\\.(uid|jwt|role|email)\\(\\)|current_setting\\()'
       and (coalesce(pg_get_expr(p.polqual, p.polrelid), '') || ' ' || coalesce(pg_get_expr(p.polwithcheck, p.polrelid), ''))
           !~* 'select\\s+auth\\.(uid|jwt|role|email)\\(\\)'
     order by 1`,
  // 0006 multiple_permissive_policies: two permissive policies for one role and one action
  multiple_permissive_policies: `
    select c.relname || ' ' || r.rolname || ' ' || p.polcmd::text as name from pg_policy p join pg_class c on c.oid = p.polrelid
      join pg_namespace n on n.oid = c.relnamespace
      cross join lateral unnest(case when p.polroles = '{0}' then array(select oid from pg_roles where rolname in ('anon', 'authenticated')) else p.polroles end) as pr(oid)
      join pg_roles r on r.oid = pr.oid
     where n.nspname = 'public' and p.polpermissive and r.rolname in ('anon', 'authenticated')
     group by 1 having count(*) > 1 order by 1`,
  // 0001 unindexed_foreign_keys
  unindexed_foreign_keys: `
    select c.relname || '.' || con.conname as name from pg_constraint con join pg_class c on c.oid = con.conrelid
      join pg_namespace n on n.oid = c.relnamespace
     where con.contype = 'f' and n.nspname = 'public'
       and not exists (select 1 from pg_index i where i.indrelid = con.conrelid
                          and (i.indkey::int2[])[0:cardinality(con.conkey) - 1] @> con.conkey and con.conkey @> (i.indkey::int2[])[0:cardinality(con.conkey) - 1])
     order by 1`,
  // 0009 duplicate_index
  duplicate_index: `
    select string_agg(ci.relname, ' = ' order by ci.relname) as name from pg_index i join pg_class ci on ci.oid = i.indexrelid
      join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public'
     group by i.indrelid, i.indkey::text, coalesce(pg_get_expr(i.indexprs, i.indrelid), ''), coalesce(pg_get_expr(i.indpred, i.indrelid), '')
    having count(*) > 1 order by 1`,
  // 0016 materialized_view_in_api, 0017 foreign_table_in_api
  materialized_or_foreign_in_api: `
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('m', 'f') order by 1`,
  // 0014 extension_in_public
  extension_in_public: `
    select e.extname as name from pg_extension e join pg_namespace n on n.oid = e.extnamespace where n.nspname = 'public' order by 1`,
  // 0028 / 0029: SECURITY DEFINER functions the API roles may call (must be the intended entry points)
  definer_executable_by_anon: `
    select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.prosecdef and has_function_privilege('anon', p.oid, 'execute') order by 1`,
  definer_executable_by_authenticated: `
    select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.prosecdef and has_function_privilege('authenticated', p.oid, 'execute') order by 1`,
  // Every function the anon key can call through /rest/v1/rpc (trigger functions cannot be called).
  functions_executable_by_anon: `
    select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.prorettype <> 'trigger'::regtype and has_function_privilege('anon', p.oid, 'execute') order by 1`,
  // Grants: TRUNCATE, REFERENCES and TRIGGER are not filtered by RLS; the API roles need none of them.
  api_roles_with_unfiltered_privileges: `
    select r.rolname || ' ' || c.relname || ' ' || pr.p as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      cross join (values ('anon'), ('authenticated')) r(rolname)
      cross join (values ('TRUNCATE'), ('REFERENCES'), ('TRIGGER')) pr(p)
     where n.nspname = 'public' and c.relkind in ('r', 'v', 'p') and has_table_privilege(r.rolname, c.oid, pr.p) order by 1`,
  // What anon may write at all (RLS narrows it further): the public forms only.
  anon_writable_tables: `
    select c.relname || ' ' || pr.p as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      cross join (values ('INSERT'), ('UPDATE'), ('DELETE')) pr(p)
     where n.nspname = 'public' and c.relkind in ('r', 'v', 'p') and has_table_privilege('anon', c.oid, pr.p) order by 1`,
  // Schemas the API must not reach.
  private_schema_usage: `
    select n.nspname || ' ' || r.rolname as name from pg_namespace n cross join (values ('anon'), ('authenticated')) r(rolname)
     where n.nspname in ('_realtime', '_mailbox', 'supabase_migrations') and has_schema_privilege(r.rolname, n.oid, 'USAGE') order by 1`,
};
