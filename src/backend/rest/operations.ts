import type { Queryable } from '../db/index.js';
import { RestError, invalidBody, tableNotFound } from './errors.js';
import type { Accepted, Paging, Preferences } from './preferences.js';
import { paging } from './preferences.js';
import { parseQuery, type QueryParams } from './query-params.js';
import { aggregateSql, checkLevelsUsed, compileLevel, countSql, selectSql, type PlanContext } from './read-plan.js';
import { contentRange, shapeBody, type Outcome } from './respond.js';
import { callSql, resolveFunction, rpcShape } from './rpc-plan.js';
import type { Relation, SchemaCache } from './schema-cache.js';
import { Sql, ident, qualified } from './sql.js';
import { assertWritable, deleteStatement, insertStatements, parseJsonBody, updateStatement } from './write-plan.js';
import type { IncomingHttpHeaders } from 'node:http';

export interface RequestInfo {
  method: string;
  headers: IncomingHttpHeaders;
  search: URLSearchParams;
  prefs: Preferences;
  media: Accepted;
  body: string | null;
}

/** A planned request: everything decided before the transaction opens. */
export interface Operation {
  readOnly: boolean;
  /** The main statement, for measuring it apart from HTTP. */
  statement?: { text: string; params: unknown[] };
  run(tx: Queryable): Promise<Outcome>;
}

function preferenceApplied(prefs: Preferences, keys: (keyof Preferences)[]): Record<string, string> {
  const applied = keys.filter((k) => prefs[k]).map((k) => `${k}=${prefs[k]}`);
  return applied.length ? { 'Preference-Applied': applied.join(', ') } : {};
}

interface PageResult {
  total: string | null;
  n: number;
  body: string;
}

/** Reads a page of rows from `from` (a table or a function call) as PostgREST does. */
function planRows(
  cache: SchemaCache,
  sql: Sql,
  rel: Relation,
  alias: string,
  from: string,
  q: QueryParams,
  info: RequestInfo,
  shape: { single: boolean; scalarColumn: string | null } = { single: false, scalarColumn: null },
  withSql = '',
): { statement: { text: string; params: unknown[] }; run: (tx: Queryable) => Promise<Outcome> } {
  const pc: PlanContext = { cache, sql, levels: q.levels, usedLevels: new Set() };
  const level = compileLevel(pc, rel, alias, '', q.select);
  checkLevelsUsed(pc);
  const top = q.levels.get('')!;
  const page: Paging = paging(info.headers, top.offset, top.limit);
  level.limit = page.limit;
  level.offset = page.offset;
  const count = info.prefs.count;
  const exact = count === 'exact' || count === 'estimated';
  const total = exact ? `(${countSql(level, from)})` : 'null::int8';
  const text = `${withSql}SELECT ${total} AS total, count(*)::int AS n, ${aggregateSql(info.media.stripNulls, shape.scalarColumn)} AS body FROM (${selectSql(level, from)}) _t`;
  const planned = count === 'planned' ? `EXPLAIN (FORMAT JSON) ${withSql}${selectSql({ ...level, limit: null, offset: null }, from)}` : null;
  const params = sql.params;

  const run = async (tx: Queryable): Promise<Outcome> => {
    const r = (await tx.query<PageResult>(text, params)).rows[0];
    let totalRows = r.total === null ? null : Number(r.total);
    if (planned) {
      const plan = (await tx.query<Record<string, unknown>>(planned, params)).rows[0];
      const json = Object.values(plan)[0];
      const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: { 'Plan Rows': number } }[];
      totalRows = parsed[0].Plan['Plan Rows'];
    }
    if (totalRows !== null && page.offset > totalRows && !shape.single) {
      throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${page.offset} was requested, but there are only ${totalRows} rows.`);
    }
    const headers: Record<string, string> = { 'Content-Range': contentRange(page.offset, r.n, totalRows), ...preferenceApplied(info.prefs, ['count']) };
    if (shape.single) return { status: 200, body: r.n === 0 ? 'null' : r.body.slice(1, -1), headers };
    const shaped = shapeBody(r.body, r.n, info.media);
    const status = totalRows !== null && r.n < totalRows && info.media.type !== 'object' ? 206 : 200;
    return { status, headers, ...shaped };
  };
  return { statement: { text, params }, run };
}

export function planTable(cache: SchemaCache, name: string, info: RequestInfo): Operation {
  const rel = cache.relations.get(name);
  if (!rel || rel.kind === 'c') throw tableNotFound(cache.schema, name);
  const q = parseQuery(info.search);
  const sql = new Sql();
  const alias = sql.alias('t');
  const from = `${qualified(rel.schema, rel.name)} AS ${alias}`;
  if (info.method === 'GET' || info.method === 'HEAD') {
    return { readOnly: true, ...planRows(cache, sql, rel, alias, from, q, info) };
  }
  assertWritable(rel, info.method);
  const { prefs, media } = info;
  const representation = prefs.return === 'representation';
  const body = info.method === 'DELETE' ? null : parseJsonBody(info.body ?? '');
  let statements: string[];
  if (info.method === 'POST') {
    statements = insertStatements(sql, rel, alias, body!, {
      columns: q.columns,
      onConflict: q.onConflict,
      resolution: prefs.resolution,
      missingDefault: prefs.missing === 'default',
      returning: representation,
    });
  } else if (info.method === 'PATCH') {
    const s = updateStatement(sql, rel, alias, body!, q.columns, q.levels.get(''), representation);
    statements = s ? [s] : [];
  } else if (info.method === 'DELETE') {
    statements = [deleteStatement(sql, rel, alias, q.levels.get(''), representation)];
  } else {
    throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${info.method}`);
  }
  const created = info.method === 'POST';
  const applied = preferenceApplied(prefs, ['return', 'count', 'resolution', 'missing', 'tx']);

  if (!representation) {
    const text = statements.length > 1 ? `WITH ${statements.map((s, i) => `_i${i} AS (${s})`).join(', ')} SELECT 1` : statements[0];
    const params = sql.params;
    return {
      readOnly: false,
      async run(tx) {
        let affected = 0;
        if (statements.length === 1) affected = (await tx.query(text, params)).rowCount;
        else if (statements.length > 1) {
          await tx.query(text, params);
          affected = body!.rows.length;
        }
        const total = prefs.count ? affected : null;
        const range = created ? `*/${total ?? '*'}` : contentRange(0, affected, total);
        return { status: created ? 201 : 204, body: null, headers: { 'Content-Range': range, ...applied } };
      },
    };
  }

  const pc: PlanContext = { cache, sql, levels: q.levels, usedLevels: new Set() };
  const level = compileLevel(pc, rel, alias, '', q.select, [], true);
  checkLevelsUsed(pc);
  const source =
    statements.length <= 1
      ? `WITH pgrst_source AS (${statements[0]})`
      : `WITH ${statements.map((s, i) => `_i${i} AS (${s})`).join(', ')}, pgrst_source AS (${statements.map((_, i) => `SELECT * FROM _i${i}`).join(' UNION ALL ')})`;
  // Numbered so the representation keeps the order the rows were written in.
  level.orderBy = [`${alias}.pgrst_n`];
  const numbered = `(SELECT pgrst_source.*, row_number() OVER () AS pgrst_n FROM pgrst_source) AS ${alias}`;
  const text = `${source} SELECT count(*)::int AS n, ${aggregateSql(media.stripNulls)} AS body FROM (${selectSql(level, numbered)}) _t`;
  const params = sql.params;
  return {
    readOnly: false,
    statement: { text, params },
    async run(tx) {
      const r = statements.length ? (await tx.query<{ n: number; body: string }>(text, params)).rows[0] : { n: 0, body: '[]' };
      const shaped = shapeBody(r.body, r.n, media);
      const range = created ? `*/${prefs.count ? r.n : '*'}` : contentRange(0, r.n, prefs.count ? r.n : null);
      return { status: created ? 201 : 200, headers: { 'Content-Range': range, ...applied }, ...shaped };
    },
  };
}

