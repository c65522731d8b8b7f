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

export function parseJsonBody(raw: string): ParsedBody {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (e) {
    throw invalidBody('Empty or invalid json', (e as Error).message);
  }
  const isArray = Array.isArray(value);
  const rows = isArray ? (value as unknown[]) : [value];
  for (const r of rows) {
    if (r === null || typeof r !== 'object' || Array.isArray(r)) throw invalidBody('Empty or invalid json', 'Expected a JSON object or an array of objects');
  }
  return { arrayText: isArray ? raw : `[${raw}]`, rows: rows as Record<string, unknown>[], isArray };
}

function checkColumns(rel: Relation, names: string[]): void {
  for (const n of names) if (!rel.columns.has(n)) throw bodyColumnNotFound(rel.name, n);
}

function recordDefinition(rel: Relation, columns: string[]): string {
  return columns.map((c) => `${ident(c)} ${rel.columns.get(c)!.type}`).join(', ');
}

/** Consecutive rows that insert the same columns (Prefer: missing=default leaves the others to their defaults). */
function insertGroups(body: ParsedBody, columns: string[] | null, missingDefault: boolean): { columns: string[]; first: number; last: number }[] {
  if (!missingDefault) {
    let cols = columns;
    if (!cols) {
      const keys = Object.keys(body.rows[0] ?? {});
      for (const r of body.rows) {
        const k = Object.keys(r);
        if (k.length !== keys.length || !k.every((x) => keys.includes(x))) throw invalidBody('All object keys must match');
      }
      cols = keys;
    }
    return [{ columns: cols, first: 1, last: body.rows.length }];
  }
  const groups: { columns: string[]; first: number; last: number; sig: string }[] = [];
  body.rows.forEach((r, i) => {
    const present = Object.keys(r).filter((k) => !columns || columns.includes(k));
    const sig = present.join('\u0000');
    const g = groups[groups.length - 1];
    if (g && g.sig === sig) g.last = i + 1;
    else groups.push({ columns: present, first: i + 1, last: i + 1, sig });
  });
  return groups;
}

export interface InsertOptions {
  columns: string[] | null;
  onConflict: string[] | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missingDefault: boolean;
  returning: boolean;
}

/** One INSERT statement per group of rows; each returns its rows when `returning`. */
export function insertStatements(sql: Sql, rel: Relation, alias: string, body: ParsedBody, o: InsertOptions): string[] {
  if (o.columns) checkColumns(rel, o.columns);
  if (o.onConflict) for (const c of o.onConflict) if (!rel.columns.has(c)) throw columnNotFound(rel.name, c);
  if (body.rows.length === 0) return [];
  const groups = insertGroups(body, o.columns, o.missingDefault);
  const bodyParam = sql.bind(body.arrayText);
  return groups.map((g) => {
    checkColumns(rel, g.columns);
    const cols = g.columns.map(ident).join(', ');
    const source =
      `FROM json_array_elements(${bodyParam}::json) WITH ORDINALITY AS _x(e, i)` +
      (g.columns.length ? ` CROSS JOIN LATERAL json_to_record(_x.e) AS _(${recordDefinition(rel, g.columns)})` : '') +
      (groups.length > 1 ? ` WHERE _x.i BETWEEN ${g.first} AND ${g.last}` : '');
    let s = `INSERT INTO ${qualified(rel.schema, rel.name)} AS ${alias}${g.columns.length ? ` (${cols})` : ''} SELECT ${g.columns.map((c) => `_.${ident(c)}`).join(', ')} ${source}`;
    if (o.resolution) {
      const target = o.onConflict ?? rel.pk;
      const on = target.length ? ` (${target.map(ident).join(', ')})` : '';
      const set = g.columns.filter((c) => !target.includes(c)).map((c) => `${ident(c)} = EXCLUDED.${ident(c)}`);
      s += o.resolution === 'ignore-duplicates' || set.length === 0 ? ` ON CONFLICT${on} DO NOTHING` : ` ON CONFLICT${on} DO UPDATE SET ${set.join(', ')}`;
    }
    if (o.returning) s += ` RETURNING ${alias}.*`;
    return s;
  });
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

export function deleteStatement(sql: Sql, rel: Relation, alias: string, level: LevelParams | undefined, returning: boolean): string {
  return `DELETE FROM ${qualified(rel.schema, rel.name)} AS ${alias}${whereSql(sql, rel, alias, level)}${returning ? ` RETURNING ${alias}.*` : ''}`;
}

const WRITE_BITS: Record<string, [number, string]> = { POST: [8, 'insert into'], PATCH: [4, 'update'], DELETE: [16, 'delete from'] };

/** Views that PostgreSQL cannot write through answer 405 instead of failing in the database. */
export function assertWritable(rel: Relation, method: string): void {
  const [bit, verb] = WRITE_BITS[method] ?? [0, ''];
  if (bit && (rel.updatable & bit) === 0) {
    throw new RestError(405, 'PGRST117', `Cannot ${verb} '${rel.name}'`, `'${rel.schema}.${rel.name}' does not allow ${method}`);
  }
}
