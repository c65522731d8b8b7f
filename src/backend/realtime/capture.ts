import crypto from 'node:crypto';
import type { Db } from '../db/index.js';

export const CHANGES_CHANNEL = '_realtime_changes';
/** Rows left behind by a lost notification are picked up after this long. */
export const SWEEP_AFTER_MS = 5_000;
/** Most rows one sweep call takes; the sweep goes on while slices come back full. */
export const SWEEP_SLICE_ROWS = 1_000;
const TRIGGER = '_realtime_capture';
const MESSAGE_TRIGGER = '_realtime_broadcast';
/** Messages of realtime.messages are kept this long (Supabase drops its daily partitions after 3 days). */
export const MESSAGE_RETENTION = '3 days';
/** A message of realtime.messages up to this long (as JSON) travels in its NOTIFY (PostgreSQL's limit: 8000 bytes). */
export const INLINE_MESSAGE_BYTES = 7900;
/** How long a process's follows last unless renewed (every FOLLOW_RENEW_MS). */
const FOLLOW_TTL = '10 minutes';
export const FOLLOW_RENEW_MS = 60_000;
/**
 * How long a table stays followed after its last follower left. Following a table waits for the writers at
 * work on it (a lock): a client joining and leaving in a loop would otherwise take that lock on every join.
 */
export const FOLLOW_LINGER_MS = 60_000;

/**
 * Change capture lives in `_realtime`, a schema no API role can reach. The trigger is
 * SECURITY DEFINER so that writes made as anon/authenticated can still record their change.
 * One NOTIFY per transaction (PostgreSQL folds equal payloads), sent at commit, carrying the txid.
 */
