import type { Queryable } from '../db/index.js';
import { RestError, checkMaxAffected, tableNotFound } from './errors.js';
import type { Accepted, Paging, Preferences } from './preferences.js';
import { paging } from './preferences.js';
import { parseQuery, type QueryParams } from './query-params.js';
import { aggregateSql, checkLevelsUsed, compileLevel, countSql, selectSql, type PlanContext } from './read-plan.js';
import { contentRange, shapeBody, type Outcome } from './respond.js';
import { callSql, resolveFunction, rpcShape } from './rpc-plan.js';
import { resolveFunction14 } from './rpc-resolve.js';
import type { Relation, SchemaCache } from './schema-cache.js';
import { Sql, ident, qualified } from './sql.js';
import {
  assertWritable,
  deleteStatement,
  insertStatement,
  parseJsonBody,
  parseJsonValue,
  updateStatement,
} from './write-plan.js';
import type { IncomingHttpHeaders } from 'node:http';
import type { PostgrestVersion } from './settings.js';

export interface RequestInfo {
  method: string;
  headers: IncomingHttpHeaders;
  search: URLSearchParams;
  prefs: Preferences;
  media: Accepted;
  body: string | null;
  /** explain() is answered (PGRST_DB_PLAN_ENABLED). */
  planEnabled?: boolean;
  /** The PostgREST version answered where 12 and 13 differ (default 13). */
  version?: PostgrestVersion;
  /** db-max-rows: the most rows a read answers at its top level (null: no limit). */
  maxRows?: number | null;
}

/** A planned request: everything decided before the transaction opens. */
export interface Operation {
  readOnly: boolean;
  /** The main statement, for measuring it apart from HTTP. */
  statement?: { text: string; params: unknown[] };
  /** The text of the statement after which run() sends nothing more (PGlite commits with it: commitAfter). */
  finalSql?: string;
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
  const pc: PlanContext = { cache, sql, levels: q.levels, usedLevels: new Set(), version: info.version ?? 14 };
  const level = compileLevel(pc, rel, alias, '', q.select);
  checkLevelsUsed(pc);
  const top = q.levels.get('')!;
  const page: Paging = paging(info.headers, top.offset, top.limit);
  const maxRows = info.maxRows ?? null;
  // db-max-rows caps the page whatever limit or range the client asked for, as PostgREST does.
  if (maxRows !== null && (page.limit === null || page.limit > maxRows)) page.limit = maxRows;
  level.limit = page.limit;
  level.offset = page.offset;
  const count = info.prefs.count;
  // An estimated count is the exact one up to db-max-rows; beyond it (or without db-max-rows), the larger
  // of the exact count and the planner's estimate, as PostgREST computes it.
  const total = count === 'exact' || count === 'estimated' ? `(${countSql(level, from)})` : 'null::int8';
  const text = `${withSql}SELECT ${total} AS total, count(*)::int AS n, ${aggregateSql(info.media.stripNulls, shape.scalarColumn, info.media.type === 'csv' ? level.outputNames : null)} AS body FROM (${selectSql(level, from)}) _t`;
  const planned =
    count === 'planned' || count === 'estimated'
      ? `EXPLAIN (FORMAT JSON) ${withSql}${selectSql({ ...level, limit: null, offset: null }, from)}`
      : null;
  const params = sql.params;

