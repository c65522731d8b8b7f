import { parseError } from './errors.js';
import { splitTopLevel, type FieldRef, type Filter, type LogicTree } from './query-params.js';
import { arrayLiteral, ident, type Sql } from './sql.js';
import type { Column } from './schema-cache.js';

const COMPARE: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};

const IS: Record<string, string> = {
  null: 'IS NULL',
  not_null: 'IS NOT NULL',
  true: 'IS TRUE',
  false: 'IS FALSE',
  unknown: 'IS UNKNOWN',
};

const TS_QUERY: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

/** `alias."col"->'a'->>'b'` with the keys bound; `base` replaces `alias."col"` (computed columns). */
export function fieldSql(sql: Sql, alias: string, field: FieldRef, base = `${alias}.${ident(field.name)}`): string {
  let out = base;
  for (const step of field.json) {
    out += /^-?\d+$/.test(step.key)
      ? `${step.arrow}${sql.bind(Number(step.key))}::int`
      : `${step.arrow}${sql.bind(step.key)}::text`;
  }
  return out;
}

export function inList(value: string): string[] {
  const inner = value.slice(1, -1);
  if (inner.trim() === '') return [];
  return splitTopLevel(inner, 'in list').map((v) => {
    const t = v.trim();
    return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).replace(/\\(.)/g, '$1') : t;
  });
}

const likePattern = (v: string) => v.replace(/\*/g, '%');

export interface ConditionTarget {
  /** SQL for a field of this level, or null when it names no column. */
  column(field: FieldRef): { sql: string; column: Column | null } | null;
  /** SQL testing that an embedded resource of this level is there (for `embed=is.null`). */
  embedPresent(name: string): string | null;
  notFound(field: FieldRef): Error;
}

export function conditionSql(sql: Sql, target: ConditionTarget, node: Filter | LogicTree): string {
  if (node.kind === 'logic') {
    const parts = node.children.map((c) => conditionSql(sql, target, c));
    const joined = parts.length
      ? `(${parts.join(node.op === 'and' ? ' AND ' : ' OR ')})`
      : node.op === 'and'
        ? 'TRUE'
        : 'FALSE';
    return node.negated ? `NOT ${joined}` : joined;
  }
  const expr = filterSql(sql, target, node);
  return node.negated ? `NOT (${expr})` : expr;
}

function filterSql(sql: Sql, target: ConditionTarget, f: Filter): string {
  const col = target.column(f.field);
  if (!col) {
    const present = f.field.json.length === 0 ? target.embedPresent(f.field.name) : null;
    if (present && f.op === 'is' && (f.value === 'null' || f.value === 'not_null')) {
      return f.value === 'null' ? `NOT (${present})` : present;
    }
    throw target.notFound(f.field);
  }
  const lhs = col.sql;
  switch (f.op) {
    case 'is':
      return `${lhs} ${IS[f.value.toLowerCase()]}`;
    case 'isdistinct':
      return `${lhs} IS DISTINCT FROM ${sql.bind(f.value)}`;
    case 'in':
      return `${lhs} = ANY(${sql.bind(arrayLiteral(inList(f.value)))})`;
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const cfg = f.modifier ? `${sql.bind(f.modifier)}::regconfig, ` : '';
      const doc =
        col.column && col.column.typname !== 'tsvector' && f.field.json.length === 0
          ? `to_tsvector(${cfg}${lhs})`
          : lhs;
      return `${doc} @@ ${TS_QUERY[f.op]}(${cfg}${sql.bind(f.value)})`;
    }
  }
  const op = COMPARE[f.op];
  if (!op) throw parseError('filter', f.op, `unknown operator ${f.op}`);
  const isLike = f.op === 'like' || f.op === 'ilike';
  if (f.modifier === 'any' || f.modifier === 'all') {
    const items = /^\{.*\}$/s.test(f.value) ? inList(`(${f.value.slice(1, -1)})`) : [f.value];
    return `${lhs} ${op} ${f.modifier.toUpperCase()}(${sql.bind(arrayLiteral(isLike ? items.map(likePattern) : items))})`;
  }
  return `${lhs} ${op} ${sql.bind(isLike ? likePattern(f.value) : f.value)}`;
}

export { ident };
