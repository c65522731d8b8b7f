import { MAX_JSON_NESTING, nestsDeeperThan } from '../json-depth.js';
import { RestError, bodyColumnNotFound, columnNotFound, invalidBody } from './errors.js';
import { conditionSql, fieldSql, type ConditionTarget } from './filters.js';
import type { LevelParams } from './query-params.js';
import type { Relation } from './schema-cache.js';
import { ident, qualified, type Sql } from './sql.js';

export interface ParsedBody {
  /** The body as JSON text of an array, never re-serialised (numbers keep their precision). */
  arrayText: string;
  rows: Record<string, unknown>[];
  isArray: boolean;
}

/** A request body's JSON (a write's rows, an RPC's arguments), refused as PostgREST does when too deep or invalid. */
export function parseJsonValue(raw: string): unknown {
  if (nestsDeeperThan(raw))
    throw invalidBody('Empty or invalid json', `JSON nested deeper than ${MAX_JSON_NESTING} levels`);
  try {
    return JSON.parse(raw);
  } catch (e) {
    throw invalidBody('Empty or invalid json', (e as Error).message);
  }
}

export function parseJsonBody(raw: string): ParsedBody {
  const value = parseJsonValue(raw);
  const isArray = Array.isArray(value);
  const rows = isArray ? (value as unknown[]) : [value];
  for (const r of rows) {
    if (r === null || typeof r !== 'object' || Array.isArray(r))
      throw invalidBody('Empty or invalid json', 'Expected a JSON object or an array of objects');
  }
  return { arrayText: isArray ? raw : `[${raw}]`, rows: rows as Record<string, unknown>[], isArray };
}

function checkColumns(rel: Relation, names: string[]): void {
  for (const n of names) if (!rel.columns.has(n)) throw bodyColumnNotFound(rel.name, n);
}

function recordDefinition(rel: Relation, columns: string[]): string {
  return columns.map((c) => `${ident(c)} ${rel.columns.get(c)!.type}`).join(', ');
}

/** The columns an insert writes: `columns=`, or the keys of the body (the same in every row unless missing=default). */
function insertColumns(body: ParsedBody, columns: string[] | null, missingDefault: boolean): string[] {
  if (columns) return columns;
  const keys = Object.keys(body.rows[0] ?? {});
  if (missingDefault) {
    for (const r of body.rows) for (const k of Object.keys(r)) if (!keys.includes(k)) keys.push(k);
    return keys;
  }
  for (const r of body.rows) {
    const k = Object.keys(r);
    if (k.length !== keys.length || !k.every((x) => keys.includes(x))) throw invalidBody('All object keys must match');
  }
  return keys;
}

export interface InsertOptions {
  columns: string[] | null;
  onConflict: string[] | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missingDefault: boolean;
  returning: boolean;
}

/**
 * One INSERT … SELECT over the body's rows. Under missing=default a key a row lacks takes the
 * column default, evaluated for every row as PostgREST does (sequences advance for each row).
 * Upserts also return whether each row was inserted, so an update-only upsert can answer 200.
 */