  const run = async (tx: Queryable): Promise<Outcome> => {
    if (info.media.plan) return explainPlan(tx, info, text, params);
    const r = (await tx.query<PageResult>(text, params)).rows[0];
    if (withSql) checkMaxAffected(info.prefs, r.n);
    let totalRows = r.total === null ? null : Number(r.total);
    if (planned && !(count === 'estimated' && maxRows !== null && totalRows !== null && totalRows <= maxRows)) {
      const plan = (await tx.query<Record<string, unknown>>(planned, params)).rows[0];
      const json = Object.values(plan)[0];
      const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: { 'Plan Rows': number } }[];
      totalRows = Math.max(totalRows ?? 0, parsed[0].Plan['Plan Rows']);
    }
    if (totalRows !== null && page.offset > totalRows && !shape.single) {
      throw new RestError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${page.offset} was requested, but there are only ${totalRows} rows.`,
      );
    }
    const headers: Record<string, string> = {
      'Content-Range': contentRange(page.offset, r.n, totalRows),
      ...preferenceApplied(info.prefs, ['count']),
    };
    if (shape.single) return { status: 200, body: r.n === 0 ? 'null' : r.body.slice(1, -1), headers };
    const shaped = shapeBody(r.body, r.n, info.media, info.version);
    const status = totalRows !== null && r.n < totalRows && info.media.type !== 'object' ? 206 : 200;
    return { status, headers, ...shaped };
  };
  return { statement: { text, params }, run };
}

/** explain(): the plan of the statement instead of its rows, when PGRST_DB_PLAN_ENABLED allows it. */
async function explainPlan(tx: Queryable, info: RequestInfo, text: string, params: unknown[]): Promise<Outcome> {
  const plan = info.media.plan!;
  const options = [`FORMAT ${plan.format.toUpperCase()}`, ...plan.options.map((o) => o.toUpperCase())];
  const rows = (await tx.query<Record<string, unknown>>(`EXPLAIN (${options.join(', ')}) ${text}`, params)).rows;
  const values = rows.map((r) => Object.values(r)[0]);
  const body =
    plan.format === 'json'
      ? typeof values[0] === 'string'
        ? values[0]
        : JSON.stringify(values[0])
      : values.join('\n');
  return {
    status: 200,
    body,
    headers: {},
    contentType: `application/vnd.pgrst.plan+${plan.format}; for="${plan.for}"; charset=utf-8`,
  };
}

export function planTable(cache: SchemaCache, name: string, info: RequestInfo): Operation {
  const rel = cache.relations.get(name);
  if (!rel || rel.kind === 'c') throw tableNotFound(cache.schema, name, info.version);
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
  let statement: string | null;
  if (info.method === 'POST') {
    statement = insertStatement(sql, rel, alias, body!, {
      columns: q.columns,
      onConflict: q.onConflict,
      resolution: prefs.resolution,
      missingDefault: prefs.missing === 'default',
      returning: representation,
    });
  } else if (info.method === 'PATCH') {
    statement = updateStatement(sql, rel, alias, body!, q.columns, q.levels.get(''), representation);
  } else if (info.method === 'DELETE') {
    statement = deleteStatement(sql, rel, alias, q.levels.get(''), representation);
  } else {
    throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${info.method}`);
  }
  const created = info.method === 'POST';
  const upsert = created && prefs.resolution !== null;
  const applied = preferenceApplied(prefs, ['return', 'count', 'resolution', 'missing', 'tx']);
  /** An upsert that only updated rows answers 200, as PostgREST does. */
  const status = (n: number, inserted: number) =>
    created ? (upsert && prefs.resolution === 'merge-duplicates' && n > 0 && inserted === 0 ? 200 : 201) : null;

  if (!representation) {
    const text =
      upsert && statement
        ? `WITH pgrst_source AS (${statement}) SELECT count(*)::int AS n, count(*) FILTER (WHERE pgrst_inserted)::int AS inserted FROM pgrst_source`
        : statement;
    const params = sql.params;
    return {
      readOnly: false,
      async run(tx) {
        if (info.media.plan && text) return explainPlan(tx, info, text, params);
        let affected = 0;
        let inserted = 0;
        if (text && upsert) {
          const r = (await tx.query<{ n: number; inserted: number }>(text, params)).rows[0];
          affected = r.n;
          inserted = r.inserted;
        } else if (text) affected = (await tx.query(text, params)).rowCount;
        if (!created) checkMaxAffected(prefs, affected);
        const total = prefs.count ? affected : null;
        const range = created ? `*/${total ?? '*'}` : contentRange(0, affected, total);
        return {
          status: status(affected, inserted) ?? 204,
          body: null,
          headers: { 'Content-Range': range, ...applied },
        };
      },
    };
  }

  const pc: PlanContext = { cache, sql, levels: q.levels, usedLevels: new Set(), version: info.version ?? 14 };
  const level = compileLevel(pc, rel, alias, '', q.select, [], true);
  checkLevelsUsed(pc);
  // Numbered so the representation keeps the order the rows were written in.
  level.orderBy = [`${alias}.pgrst_n`];
  const numbered = `(SELECT pgrst_source.*, row_number() OVER () AS pgrst_n FROM pgrst_source) AS ${alias}`;
  const insertedSql = upsert ? `(SELECT count(*) FROM pgrst_source WHERE pgrst_inserted)::int` : '0';
  const text = `WITH pgrst_source AS (${statement}) SELECT count(*)::int AS n, ${insertedSql} AS inserted, ${aggregateSql(media.stripNulls, null, media.type === 'csv' ? level.outputNames : null)} AS body FROM (${selectSql(level, numbered)}) _t`;
  const params = sql.params;
  return {
    readOnly: false,
    statement: { text, params },
    async run(tx) {
      if (info.media.plan && statement) return explainPlan(tx, info, text, params);
      const r = statement
        ? (await tx.query<{ n: number; inserted: number; body: string }>(text, params)).rows[0]
        : { n: 0, inserted: 0, body: '[]' };
      if (!created) checkMaxAffected(prefs, r.n);
      const shaped = shapeBody(r.body, r.n, media, info.version);
      const range = created ? `*/${prefs.count ? r.n : '*'}` : contentRange(0, r.n, prefs.count ? r.n : null);
      return { status: status(r.n, r.inserted) ?? 200, headers: { 'Content-Range': range, ...applied }, ...shaped };
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
    const value = parseJsonValue(raw);
    argsJson = raw;
    keys = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
    if (!singleObject && (value === null || typeof value !== 'object' || Array.isArray(value))) {
      const fn = resolveFunction(cache, name, [], true);
      return rpcOperation(cache, fn, argsJson, [], true, info, q);
    }
  } else {
    throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${info.method}`);
  }
  const fn =
    (info.version ?? 14) >= 14 && !singleObject
      ? resolveFunction14(cache, name, keys, info.method === 'POST')
      : resolveFunction(cache, name, keys, singleObject);
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
      ...(info.media.plan ? {} : { finalSql: text }),
      async run(tx) {
        if (info.media.plan) return explainPlan(tx, info, text, params);
        const r = await tx.query<{ body: string | null }>(text, params);
        if (shape.kind === 'void') return { status: 204, body: null, headers: {} } as Outcome;
        return {
          status: 200,
          body: r.rows[0]?.body ?? 'null',
          headers: { 'Content-Range': `0-0/${info.prefs.count ? 1 : '*'}` },
        };
      },
    };
  }
  const alias = sql.alias('t');
  // Called once in a CTE: the page and its count read the same rows, and side effects happen once.
  const withSql = `WITH pgrst_call AS MATERIALIZED (SELECT * FROM ${call} AS _f${shape.scalarColumn ? `(${ident(shape.scalarColumn)})` : ''}) `;
  return {
    readOnly,
    ...planRows(cache, sql, shape.relation, alias, `pgrst_call AS ${alias}`, q, info, shape, withSql),
  };
}
