import { CacheMiss, RestError, columnNotFound } from './errors.js';
import { conditionSql, fieldSql, type ConditionTarget } from './filters.js';
import type { FieldRef, LevelParams, OrderTerm, SelectItem } from './query-params.js';
import { findRelationship, isToOne, type Relationship } from './relationships.js';
import type { Relation, RpcFunction, SchemaCache } from './schema-cache.js';
import { ident, qualified, type Sql } from './sql.js';
import type { PostgrestVersion } from './settings.js';

export interface PlanContext {
  cache: SchemaCache;
  sql: Sql;
  levels: Map<string, LevelParams>;
  usedLevels: Set<string>;
  /** The PostgREST version answered where 12 and 13 differ. */
  version?: PostgrestVersion;
}

/** One level of the embedding tree, written as SQL fragments around its table alias. */
export interface CompiledLevel {
  select: string[];
  joins: string[];
  where: string[];
  orderBy: string[];
  limit: number | null;
  offset: number | null;
  outputNames: string[];
  /** Plain fields to group by when the select list counts rows (`books(count)`, `count()`). */
  groupBy: string[] | null;
  /** The WHERE clause depends on the lateral joins (`!inner`, `embed=is.null`). */
  whereNeedsJoins: boolean;
}

interface EmbedJoin {
  key: string;
  joinAlias: string;
  toOne: boolean;
  outputNames: string[];
}

const EMPTY_LEVEL: LevelParams = { filters: [], order: null, limit: null, offset: null };

/**
 * Compiles the select list, embeds, filters and order of one level. `joinCondition` ties
 * an embedded level to its parent; `skipFilters` leaves the top level's filters to a mutation.
 */
export function compileLevel(
  pc: PlanContext,
  rel: Relation,
  alias: string,
  path: string,
  items: SelectItem[],
  joinCondition: string[] = [],
  skipFilters = false,
): CompiledLevel {
  const level = pc.levels.get(path) ?? EMPTY_LEVEL;
  pc.usedLevels.add(path);
  const out: CompiledLevel = {
    select: [],
    joins: [],
    where: [...joinCondition],
    orderBy: [],
    limit: level.limit,
    offset: level.offset,
    outputNames: [],
    groupBy: null,
    whereNeedsJoins: false,
  };
  const plain: string[] = [];
  const countRows = (alias: string | null) => {
    const name = alias ?? 'count';
    out.select.push(`count(*) AS ${ident(name)}`);
    out.outputNames.push(name);
    out.groupBy = plain;
  };
  const embeds = new Map<string, EmbedJoin>();
  const depth = path === '' ? 0 : path.split('.').length;
  // PostgREST aliases an embedded table `<name>_<depth>`; the database names it so in its errors.
  const label = depth === 0 ? rel.name : `${rel.name}_${depth}`;

  const columnOf = (f: FieldRef) => {
    const column = rel.columns.get(f.name);
    if (column) return { sql: fieldSql(pc.sql, alias, f), column };
    const fn = computedColumn(pc, rel, f.name);
    return fn ? { sql: fieldSql(pc.sql, alias, f, `${qualified(fn.schema, fn.name)}(${alias})`), column: null } : null;
  };

  for (const item of items) {
    if (item.kind === 'star') {
      for (const c of rel.columnList) {
        out.select.push(`${alias}.${ident(c.name)}`);
        out.outputNames.push(c.name);
      }
      continue;
    }
    if (item.kind === 'field') {
      const col = columnOf(item.field);
      if (!col && item.field.name === 'count' && item.field.json.length === 0 && !item.cast) {
        countRows(item.alias);
        continue;
      }
      if (!col) throw columnNotFound(label, item.field.name);
      if (item.aggregate) {
        const name = item.alias ?? item.aggregate;
        const value = `${item.aggregate}(${col.sql}${item.cast ? `::${item.cast}` : ''})${item.aggregateCast ? `::${item.aggregateCast}` : ''}`;
        out.select.push(`${value} AS ${ident(name)}`);
        out.outputNames.push(name);
        out.groupBy = plain;
        continue;
      }
      plain.push(`${col.sql}${item.cast ? `::${item.cast}` : ''}`);
      const name =
        item.alias ?? (item.field.json.length ? item.field.json[item.field.json.length - 1].key : item.field.name);
      out.select.push(`${col.sql}${item.cast ? `::${item.cast}` : ''} AS ${ident(name)}`);
      out.outputNames.push(name);
      continue;
    }
    if (item.name === 'count' && item.select.length === 0 && !item.spread && !pc.cache.relations.has('count')) {
      countRows(item.alias);
      continue;
    }
    const key = item.alias ?? item.name;
    if (embeds.has(key)) {
      // PostgREST names the lateral join `<table>_<embed>_<depth>`: the same embed twice collides in the database.
      throw new RestError(400, '42712', `table name "${rel.name}_${key}_${depth + 1}" specified more than once`);
    }
    const relationship = findRelationship(pc.cache, rel, item.name, item.hint, pc.version);
    const toOne = isToOne(relationship);
    if (item.spread && !toOne && pc.version === 12) {
      throw new RestError(
        400,
        'PGRST119',
        `A spread operation on '${item.name}' is not possible`,
        `'${rel.name}' and '${relationship.target.name}' do not form a many-to-one or one-to-one relationship`,
      );
    }
    const joinAlias = pc.sql.alias('j');
    const sub = embedSubquery(pc, relationship, alias, path ? `${path}.${key}` : key, item.select, toOne, item.spread);
    out.joins.push(`${item.inner ? 'INNER' : 'LEFT'} JOIN LATERAL (${sub.sql}) AS ${joinAlias} ON TRUE`);
    if (item.inner) out.whereNeedsJoins = true;
    if (item.inner && !toOne) out.where.push(`${joinAlias}.body IS NOT NULL`);
    embeds.set(key, { key, joinAlias, toOne, outputNames: sub.outputNames });
    if (item.select.length === 0) continue;
    if (item.spread) {
      for (const n of sub.outputNames) {
        out.select.push(`${joinAlias}.${ident(n)} AS ${ident(n)}`);
        out.outputNames.push(n);
        plain.push(`${joinAlias}.${ident(n)}`);
      }
    } else {
      out.select.push(
        toOne
          ? `row_to_json(${joinAlias}.*)::json AS ${ident(key)}`
          : `coalesce(${joinAlias}.body, '[]'::json) AS ${ident(key)}`,
      );
      out.outputNames.push(key);
    }
  }

  const target: ConditionTarget = {
    column: columnOf,
    embedPresent(name) {
      const e = embeds.get(name);
      if (!e) return null;
      out.whereNeedsJoins = true;
      return e.toOne ? `row_to_json(${e.joinAlias}.*) IS NOT NULL` : `${e.joinAlias}.body IS NOT NULL`;
    },
    notFound: (f) => columnNotFound(label, f.name),
  };
  if (!skipFilters) for (const f of level.filters) out.where.push(conditionSql(pc.sql, target, f));
  if (level.order) for (const term of level.order) out.orderBy.push(orderSql(term, columnOf, embeds, rel));
  return out;
}

