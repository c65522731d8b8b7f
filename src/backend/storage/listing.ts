import { sendJson } from '../http.js';
import { MAX_LIST, type Call, type StorageContext } from './context.js';
import { invalidRequest } from './errors.js';
import { checkObjectName } from './names.js';

function limitOf(value: unknown, fallback: number): number {
  const limit = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIST)
    throw invalidRequest(`limit must be between 1 and ${MAX_LIST}`);
  return limit;
}

/**
 * POST `/object/list/:bucket`: one level under `prefix`, folders first as Storage lists them (a folder
 * is the first segment of the names below it, with no id), sorted and paged by offset.
 */
export async function list(s: StorageContext, call: Call, bucketId: string) {
  const body = await s.readJson(call.req);
  const prefix = typeof body.prefix === 'string' ? body.prefix.replace(/\/+$/, '') : '';
  if (prefix !== '') checkObjectName(prefix);
  const base = prefix === '' ? '' : `${prefix}/`;
  const limit = limitOf(body.limit, 100);
  const offset = body.offset === undefined ? 0 : Number(body.offset);
  if (!Number.isInteger(offset) || offset < 0) throw invalidRequest('offset must be 0 or more');
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = ['name', 'updated_at', 'created_at', 'last_accessed_at'].includes(sortBy.column as string)
    ? (sortBy.column as string)
    : 'name';
  const order = String(sortBy.order ?? 'asc').toLowerCase() === 'desc' ? 'desc' : 'asc';
  const search = typeof body.search === 'string' ? body.search.slice(0, 255) : '';
  const rows = await s.rowsAsCaller(
    call,
    `with o as (
       select substr(name, char_length($2) + 1) as rest, id, updated_at, created_at, last_accessed_at, metadata
       from storage.objects where bucket_id = $1 and starts_with(name, $2)
     ), e as (
       select split_part(rest, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
              null::timestamptz as last_accessed_at, null::jsonb as metadata
       from o where strpos(rest, '/') > 0 group by 1
       union all
       select rest, id, updated_at, created_at, last_accessed_at, coalesce(metadata, '{}'::jsonb) from o where strpos(rest, '/') = 0
     )
     select * from e
     where name <> '' and ($3 = '' or name ilike replace(replace(replace($3, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')
     order by ${column} ${order} nulls first, name ${order} limit $4 offset $5`,
    [bucketId, base, search, limit, offset],
  );
  sendJson(call.res, 200, rows);
}

interface Cursor {
  /** The last entry's name. */
  n: string;
  /** Its sort value when sorting by a date, as the database wrote it (to the microsecond). */
  v?: string | null;
}

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

function decodeCursor(v: unknown): Cursor | null {
  if (v === undefined || v === null || v === '') return null;
  try {
    if (typeof v !== 'string' || v.length > 2048) throw new Error();
    const c = JSON.parse(Buffer.from(v, 'base64url').toString('utf8')) as Cursor;
    if (typeof c.n !== 'string' || (c.v !== undefined && c.v !== null && typeof c.v !== 'string')) throw new Error();
    if (typeof c.v === 'string' && !/^[\d\- :.+T]{10,40}$/.test(c.v)) throw new Error();
    return c;
  } catch {
    throw invalidRequest('cursor is not one this server gave');
  }
}

/**
 * POST `/object/list-v2/:bucket`: full names under `prefix` (a plain string prefix, as S3's), paged by
 * an opaque cursor; with `with_delimiter`, the names below the next `/` come back once as a folder
 * (`{ key, name: 'folder/' }`). Sorted by name, or by a date then name; a folder's date is the earliest
 * (ascending) or latest (descending) of its contents, so that every page continues where the last ended.
 */
export async function listV2(s: StorageContext, call: Call, bucketId: string) {
  const body = await s.readJson(call.req);
  const prefix = typeof body.prefix === 'string' ? body.prefix : '';
  if (prefix.length > 1024) throw invalidRequest('prefix is too long');
  const limit = limitOf(body.limit, MAX_LIST);
  const delimited = body.with_delimiter === true;
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = ['name', 'updated_at', 'created_at'].includes(sortBy.column as string)
    ? (sortBy.column as string)
    : 'name';
  const order = String(sortBy.order ?? 'asc').toLowerCase() === 'desc' ? 'desc' : 'asc';
  const cursor = decodeCursor(body.cursor);
  const byDate = column !== 'name';
  const cmp = order === 'asc' ? '>' : '<';
  const agg = order === 'asc' ? 'min' : 'max';
  // $5: the cursor's name, $6: its date. Entries after the cursor in the chosen order.
  const params: unknown[] = [bucketId, prefix, delimited, limit + 1];
  let after = 'true';
  if (cursor) {
    params.push(cursor.n);
    after = `name collate "C" ${cmp} $5`;
    if (byDate) {
      params.push(cursor.v ?? null);
      after = `(sort_at ${cmp} $6::timestamptz or (sort_at = $6::timestamptz and ${after}))`;
    }
  }
  const rows = await s.rowsAsCaller<{
    name: string;
    id: string | null;
    folder: boolean;
    sort_key: string | null;
    updated_at: Date | null;
    created_at: Date | null;
    last_accessed_at: Date | null;
    metadata: unknown;
  }>(
    call,
    `with o as (
       select name, id, updated_at, created_at, last_accessed_at, coalesce(metadata, '{}'::jsonb) as metadata,
              case when $3 then strpos(substr(name, char_length($2) + 1), '/') else 0 end as cut
       from storage.objects where bucket_id = $1 and starts_with(name, $2)
     ), e as (
       select left(name, char_length($2) + cut) as name, null::uuid as id, true as folder,
              ${byDate ? `${agg}(${column})` : 'null::timestamptz'} as sort_at,
              null::timestamptz as updated_at, null::timestamptz as created_at, null::timestamptz as last_accessed_at,
              null::jsonb as metadata
       from o where cut > 0 group by 1
       union all
       select name, id, false, ${byDate ? column : 'null::timestamptz'}, updated_at, created_at, last_accessed_at, metadata from o where cut = 0
     )
     select *, sort_at::text as sort_key from e where ${after}
     order by ${byDate ? `sort_at ${order}, ` : ''}name collate "C" ${order} limit $4`,
    params,
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const hasNext = rows.length > limit;
  const key = (name: string) => name.replace(/\/$/, '').split('/').pop() ?? name;
  sendJson(call.res, 200, {
    hasNext,
    ...(hasNext
      ? {
          nextCursor: encodeCursor({
            n: last.name,
            ...(byDate ? { v: last.sort_key } : {}),
          }),
          nextCursorKey: last.name,
        }
      : {}),
    folders: page
      .filter((r) => r.folder)
      .map((r) => ({ key: key(r.name), name: r.name, id: null, bucket_id: bucketId })),
    objects: page
      .filter((r) => !r.folder)
      .map((r) => ({
        key: key(r.name),
        name: r.name,
        id: r.id,
        bucket_id: bucketId,
        updated_at: r.updated_at,
        created_at: r.created_at,
        last_accessed_at: r.last_accessed_at,
        metadata: r.metadata,
      })),
  });
}