const SETUP_SQL = `
create schema if not exists _realtime;
revoke all on schema _realtime from public;
create table if not exists _realtime.changes (
  id bigserial primary key,
  txid bigint not null,
  schema_name text not null,
  table_name text not null,
  op text not null,
  record jsonb,
  old_record jsonb,
  committed_at timestamptz not null default now()
);
alter table _realtime.changes add column if not exists rel oid;
create index if not exists changes_txid_idx on _realtime.changes (txid);
create or replace function _realtime.capture() returns trigger
language plpgsql security definer set search_path = pg_catalog, pg_temp as $$
begin
  insert into _realtime.changes (txid, rel, schema_name, table_name, op, record, old_record)
  values (txid_current(), tg_relid, tg_table_schema, tg_table_name, tg_op,
          case when tg_op <> 'DELETE' then to_jsonb(new) end,
          case when tg_op <> 'INSERT' then to_jsonb(old) end);
  perform pg_notify('${CHANGES_CHANNEL}', txid_current()::text);
  return null;
end $$;
revoke all on function _realtime.capture() from public;

-- The tables someone follows with Postgres Changes: a change is captured only while its table is followed
-- (the trigger's WHEN, below), so that the writes nobody watches (every order, when the back office and the
-- customers follow them by broadcast) pay for no captured row, no NOTIFY and no delivery. Each server
-- process follows under its own name; its rows expire unless it renews them, so a process gone without
-- saying so (killed) stops costing ten minutes later.
create table if not exists _realtime.followed (
  rel oid not null,
  owner text not null,
  expires_at timestamptz not null,
  primary key (rel, owner)
);
create or replace function _realtime.is_followed(p_rel oid) returns boolean
language plpgsql stable security definer set search_path = pg_catalog, pg_temp as $$
begin
  return exists (select 1 from _realtime.followed f where f.rel = p_rel and f.expires_at > now());
end $$;
-- Evaluated as the writer (anon, authenticated…): it reads nothing but whether a table is followed.
grant execute on function _realtime.is_followed(oid) to public;
-- Follows (p_add) and stops following (p_drop) for one process. Before a table is followed, the writers
-- already at work on it finish (a lock that waits for them, at most 2 s): a change committed after the
-- channel was told « subscribed » was begun after this, and is captured.
create or replace function _realtime.set_followed(p_owner text, p_add oid[], p_drop oid[]) returns void
language plpgsql set search_path = pg_catalog, pg_temp as $$
declare
  r oid;
begin
  perform set_config('lock_timeout', '2s', true);
  foreach r in array p_add loop
    begin
      execute format('lock table %s in share row exclusive mode', r::regclass);
    exception when others then
      null;
    end;
    insert into _realtime.followed (rel, owner, expires_at)
      values (r, p_owner, now() + interval '${FOLLOW_TTL}')
      on conflict (rel, owner) do update set expires_at = excluded.expires_at;
  end loop;
  delete from _realtime.followed f where f.owner = p_owner and f.rel = any(p_drop);
end $$;
revoke all on function _realtime.set_followed(text, oid[], oid[]) from public;
-- A process renews what it follows (put back, should the database have been away past the expiry), and
-- drops what processes gone long ago left behind.
create or replace function _realtime.renew_followed(p_owner text, p_rels oid[]) returns void
language plpgsql set search_path = pg_catalog, pg_temp as $$
begin
  insert into _realtime.followed (rel, owner, expires_at)
    select r, p_owner, now() + interval '${FOLLOW_TTL}' from unnest(p_rels) r
    on conflict (rel, owner) do update set expires_at = excluded.expires_at;
  delete from _realtime.followed f where f.expires_at < now() - interval '1 hour';
end $$;
revoke all on function _realtime.renew_followed(text, oid[]) from public;

-- Broadcast from the database: a message of realtime.messages travels in its own NOTIFY on the changes'
-- channel (so in commit order with them), the message itself as JSON: the server delivers it as it hears it,
-- with no row to write, read back and delete (a third of an order's cost in the engine). A message too long
-- for a NOTIFY (${INLINE_MESSAGE_BYTES} bytes) goes the changes' way: a row of _realtime.changes marked BROADCAST, tied
-- to no table, and its transaction's txid. What is sent while the server's LISTEN is down is read back from
-- realtime.messages when it is up again (feed.ts).
create or replace function _realtime.capture_message() returns trigger
language plpgsql security definer set search_path = pg_catalog, pg_temp as $$
declare
  message jsonb := jsonb_build_object('id', new.id, 'topic', new.topic, 'event', new.event,
                                      'payload', new.payload, 'private', coalesce(new.private, false));
  inline text := (message || jsonb_build_object('at', new.inserted_at))::text;
begin
  if octet_length(inline) <= ${INLINE_MESSAGE_BYTES} then
    perform pg_notify('${CHANGES_CHANNEL}', inline);
    return null;
  end if;
  insert into _realtime.changes (txid, rel, schema_name, table_name, op, record)
  values (txid_current(), null, tg_table_schema, tg_table_name, 'BROADCAST', message);
  perform pg_notify('${CHANGES_CHANNEL}', txid_current()::text);
  return null;
end $$;
revoke all on function _realtime.capture_message() from public;

-- The committed changes to deliver next, oldest first: the notified transactions ('txids': looked up by
-- their index, « = any(array(…)) »; « in (select …) » was planned as a scan of the whole table, dead rows
-- included, at each delivery), or a
-- bounded slice of what was left behind ('old': older than the sweep delay, 'all': everything), so
-- one call never grows with a backlog. Read only, unless 'take' (no Postgres Changes subscriber to
-- check them for): then they are taken at once (DELETE … RETURNING). The 'old' sweep also drops
-- realtime.messages past their retention.
create or replace function _realtime.pending_changes(mode text, txids jsonb, take boolean) returns jsonb
language plpgsql set search_path = pg_catalog, pg_temp as $rt_pending$
declare
  _rt_ids bigint[];
  _rt_rows jsonb;
begin
  if mode = 'txids' then
    select array_agg(c.id) into _rt_ids
      from _realtime.changes c where c.txid = any(array(select jsonb_array_elements_text(txids)::bigint));
  else
    select array_agg(o.id) into _rt_ids from (
      select c.id from _realtime.changes c
      where mode = 'all' or c.committed_at < now() - interval '${SWEEP_AFTER_MS} milliseconds'
      order by c.id limit ${SWEEP_SLICE_ROWS}) o;
  end if;
  if take then
    with taken as (delete from _realtime.changes c where c.id = any(_rt_ids) returning c.*)
    select coalesce(jsonb_agg(to_jsonb(taken) order by taken.id), '[]'::jsonb) into _rt_rows from taken;
  else
    select coalesce(jsonb_agg(to_jsonb(c) order by c.id), '[]'::jsonb) into _rt_rows
      from _realtime.changes c where c.id = any(_rt_ids);
  end if;
  if mode = 'old' and to_regclass('realtime.messages') is not null then
    delete from realtime.messages m where m.inserted_at < (now() - interval '${MESSAGE_RETENTION}')::timestamp;
  end if;
  return _rt_rows;
end $rt_pending$;
revoke all on function _realtime.pending_changes(text, jsonb, boolean) from public;
do $rt$ begin
  if pg_catalog.to_regclass('realtime.messages') is not null then
    create or replace trigger ${MESSAGE_TRIGGER} after insert on realtime.messages
      for each row when (new.extension = 'broadcast') execute function _realtime.capture_message();
  end if;
end $rt$;

-- Joining a private channel: Supabase's check. Probe messages are put in realtime.messages for the
-- topic, then, as the token's role and claims with realtime.topic() set, a select must see them
-- (read) and an insert must pass the policies (write, for client broadcasts). Everything, probes
-- and settings, is undone by the inner block's rollback; a policy that fails reads as a refusal.
create or replace function _realtime.authorize(p_role text, p_claims text, p_topic text, p_presence boolean)
returns jsonb language plpgsql set search_path = pg_catalog, pg_temp as $$
declare
  v_broadcast uuid;
  v_presence uuid;
  v_read boolean := false;
  v_read_presence boolean := false;
  v_write boolean := false;
  v_error text;
begin
  begin
    insert into realtime.messages (topic, extension, private) values (p_topic, 'broadcast', true)
      returning id into v_broadcast;
    if p_presence then
      insert into realtime.messages (topic, extension, private) values (p_topic, 'presence', true)
        returning id into v_presence;
    end if;
    perform set_config('role', p_role, true);
    perform set_config('request.jwt.claims', p_claims, true);
    perform set_config('realtime.topic', p_topic, true);
    select exists (select 1 from realtime.messages m
                   where m.id = v_broadcast and m.topic = p_topic and m.extension = 'broadcast') into v_read;
    if p_presence then
      select exists (select 1 from realtime.messages m
                     where m.id = v_presence and m.topic = p_topic and m.extension = 'presence') into v_read_presence;
    end if;
    begin
      insert into realtime.messages (topic, extension, private) values (p_topic, 'broadcast', true);
      v_write := true;
    exception when insufficient_privilege then
      v_write := false;
    end;
    raise exception using errcode = 'RTAUT', message = 'authorization checked';
  exception when others then
    if sqlstate <> 'RTAUT' then
      v_error := sqlerrm;
      v_read := false;
      v_read_presence := false;
      v_write := false;
    end if;
  end;
  return jsonb_build_object('read', v_read, 'presence', v_read_presence, 'write', v_write, 'error', v_error);
end $$;
revoke all on function _realtime.authorize(text, text, text, boolean) from public;
`;