export function planRpc(cache: SchemaCache, name: string, info: RequestInfo): Operation {
  const candidates = cache.functions.get(name) ?? [];
  const isGet = info.method === 'GET' || info.method === 'HEAD';
  const argNames = new Set(candidates.flatMap((f) => f.args.map((a) => a.name)));
  const q = parseQuery(info.search, isGet ? (k) => argNames.has(k) : undefined);
  const singleObject = info.prefs.params === 'single-object';
  let argsJson: string;
  let keys: string[];
  if (isGet) {
    argsJson = JSON.stringify(Object.fromEntries(q.rest));
    keys = q.rest.map(([k]) => k);
  } else if (info.method === 'POST') {
    const raw = info.body && info.body.trim() !== '' ? info.body : '{}';
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (e) {
      throw invalidBody('Empty or invalid json', (e as Error).message);
    }
    argsJson = raw;
    keys = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
    if (!singleObject && (value === null || typeof value !== 'object' || Array.isArray(value))) {
      const fn = resolveFunction(cache, name, [], true);
      return rpcOperation(cache, fn, argsJson, [], true, info, q);
    }
  } else {
    throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${info.method}`);
  }
  const fn = resolveFunction(cache, name, keys, singleObject);
  return rpcOperation(cache, fn, argsJson, keys, singleObject, info, q);
}

function rpcOperation(
  cache: SchemaCache,
  fn: ReturnType<typeof resolveFunction>,
  argsJson: string,
  keys: string[],
  wholeBody: boolean,
  info: RequestInfo,
  q: QueryParams,
): Operation {
  const readOnly = info.method === 'GET' || info.method === 'HEAD' || fn.volatility !== 'v';
  const sql = new Sql();
  const call = callSql(sql, fn, argsJson, keys, wholeBody);
  const shape = rpcShape(cache, fn);
  if (shape.kind === 'void' || shape.kind === 'scalar') {
    const text = shape.kind === 'void' ? `SELECT ${call}` : `SELECT to_json(${call})::text AS body`;
    const params = sql.params;
    return {
      readOnly,
      async run(tx) {
        const r = await tx.query<{ body: string | null }>(text, params);
        if (shape.kind === 'void') return { status: 204, body: null, headers: {} };
        return { status: 200, body: r.rows[0]?.body ?? 'null', headers: {} };
      },
    };
  }
  const alias = sql.alias('t');
  // Called once in a CTE: the page and its count read the same rows, and side effects happen once.
  const withSql = `WITH pgrst_call AS MATERIALIZED (SELECT * FROM ${call} AS _f${shape.scalarColumn ? `(${ident(shape.scalarColumn)})` : ''}) `;
  return { readOnly, ...planRows(cache, sql, shape.relation, alias, `pgrst_call AS ${alias}`, q, info, shape, withSql) };
}