/** A function taking the row of `rel` (and nothing else it requires) reads like a column of it. */
function computedColumn(pc: PlanContext, rel: Relation, name: string): RpcFunction | null {
  if (rel.kind === 'c') return null;
  const fns = pc.cache.functions.get(name) ?? [];
  return (
    fns.find((fn) => fn.rowArgRelation === rel.name && !fn.returnsSet && fn.args.slice(1).every((a) => a.hasDefault)) ??
    null
  );
}

function orderSql(
  term: OrderTerm,
  columnOf: (f: FieldRef) => { sql: string } | null,
  embeds: Map<string, EmbedJoin>,
  rel: Relation,
): string {
  let expr: string;
  if (term.embed) {
    const e = embeds.get(term.embed);
    if (!e || !e.toOne) {
      throw new RestError(
        400,
        'PGRST118',
        `A related order on '${term.embed}' is not possible`,
        `'${rel.name}' and '${term.embed}' do not form a many-to-one or one-to-one relationship`,
      );
    }
    if (!e.outputNames.includes(term.field.name) || term.field.json.length)
      throw columnNotFound(term.embed, term.field.name);
    expr = `${e.joinAlias}.${ident(term.field.name)}`;
  } else {
    const col = columnOf(term.field);
    if (!col) throw columnNotFound(rel.name, term.field.name);
    expr = col.sql;
  }
  return `${expr}${term.dir ? ` ${term.dir.toUpperCase()}` : ''}${term.nulls ? ` NULLS ${term.nulls.toUpperCase()}` : ''}`;
}

