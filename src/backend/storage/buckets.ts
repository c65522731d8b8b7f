import { sendJson } from '../http.js';
import { MAX_LIST, type Call, type StorageContext } from './context.js';
import { bucketNotFound, invalidRequest, routeNotFound, StorageError } from './errors.js';
import { checkBucketId, parseMimeTypes, parseSizeLimit } from './names.js';

const BUCKET_COLUMNS = 'id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at';

function bucketJson(b: Record<string, unknown>) {
  return { ...b, file_size_limit: b.file_size_limit === null ? null : Number(b.file_size_limit) };
}

/** A size limit from a request body, refused above the server's own upload limit. */
function sizeLimit(s: StorageContext, value: unknown): number | null {
  const limit = parseSizeLimit(value);
  if (limit !== null && limit > s.globalLimit) throw invalidRequest('file_size_limit exceeds the global upload limit');
  return limit;
}

async function listBuckets(s: StorageContext, call: Call) {
  const q = call.url.searchParams;
  const limit = Math.min(Math.max(Number(q.get('limit') ?? MAX_LIST) || MAX_LIST, 1), MAX_LIST);
  const offset = Math.max(Number(q.get('offset') ?? 0) || 0, 0);
  const column = ['id', 'name', 'created_at', 'updated_at'].includes(q.get('sortColumn') ?? '')
    ? q.get('sortColumn')!
    : 'name';
  const order = q.get('sortOrder') === 'desc' ? 'desc' : 'asc';
  const search = q.get('search') ?? '';
  const rows = await s.rowsAsCaller(
    call,
    `select ${BUCKET_COLUMNS} from storage.buckets
     where ($1 = '' or name ilike '%' || replace(replace(replace($1, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')
     order by ${column} ${order} limit $2 offset $3`,
    [search.slice(0, 100), limit, offset],
  );
  sendJson(call.res, 200, rows.map(bucketJson));
}

async function createBucket(s: StorageContext, call: Call) {
  const body = await s.readJson(call.req);
  const id = checkBucketId(body.id ?? body.name);
  if (body.name !== undefined && body.name !== id) checkBucketId(body.name);
  const limit = sizeLimit(s, body.file_size_limit);
  const types = parseMimeTypes(body.allowed_mime_types);
  await s.asCaller(call, (tx) =>
    tx.query(
      `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
       values ($1, $2, auth.uid(), auth.uid()::text, $3, $4, $5)`,
      [id, typeof body.name === 'string' ? body.name : id, body.public === true, limit, types],
    ),
  );
  sendJson(call.res, 200, { name: id });
}

async function emptyBucket(s: StorageContext, call: Call, id: string) {
  const versions = await s.asCaller(call, async (tx) => {
    if ((await tx.query('select 1 from storage.buckets where id = $1', [id])).rows.length === 0) throw bucketNotFound();
    return (
      await tx.query<{ version: string | null }>('delete from storage.objects where bucket_id = $1 returning version', [
        id,
      ])
    ).rows;
  });
  await s.files.remove(versions.map((v) => v.version));
  sendJson(call.res, 200, { message: 'Successfully emptied' });
}

async function updateBucket(s: StorageContext, call: Call, id: string) {
  const body = await s.readJson(call.req);
  const sets: string[] = [];
  const params: unknown[] = [id];
  if ('public' in body) {
    if (typeof body.public !== 'boolean') throw invalidRequest('public must be true or false');
    params.push(body.public);
    sets.push(`public = $${params.length}`);
  }
  if ('file_size_limit' in body) {
    params.push(sizeLimit(s, body.file_size_limit));
    sets.push(`file_size_limit = $${params.length}`);
  }
  if ('allowed_mime_types' in body) {
    params.push(parseMimeTypes(body.allowed_mime_types));
    sets.push(`allowed_mime_types = $${params.length}`);
  }
  const updated = await s.rowsAsCaller(
    call,
    `update storage.buckets set ${[...sets, 'updated_at = now()'].join(', ')} where id = $1 returning id`,
    params,
  );
  if (updated.length === 0) throw bucketNotFound();
  sendJson(call.res, 200, { message: 'Successfully updated' });
}

async function deleteBucket(s: StorageContext, call: Call, id: string) {
  const n = await s.asCaller(
    call,
    async (tx) => (await tx.query('delete from storage.buckets where id = $1 returning id', [id])).rows.length,
    async (tx) => {
      await s.bucketAsServer(tx, id);
      if ((await tx.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id])).rows.length > 0) {
        throw new StorageError(400, '409', 'InvalidRequest', 'The bucket you tried to delete is not empty');
      }
    },
  );
  if (n === 0) throw bucketNotFound();
  sendJson(call.res, 200, { message: 'Successfully deleted' });
}

/** `/storage/v1/bucket[/:id[/empty]]`. */
export async function bucketRoute(s: StorageContext, call: Call, parts: string[]) {
  const method = call.req.method ?? 'GET';
  if (parts.length === 0) {
    if (method === 'GET') return listBuckets(s, call);
    if (method === 'POST') return createBucket(s, call);
    throw routeNotFound();
  }
  const id = checkBucketId(parts[0]);
  if (parts.length === 2 && parts[1] === 'empty' && method === 'POST') return emptyBucket(s, call, id);
  if (parts.length !== 1) throw routeNotFound();
  if (method === 'GET') {
    const rows = await s.rowsAsCaller(call, `select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]);
    if (rows.length === 0) throw bucketNotFound();
    return sendJson(call.res, 200, bucketJson(rows[0]));
  }
  if (method === 'PUT') return updateBucket(s, call, id);
  if (method === 'DELETE') return deleteBucket(s, call, id);
  throw routeNotFound();
}
