import { CacheMiss, RestError } from './errors.js';
import type { Column, Relation, RpcFunction, SchemaCache } from './schema-cache.js';
import { ident, qualified, type Sql } from './sql.js';

function notFound(schema: string, name: string, keys: string[]): CacheMiss {
  const params = keys.length ? `with parameters ${keys.join(', ')}` : 'without parameters';
  return new CacheMiss(
    404,
    'PGRST202',
    `Could not find the function ${schema}.${name}${keys.length ? `(${keys.join(', ')})` : ' without parameters'} in the schema cache`,
    `Searched for the function ${schema}.${name} ${params} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
  );
}

const isJsonArg = (fn: RpcFunction) =>
  fn.args.length === 1 && fn.args[0].name === '' && /^jsonb?$/.test(fn.args[0].type);

/** Picks the overload whose argument names fit the keys given (PostgREST's resolution by names). */
export function resolveFunction(cache: SchemaCache, name: string, keys: string[], singleObject: boolean): RpcFunction {
  const candidates = cache.functions.get(name) ?? [];
  const fits = candidates.filter((fn) => {
    if (singleObject) return fn.args.length === 1 && /^jsonb?$/.test(fn.args[0].type);
    if (fn.args.some((a) => a.name === '')) return isJsonArg(fn);
    return (
      keys.every((k) => fn.args.some((a) => a.name === k)) &&
      fn.args.every((a) => a.hasDefault || keys.includes(a.name))
    );
  });
  const named = fits.filter((fn) => !isJsonArg(fn));
  const chosen = named.length ? named : fits;
  if (chosen.length === 1) return chosen[0];
  if (chosen.length === 0) throw notFound(cache.schema, name, keys);
  throw new RestError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${chosen.map((f) => `${cache.schema}.${f.name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

/** The function call with its named arguments taken from the JSON object in one parameter. */
export function callSql(sql: Sql, fn: RpcFunction, argsJson: string, keys: string[], wholeBody: boolean): string {
  const name = qualified(fn.schema, fn.name);
  if (wholeBody || isJsonArg(fn)) return `${name}(${sql.bind(argsJson)}::${fn.args[0].type})`;
  const given = fn.args.filter((a) => keys.includes(a.name));
  if (given.length === 0) return `${name}()`;
  const named = given.filter((a) => a.name !== '');
  const def = named.map((a) => `${ident(a.name)} ${a.type}`).join(', ');
  const p = sql.bind(argsJson);
  const args = named.map(
    (a) => `${ident(a.name)} := (SELECT _a.${ident(a.name)} FROM json_to_record(${p}::json) AS _a(${def}))`,
  );
  // An unnamed parameter (PostgREST 14's `{"": …}`) can only be passed by position: it is the first one.
  const unnamed = given.find((a) => a.name === '');
  if (unnamed) {
    args.unshift(
      `(SELECT _u.pgrst_unnamed FROM json_to_record(json_build_object('pgrst_unnamed', ${p}::json -> '')) AS _u(pgrst_unnamed ${unnamed.type}))`,
    );
  }
  return `${name}(${args.join(', ')})`;
}

export type RpcShape =
  | { kind: 'void' }
  | { kind: 'scalar' }
  | { kind: 'rows'; relation: Relation; single: boolean; scalarColumn: string | null };

/** How a function's result is turned into JSON: a value, a set of values or rows. */
export function rpcShape(cache: SchemaCache, fn: RpcFunction): RpcShape {
  if (fn.returnsVoid) return { kind: 'void' };
  const synthetic = (columns: Column[]): Relation => ({
    schema: fn.schema,
    name: fn.name,
    kind: 'c',
    updatable: 0,
    columns: new Map(columns.map((c) => [c.name, c])),
    columnList: columns,
    pk: [],
    uniques: [],
    fks: [],
    referencedBy: [],
  });
  if (fn.outColumns)
    return { kind: 'rows', relation: synthetic(fn.outColumns), single: !fn.returnsSet, scalarColumn: null };
  if (fn.returnRelation) {
    const relation = cache.relations.get(fn.returnRelation);
    if (relation) return { kind: 'rows', relation, single: !fn.returnsSet, scalarColumn: null };
  }
  if (!fn.returnsSet) return { kind: 'scalar' };
  if (fn.returnType === 'record') {
    throw new RestError(
      400,
      'PGRST100',
      `Function ${fn.schema}.${fn.name} returns setof record without declared columns`,
    );
  }
  const col: Column = {
    name: fn.name,
    type: fn.returnType,
    typname: fn.returnType,
    category: '',
    notNull: false,
    hasDefault: false,
    generated: false,
    defaultExpr: null,
  };
  return { kind: 'rows', relation: synthetic([col]), single: false, scalarColumn: fn.name };
}

export { ident };