function embedSubquery(
  pc: PlanContext,
  r: Relationship,
  parentAlias: string,
  path: string,
  items: SelectItem[],
  toOne: boolean,
  spread = false,
): { sql: string; outputNames: string[] } {
  const alias = pc.sql.alias('t');
  const cond: string[] = [];
  let from = `${qualified(r.target.schema, r.target.name)} AS ${alias}`;
  if (r.kind === 'computed') {
    // The function called with the parent's row, as PostgREST does: `fn(parent)` in the lateral subquery.
    from = `${qualified(r.fn.schema, r.fn.name)}(${parentAlias}) AS ${alias}`;
  } else if (r.kind === 'many-to-one') {
    r.fk.columns.forEach((c, i) => cond.push(`${alias}.${ident(r.fk.fcolumns[i])} = ${parentAlias}.${ident(c)}`));
  } else if (r.kind === 'many-to-many') {
    const j = pc.sql.alias('t');
    const on = r.fk.columns.map((c, i) => `${j}.${ident(c)} = ${alias}.${ident(r.fk.fcolumns[i])}`).join(' AND ');
    from += ` INNER JOIN ${qualified(r.junction.schema, r.junction.name)} AS ${j} ON ${on}`;
    r.source.columns.forEach((c, i) => cond.push(`${j}.${ident(c)} = ${parentAlias}.${ident(r.source.fcolumns[i])}`));
  } else {
    r.fk.columns.forEach((c, i) => cond.push(`${alias}.${ident(c)} = ${parentAlias}.${ident(r.fk.fcolumns[i])}`));
  }
  const level = compileLevel(pc, r.target, alias, path, items, cond);
  const body = selectSql(level, from, !toOne);
  if (toOne) return { sql: body, outputNames: level.outputNames };
  if (spread) {
    // A spread to-many embed (PostgREST 13) gives each of its fields as an array over the related rows.
    const arrays = level.outputNames.map((n) => `coalesce(json_agg(_e.${ident(n)}), '[]')::json AS ${ident(n)}`);
    return { sql: `SELECT ${arrays.join(', ')} FROM (${body}) AS _e`, outputNames: level.outputNames };
  }
  return { sql: `SELECT json_agg(_e)::json AS body FROM (${body}) AS _e`, outputNames: level.outputNames };
}

/** `SELECT … FROM … WHERE … ORDER BY … LIMIT …` for a compiled level. */
export function selectSql(level: CompiledLevel, from: string, paging = true): string {
  let s = `SELECT ${level.select.join(', ')} FROM ${from}`;
  if (level.joins.length) s += ` ${level.joins.join(' ')}`;
  if (level.where.length) s += ` WHERE ${level.where.join(' AND ')}`;
  if (level.groupBy?.length) s += ` GROUP BY ${level.groupBy.join(', ')}`;
  if (paging) {
    if (level.orderBy.length) s += ` ORDER BY ${level.orderBy.join(', ')}`;
    if (level.limit !== null) s += ` LIMIT ${level.limit}`;
    if (level.offset) s += ` OFFSET ${level.offset}`;
  }
  return s;
}

/** The count of the rows a level's filters let through, ignoring paging. */
export function countSql(level: CompiledLevel, from: string): string {
  let s = `SELECT count(*) FROM ${from}`;
  if (level.whereNeedsJoins && level.joins.length) s += ` ${level.joins.join(' ')}`;
  if (level.where.length) s += ` WHERE ${level.where.join(' AND ')}`;
  return s;
}

/** Every filter/order/limit path of the request must name an embedded resource of the select. */
export function checkLevelsUsed(pc: PlanContext): void {
  for (const [path, level] of pc.levels) {
    if (pc.usedLevels.has(path)) continue;
    if (!level.filters.length && !level.order && level.limit === null && level.offset === null) continue;
    throw new RestError(
      400,
      'PGRST108',
      `'${path}' is not an embedded resource in this request`,
      null,
      `Verify that '${path}' is included in the 'select' query parameter.`,
    );
  }
}

/** `json_agg` of the page, stripped of nulls when the client asked for it. */
export function aggregateSql(
  stripNulls: boolean,
  scalarColumn: string | null = null,
  csvHeader: string[] | null = null,
): string {
  // CSV as PostgREST writes it: each row's record text without its parentheses (PostgreSQL's quoting).
  if (csvHeader) {
    const header = csvHeader
      .map((h) => (/[",\s()\\]/.test(h) || h === '' ? `"${h.replace(/"/g, '""')}"` : h))
      .join(',');
    return `CASE WHEN count(*) = 0 THEN E'\\n' ELSE ${sqlString(header)} || E'\\n' || string_agg(substring(_t::text, 2, length(_t::text) - 2), E'\\n') END`;
  }
  if (scalarColumn) return `coalesce(json_agg(_t.${ident(scalarColumn)}), '[]')::text`;
  return stripNulls
    ? `coalesce(json_agg(json_strip_nulls(row_to_json(_t))), '[]')::text`
    : `coalesce(json_agg(_t), '[]')::text`;
}

export { CacheMiss };

function sqlString(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}