export function insertStatement(
  sql: Sql,
  rel: Relation,
  alias: string,
  body: ParsedBody,
  o: InsertOptions,
): string | null {
  if (o.columns) checkColumns(rel, o.columns);
  if (o.onConflict) for (const c of o.onConflict) if (!rel.columns.has(c)) throw columnNotFound(rel.name, c);
  if (body.rows.length === 0) return null;
  const columns = insertColumns(body, o.columns, o.missingDefault);
  checkColumns(rel, columns);
  const bodyParam = sql.bind(body.arrayText);
  const defaults = o.missingDefault ? columns.filter((c) => rel.columns.get(c)!.defaultExpr !== null) : [];
  let source = `FROM json_array_elements(${bodyParam}::json) WITH ORDINALITY AS _x(e, i)`;
  if (columns.length) source += ` CROSS JOIN LATERAL json_to_record(_x.e) AS _(${recordDefinition(rel, columns)})`;
  if (defaults.length) {
    const exprs = defaults.map(
      (c) => `(${rel.columns.get(c)!.defaultExpr})::${rel.columns.get(c)!.type} AS ${ident(c)}`,
    );
    source += ` CROSS JOIN LATERAL (SELECT ${exprs.join(', ')} WHERE _x.i > 0 OFFSET 0) AS _d`;
  }
  const values = columns.map((c) =>
    defaults.includes(c)
      ? `CASE WHEN (_x.e::jsonb) ? ${sql.bind(c)} THEN _.${ident(c)} ELSE _d.${ident(c)} END`
      : `_.${ident(c)}`,
  );
  const target = `${qualified(rel.schema, rel.name)} AS ${alias}${columns.length ? ` (${columns.map(ident).join(', ')})` : ''}`;
  let s = `INSERT INTO ${target} SELECT ${values.join(', ')} ${source} ORDER BY _x.i`;
  if (o.resolution) {
    const conflict = o.onConflict ?? rel.pk;
    const on = conflict.length ? ` (${conflict.map(ident).join(', ')})` : '';
    const set = columns.map((c) => `${ident(c)} = EXCLUDED.${ident(c)}`);
    s +=
      o.resolution === 'ignore-duplicates' || set.length === 0
        ? ` ON CONFLICT${on} DO NOTHING`
        : ` ON CONFLICT${on} DO UPDATE SET ${set.join(', ')}`;
  }
  // Views have no xmax: only an upsert (on a table) reports which rows it inserted.
  if (o.resolution) s += ` RETURNING ${o.returning ? `${alias}.*, ` : ''}(${alias}.xmax::text = '0') AS pgrst_inserted`;
  else if (o.returning) s += ` RETURNING ${alias}.*`;
  return s;
}

function filterTarget(sql: Sql, rel: Relation, alias: string): ConditionTarget {
  return {
    column: (f) => {
      const column = rel.columns.get(f.name);
      return column ? { sql: fieldSql(sql, alias, f), column } : null;
    },
    embedPresent: () => null,
    notFound: (f) => columnNotFound(rel.name, f.name),
  };
}

export function whereSql(sql: Sql, rel: Relation, alias: string, level: LevelParams | undefined): string {
  if (!level || level.filters.length === 0) return '';
  const target = filterTarget(sql, rel, alias);
  return ` WHERE ${level.filters.map((f) => conditionSql(sql, target, f)).join(' AND ')}`;
}

export function updateStatement(
  sql: Sql,
  rel: Relation,
  alias: string,
  body: ParsedBody,
  columns: string[] | null,
  level: LevelParams | undefined,
  returning: boolean,
): string | null {
  if (body.isArray) throw invalidBody('Empty or invalid json', 'PATCH takes one JSON object');
  const keys = Object.keys(body.rows[0]);
  const cols = columns ? keys.filter((k) => columns.includes(k)) : keys;
  if (columns) checkColumns(rel, columns);
  checkColumns(rel, cols);
  if (cols.length === 0) return null;
  const set = cols.map((c) => `${ident(c)} = _.${ident(c)}`).join(', ');
  const record = `json_to_record(${sql.bind(body.arrayText.slice(1, -1))}::json) AS _(${recordDefinition(rel, cols)})`;
  const where = whereSql(sql, rel, alias, level);
  return `UPDATE ${qualified(rel.schema, rel.name)} AS ${alias} SET ${set} FROM ${record}${where}${returning ? ` RETURNING ${alias}.*` : ''}`;
}

export function deleteStatement(
  sql: Sql,
  rel: Relation,
  alias: string,
  level: LevelParams | undefined,
  returning: boolean,
): string {
  return `DELETE FROM ${qualified(rel.schema, rel.name)} AS ${alias}${whereSql(sql, rel, alias, level)}${returning ? ` RETURNING ${alias}.*` : ''}`;
}

const WRITE_BITS: Record<string, [number, string]> = {
  POST: [8, 'insert into'],
  PATCH: [4, 'update'],
  DELETE: [16, 'delete from'],
};

/** Views that PostgreSQL cannot write through answer 405 instead of failing in the database. */
export function assertWritable(rel: Relation, method: string): void {
  const [bit, verb] = WRITE_BITS[method] ?? [0, ''];
  if (bit && (rel.updatable & bit) === 0) {
    throw new RestError(
      405,
      'PGRST117',
      `Cannot ${verb} '${rel.name}'`,
      `'${rel.schema}.${rel.name}' does not allow ${method}`,
    );
  }
}