/** A table, or with no table (or '*') every published table of the schema ('*': of every schema). */
export interface FollowedTables {
  schema: string;
  table?: string;
}

export interface TableInfo {
  oid: number;
  schema: string;
  table: string;
  rls: boolean;
  /** REPLICA IDENTITY FULL: old rows are sent whole. */
  replicaFull: boolean;
  columns: { name: string; type: string }[];
  primaryKey: string[];
  inPublication: boolean;
}

const TABLE_INFO_SQL = `
select c.oid::int as oid, n.nspname as schema, c.relname as "table", c.relrowsecurity as rls,
  c.relreplident = 'f' as "replicaFull",
  coalesce((select json_agg(json_build_object('name', a.attname, 'type', t.typname) order by a.attnum)
     from pg_attribute a join pg_type t on t.oid = a.atttypid
     where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]'::json) as columns,
  coalesce((select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
     from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
     where i.indrelid = c.oid and i.indisprimary), '[]'::json) as "primaryKey",
  exists (select 1 from pg_publication_tables p
     where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname) as "inPublication"
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r', 'p') and n.nspname = $1 and c.relname = $2`;

function quoteIdent(name: string): string {
  return '"' + name.replace(/"/g, '""') + '"';
}

export function qualified(schema: string, table: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(table)}`;
}

export { quoteIdent };

/** Keeps the capture trigger on exactly the tables of the `supabase_realtime` publication. */
export class ChangeCapture {
  private tables = new Map<string, TableInfo>();
  private tracked = new Map<string, number>();
  private syncing: Promise<void> | null = null;
  private takeSql = '';
  /** This process's name in `_realtime.followed`. */
  private readonly owner = `${process.pid}:${crypto.randomUUID()}`;
  private readonly followers = new Map<object, readonly FollowedTables[]>();
  private readonly followedInDb = new Set<number>();
  private followChain: Promise<void> = Promise.resolve();
  private renewTimer: NodeJS.Timeout | null = null;
  /** Tables no channel follows any more, still followed until then (Date.now() ms). */
  private readonly lingering = new Map<number, number>();
  private lingerTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly lingerMs = FOLLOW_LINGER_MS,
  ) {}

  async install(): Promise<void> {
    await this.db.exec(SETUP_SQL);
    await this.syncPublication();
  }

  /** Re-reads the publication, adds the trigger where missing and removes it where no longer published. */
  syncPublication(): Promise<void> {
    this.syncing ??= this.doSync().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  private async doSync(): Promise<void> {
    const published = (
      await this.db.query<{ schema: string; table: string; oid: number }>(
        `select p.schemaname as schema, p.tablename as "table", c.oid::int as oid from pg_publication_tables p
         join pg_namespace n on n.nspname = p.schemaname join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
         where p.pubname = 'supabase_realtime'`,
      )
    ).rows;
    const withTrigger = (
      await this.db.query<{ schema: string; table: string; followedOnly: boolean }>(
        `select n.nspname as schema, c.relname as "table", t.tgqual is not null as "followedOnly" from pg_trigger t
         join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
         where t.tgname = $1`,
        [TRIGGER],
      )
    ).rows;
    const want = new Set<string>(published.map((p) => `${p.schema}.${p.table}`));
    // A trigger of an earlier version captured every change, followed or not: it is replaced.
    const have = new Set(withTrigger.filter((p) => p.followedOnly).map((p) => `${p.schema}.${p.table}`));
    for (const p of published) {
      if (have.has(`${p.schema}.${p.table}`)) continue;
      await this.db.exec(
        `create or replace trigger ${TRIGGER} after insert or update or delete on ${qualified(p.schema, p.table)}
         for each row when (_realtime.is_followed(${Number(p.oid)}::oid)) execute function _realtime.capture()`,
      );
    }
    for (const p of withTrigger) {
      if (!want.has(`${p.schema}.${p.table}`))
        await this.db.exec(`drop trigger if exists ${TRIGGER} on ${qualified(p.schema, p.table)}`);
    }
    this.tables.clear();
    const infos: TableInfo[] = [];
    for (const p of published) {
      const info = await this.tableInfo(p.schema, p.table);
      if (info) infos.push(info);
    }
    const sql = takeFunctionSql(infos);
    // Replacing the function drops every connection's cached plans: only when it changed.
    if (sql !== this.takeSql) await this.db.exec(sql);
    this.takeSql = sql;
    this.tracked = new Map(published.map((p) => [`${p.schema}.${p.table}`, Number(p.oid)]));
    // A channel following a whole schema follows the tables published since it joined.
    if (this.followers.size > 0) await this.syncFollows();
  }

  /**
   * Changes are captured only for the tables a channel follows (`_realtime.followed`). `who` (a joined
   * channel) follows the tables its bindings name, a whole schema for a binding without a table; this
   * resolves once the follow is committed, before the channel is told it is subscribed.
   */
  follow(who: object, bindings: readonly FollowedTables[]): Promise<void> {
    this.followers.set(who, bindings);
    this.startRenewing();
    return this.syncFollows();
  }

  /**
   * `who` follows nothing any more. A table nobody follows is no longer captured once it has lingered
   * `lingerMs` (a channel joining it again meanwhile finds it followed, and waits for no lock).
   */
  unfollow(who: object): Promise<void> {
    if (!this.followers.has(who)) return Promise.resolve();
    const before = this.followedByChannels();
    this.followers.delete(who);
    if (this.lingerMs <= 0) return this.syncFollows();
    const after = this.followedByChannels();
    const until = Date.now() + this.lingerMs;
    for (const rel of before) if (!after.has(rel)) this.lingering.set(rel, until);
    this.lingerTimer ??= setTimeout(() => this.endLingering(), this.lingerMs + 10);
    this.lingerTimer.unref();
    return Promise.resolve();
  }

  /** Drops the tables whose lingering is over, and waits for the next one to end. */
  private endLingering(): void {
    this.lingerTimer = null;
    const now = Date.now();
    let next = Infinity;
    for (const [rel, until] of this.lingering) {
      if (until <= now) this.lingering.delete(rel);
      else next = Math.min(next, until);
    }
    void this.syncFollows().catch(() => {});
    if (next !== Infinity) {
      this.lingerTimer = setTimeout(() => this.endLingering(), next - now + 10);
      this.lingerTimer.unref();
    }
  }

  /** Stops renewing and gives up what this process follows, lingering or not. */
  async close(): Promise<void> {
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.renewTimer = null;
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
    this.lingering.clear();
    this.followers.clear();
    await this.syncFollows().catch(() => {});
  }

  private wantedTables(): Set<number> {
    const rels = this.followedByChannels();
    for (const rel of this.lingering.keys()) rels.add(rel);
    return rels;
  }

  private followedByChannels(): Set<number> {
    const rels = new Set<number>();
    for (const bindings of this.followers.values())
      for (const b of bindings) {
        if (b.schema !== '*' && b.table !== undefined && b.table !== '*') {
          const oid = this.tracked.get(`${b.schema}.${b.table}`);
          if (oid !== undefined) rels.add(oid);
        } else for (const t of this.trackedIn(b.schema)) rels.add(t.oid);
      }
    return rels;
  }

  /** One database call at a time, in order: each brings the database to what the followers want then. */
  private syncFollows(): Promise<void> {
    const run = this.followChain.then(async () => {
      const want = this.wantedTables();
      const add = [...want].filter((r) => !this.followedInDb.has(r));
      const drop = [...this.followedInDb].filter((r) => !want.has(r));
      if (add.length === 0 && drop.length === 0) return;
      await this.db.query('select _realtime.set_followed($1, $2::oid[], $3::oid[])', [
        this.owner,
        `{${add.join(',')}}`,
        `{${drop.join(',')}}`,
      ]);
      for (const r of add) this.followedInDb.add(r);
      for (const r of drop) this.followedInDb.delete(r);
    });
    this.followChain = run.catch(() => {});
    return run;
  }

  /** Renews this process's follows (in turn with the follows and drops, so as not to put back a dropped one). */
  renew(): Promise<void> {
    const run = this.followChain.then(async () => {
      await this.db.query('select _realtime.renew_followed($1, $2::oid[])', [
        this.owner,
        `{${[...this.followedInDb].join(',')}}`,
      ]);
    });
    this.followChain = run.catch(() => {});
    return run;
  }

  private startRenewing(): void {
    if (this.renewTimer) return;
    this.renewTimer = setInterval(() => void this.renew().catch(() => {}), FOLLOW_RENEW_MS);
    this.renewTimer.unref();
  }

  /** Whether changes of this table (this very table: a re-created one has another oid) are captured. */
  isTracked(schema: string, table: string, oid?: number): boolean {
    const known = this.tracked.get(`${schema}.${table}`);
    return known !== undefined && (oid === undefined || known === oid);
  }

  /** Published tables of a schema ('*' for every schema). */
  trackedIn(schema: string): { schema: string; table: string; oid: number }[] {
    return [...this.tracked]
      .map(([key, oid]) => {
        const dot = key.indexOf('.');
        return { schema: key.slice(0, dot), table: key.slice(dot + 1), oid };
      })
      .filter((t) => schema === '*' || t.schema === schema);
  }

  trackedOid(schema: string, table: string): number | undefined {
    return this.tracked.get(`${schema}.${table}`);
  }

  /** Catalog facts about a table, cached until the next publication sync; `null` when it does not exist. */
  async tableInfo(schema: string, table: string, fresh = false): Promise<TableInfo | null> {
    const key = `${schema}.${table}`;
    const cached = this.tables.get(key);
    if (cached && !fresh) return cached;
    const row = (await this.db.query<TableInfo>(TABLE_INFO_SQL, [schema, table])).rows[0];
    if (!row) return null;
    const info = { ...row, oid: Number(row.oid) };
    this.tables.set(key, info);
    return info;
  }

  cachedInfo(schema: string, table: string): TableInfo | undefined {
    return this.tables.get(`${schema}.${table}`);
  }
}

/**
 * Takes the changes the dispatcher read (`ids`: DELETE … RETURNING, so a change is delivered once
 * and a database lost mid-way leaves it for the next sweep) and, in the same statement's
 * transaction, runs the RLS checks the matching channels need: for each claims set, switch role
 * and request.jwt.claims (transaction-local) and look up by key only the rows its channels'
 * bindings and filters matched. Each claims set's lookup is its own execution of a statement
 * planned once per connection (one static branch per published table): a policy's
 * `(select auth.uid())` is evaluated once per execution, so claims must not change within one.
 * `groups`: [{role, claims, tables: [[oid, [change ids to look up], [deleted change ids]]]}], by role.
 * Without `ids`, the `given` rows (already taken) are checked only: the re-check claims set by
 * claims set after a failure. Answers {taken: [ids], seen: [[ids visible to each claims set]]}.
 */
function takeFunctionSql(tables: TableInfo[]): string {
  const branches = tables
    .filter((t) => !`${t.schema}${t.table}${t.primaryKey.join('')}`.includes('$'))
    .map((t) => {
      const rel = qualified(t.schema, t.table);
      const match = t.primaryKey.length
        ? t.primaryKey.map((c) => `_rt_x.${quoteIdent(c)} = _rt_r.${quoteIdent(c)}`).join(' and ')
        : `to_jsonb(_rt_x) = _rt_rec -> (_rt_k.id #>> '{}')`;
      return `if _rt_rel = ${t.oid} then
            select coalesce(jsonb_agg(_rt_k.id), '[]'::jsonb) into _rt_hits
            from jsonb_array_elements(_rt_ids) as _rt_k(id),
              lateral jsonb_populate_record(null::${rel}, _rt_rec -> (_rt_k.id #>> '{}')) _rt_r
            where exists (select 1 from ${rel} _rt_x where ${match});
          end if;`;
    })
    .join('\n          ');
  return `
drop function if exists _realtime.visible_changes(jsonb);
drop function if exists _realtime.take_changes(text, jsonb, jsonb, jsonb);
create or replace function _realtime.take_changes(ids jsonb, groups jsonb, given jsonb) returns jsonb
language plpgsql as $rt_take$
declare
  _rt_taken jsonb := '[]'::jsonb;
  _rt_rec jsonb;
  _rt_g jsonb;
  _rt_t jsonb;
  _rt_rel oid;
  _rt_ids jsonb;
  _rt_hits jsonb;
  _rt_seen jsonb;
  _rt_result jsonb := '[]'::jsonb;
begin
  if ids is not null then
    with taken as (delete from _realtime.changes c
      where c.id = any(array(select pg_catalog.jsonb_array_elements_text(ids)::bigint)) returning c.id, c.op, c.record)
    select coalesce(jsonb_agg(taken.id), '[]'::jsonb),
           coalesce(jsonb_object_agg(taken.id, taken.record) filter (where taken.op <> 'DELETE'), '{}'::jsonb)
      into _rt_taken, _rt_rec from taken;
  else
    select coalesce(jsonb_object_agg(v->>'id', v->'record') filter (where v->>'op' <> 'DELETE'), '{}'::jsonb)
      into _rt_rec from pg_catalog.jsonb_array_elements(given) v;
  end if;
  for _rt_g in select value from pg_catalog.jsonb_array_elements(groups) loop
    _rt_seen := '[]'::jsonb;
    perform pg_catalog.set_config('role', _rt_g->>'role', true),
            pg_catalog.set_config('request.jwt.claims', _rt_g->>'claims', true);
    for _rt_t in select value from pg_catalog.jsonb_array_elements(_rt_g->'tables') loop
      _rt_rel := (_rt_t->>0)::oid;
      if pg_catalog.has_table_privilege(_rt_g->>'role', _rt_rel, 'SELECT') then
        -- Deletes go to everyone who may read the table, as Supabase does.
        _rt_seen := _rt_seen || (_rt_t->2);
        _rt_ids := _rt_t->1;
        _rt_hits := '[]'::jsonb;
        if pg_catalog.jsonb_array_length(_rt_ids) > 0 then
          ${branches || 'null;'}
        end if;
        _rt_seen := _rt_seen || _rt_hits;
      end if;
    end loop;
    _rt_result := _rt_result || pg_catalog.jsonb_build_array(_rt_seen);
  end loop;
  return pg_catalog.jsonb_build_object('taken', _rt_taken, 'seen', _rt_result);
end $rt_take$;
revoke all on function _realtime.take_changes(jsonb, jsonb, jsonb) from public;
`;
}
