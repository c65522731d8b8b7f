import { CacheMiss, RestError } from './errors.js';
import type { ForeignKey, Relation, RpcFunction, SchemaCache } from './schema-cache.js';
import type { PostgrestVersion } from './settings.js';

export type Relationship =
  | { kind: 'many-to-one'; fk: ForeignKey; target: Relation }
  | { kind: 'one-to-many' | 'one-to-one'; fk: ForeignKey; target: Relation }
  | { kind: 'many-to-many'; junction: Relation; source: ForeignKey; fk: ForeignKey; target: Relation }
  /** A computed relationship: a function taking the row of the parent and returning rows of `target`. */
  | { kind: 'computed'; fn: RpcFunction; target: Relation; toOne: boolean };

export const isToOne = (r: Relationship) =>
  r.kind === 'computed' ? r.toOne : r.kind === 'many-to-one' || r.kind === 'one-to-one';

/**
 * PostgREST's computed relationships: a function of one parameter, the row of a table or view, returning a
 * table's or view's rows (`setof`: to-many, unless declared `ROWS 1`) or one row of it (to-one), is embedded
 * by its name like a related table (`get_messages(*)`).
 */
function computedRelationships(cache: SchemaCache, from: Relation, name: string): Relationship[] {
  const found: Relationship[] = [];
  for (const fn of cache.functions.get(name) ?? []) {
    if (fn.args.length !== 1 || fn.rowArgRelation !== from.name || !fn.returnRelation) continue;
    const target = cache.relations.get(fn.returnRelation);
    if (!target || target.kind === 'c') continue;
    found.push({ kind: 'computed', fn, target, toOne: !fn.returnsSet || fn.rows === 1 });
  }
  return found;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

function describe(r: Exclude<Relationship, { kind: 'computed' }>, from: Relation): Record<string, string> {
  const cardinality = r.kind;
  const relationship =
    r.kind === 'many-to-many'
      ? `${r.junction.name} using ${r.source.name}(${r.source.columns.join(', ')}) and ${r.fk.name}(${r.fk.columns.join(', ')})`
      : r.kind === 'many-to-one'
        ? `${r.fk.name} using ${r.fk.table}(${r.fk.columns.join(', ')}) and ${r.fk.ftable}(${r.fk.fcolumns.join(', ')})`
        : `${r.fk.name} using ${r.fk.ftable}(${r.fk.fcolumns.join(', ')}) and ${r.fk.table}(${r.fk.columns.join(', ')})`;
  return { cardinality, embedding: `${from.name} with ${r.target.name}`, relationship };
}

function hintMatches(r: Relationship, hint: string, version: PostgrestVersion): boolean {
  if (r.kind === 'computed') return false;
  const single = (cols: string[]) => cols.length === 1 && cols[0] === hint;
  // PostgREST 14: a table embedding itself takes as hint only the referencing column of its children
  // (`parents:collections!parent_id(*)`), never the constraint's name (PGRST200).
  if (version >= 14 && r.kind !== 'many-to-many' && r.fk.table === r.fk.ftable)
    return r.kind !== 'many-to-one' && single(r.fk.columns);
  if (r.kind === 'many-to-many') return r.junction.name === hint || r.fk.name === hint || r.source.name === hint;
  return r.fk.name === hint || single(r.fk.columns) || single(r.fk.fcolumns);
}

/** Finds the one foreign-key path from `from` to the resource named `name` (PostgREST's rules). */
export function findRelationship(
  cache: SchemaCache,
  from: Relation,
  name: string,
  hint: string | null,
  version: PostgrestVersion = 14,
): Relationship {
  const found: Relationship[] = [];
  for (const fk of from.fks) {
    const target = cache.relations.get(fk.ftable);
    if (!target) continue;
    // A table embedding itself by name means its children (PostgREST keeps the one-to-many side).
    const byTableName = fk.ftable === name && !(fk.ftable === from.name && fk.table === from.name);
    const byKey = !fk.viaView && (fk.name === name || (fk.columns.length === 1 && fk.columns[0] === name));
    if (byTableName || byKey) {
      found.push({ kind: 'many-to-one', fk, target });
    }
  }
  for (const fk of from.referencedBy) {
    const target = cache.relations.get(fk.table);
    if (!target || (fk.table !== name && (fk.name !== name || fk.viaView))) continue;
    const unique = sameSet(fk.columns, target.pk) || target.uniques.some((u) => sameSet(u, fk.columns));
    found.push({ kind: unique ? 'one-to-one' : 'one-to-many', fk, target });
  }
  const target = cache.relations.get(name);
  if (target) {
    for (const junction of cache.relations.values()) {
      if (junction.kind !== 'r' && junction.kind !== 'p') continue;
      for (const source of junction.fks) {
        if (source.ftable !== from.name) continue;
        for (const fk of junction.fks) {
          if (fk === source || fk.ftable !== name) continue;
          if (junction.name === from.name || junction.name === name) continue;
          found.push({ kind: 'many-to-many', junction, source, fk, target });
        }
      }
    }
  }
  found.push(...computedRelationships(cache, from, name));
  const matches = hint === null ? found : found.filter((r) => hintMatches(r, hint, version));
  if (matches.length === 1) return matches[0];
  if (matches.length === 0) {
    throw new CacheMiss(
      400,
      'PGRST200',
      `Could not find a relationship between '${from.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${from.name}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${cache.schema}', but no matches were found.`,
    );
  }
  const fkMatches = matches.filter((r) => r.kind !== 'computed');
  const err = new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${from.name}' and '${name}'`,
    fkMatches.map((r) => describe(r, from)),
    `Try changing '${name}' to one of the following: ${fkMatches
      .map((r) => `'${name}!${r.fk.name}'`)
      .join(', ')}. Find the desired relationship in the 'details' key.`,
  );
  throw err;
}
