import { CacheMiss, RestError } from './errors.js';
import type { FunctionArg, RpcFunction, SchemaCache } from './schema-cache.js';

/**
 * PostgREST 14's choice between overloaded functions, from the argument keys of the call.
 *
 * - Only callable functions are seen: every parameter named, or exactly one unnamed and the first parameter of
 *   type bytea, json, jsonb, text or xml (a function with an unnamed integer parameter cannot be called).
 * - An unnamed parameter is named by the empty key: `{"": "text"}` calls `f(text)`.
 * - A function fits when the keys are its required parameters plus any of its optional ones (none at all
 *   for a function without parameters). A POST whose keys fit no function may still call the one function
 *   whose single unnamed parameter is json or jsonb, with the whole body.
 * - One fit is called; several are PGRST203 listing them, fewest parameters first, then by parameter
 *   names and types; none is PGRST202 with « Perhaps you meant » the closest function or parameter list.
 */
export function resolveFunction14(cache: SchemaCache, name: string, keys: string[], isPost: boolean): RpcFunction {
  const candidates = callableFunctions(cache, name);
  const given = new Set(keys);
  const fits: RpcFunction[] = [];
  const bodyFits: RpcFunction[] = [];
  for (const fn of candidates) {
    if (fitsKeys(fn, given)) fits.push(fn);
    else if (isPost && fn.args.length === 1 && fn.args[0].name === '' && /^jsonb?$/.test(fn.args[0].type))
      bodyFits.push(fn);
  }
  const chosen = fits.length ? fits : bodyFits;
  if (chosen.length === 1) return chosen[0];
  if (chosen.length > 1) throw ambiguous(cache.schema, chosen);
  throw notFound14(cache, name, keys, isPost, candidates);
}

/** The functions of that name PostgREST 14 keeps in its schema cache, in its order. */
export function callableFunctions(cache: SchemaCache, name: string): RpcFunction[] {
  return (cache.functions.get(name) ?? []).filter(callable).sort(byParameters);
}

function callable(fn: RpcFunction): boolean {
  const unnamed = fn.args.filter((a) => a.name === '').length;
  if (unnamed === 0) return true;
  return unnamed === 1 && ['bytea', 'json', 'jsonb', 'text', 'xml'].includes(fn.args[0].type);
}

function fitsKeys(fn: RpcFunction, given: Set<string>): boolean {
  if (fn.args.length === 0) return given.size === 0;
  const required = fn.args.filter((a) => !a.hasDefault).map((a) => a.name);
  const optional = new Set(fn.args.filter((a) => a.hasDefault).map((a) => a.name));
  const rest = [...given].filter((k) => !optional.has(k));
  return rest.length === required.length && required.every((r) => given.has(r));
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function compareArgs(a: FunctionArg[], b: FunctionArg[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = compareText(a[i].name, b[i].name) || compareText(a[i].type, b[i].type);
    if (c) return c;
  }
  return a.length - b.length;
}

const byParameters = (a: RpcFunction, b: RpcFunction) => a.args.length - b.args.length || compareArgs(a.args, b.args);

function ambiguous(schema: string, fns: RpcFunction[]): RestError {
  const list = fns.map((f) => `${schema}.${f.name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`);
  return new RestError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${list.join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

function notFound14(
  cache: SchemaCache,
  name: string,
  keys: string[],
  isPost: boolean,
  overloads: RpcFunction[],
): CacheMiss {
  const func = `${cache.schema}.${name}`;
  const withKeys = keys.length
    ? ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`
    : ' without parameters';
  const details = `Searched for the function ${func}${withKeys}${
    isPost ? ' or with a single unnamed json/jsonb parameter' : ''
  }, but no matches were found in the schema cache.`;
  return new CacheMiss(
    404,
    'PGRST202',
    `Could not find the function ${func}${keys.length ? `(${keys.join(', ')})` : ' without parameters'} in the schema cache`,
    details,
    noFunctionHint(cache, name, keys, overloads),
  );
}

/** « Perhaps you meant … »: the closest parameter list of the overloads, else the closest function name. */
function noFunctionHint(cache: SchemaCache, name: string, keys: string[], overloads: RpcFunction[]): string | null {
  const prefix = `Perhaps you meant to call the function ${cache.schema}.`;
  const list = (names: string[]) => `(${[...names].sort().join(', ')})`;
  if (overloads.length) {
    const best = closest(
      list(keys),
      overloads.map((f) => list(f.args.map((a) => a.name))),
      0.33,
    );
    return best === null ? null : `${prefix}${name}${best}`;
  }
  const names = [...cache.functions.keys()].filter((n) => callableFunctions(cache, n).length > 0);
  const best = closest(name, names, 0.75);
  return best === null ? null : `${prefix}${best}`;
}

/** Compared as a fuzzy set compares words: lower case, letters, digits, spaces and commas only. */
const normalize = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}\s,]/gu, '');

/** The candidate most like `word` (1 − edit distance ÷ longer length), if it reaches `min`. */
export function closest(word: string, candidates: string[], min: number): string | null {
  let best: string | null = null;
  let bestScore = min;
  const w = normalize(word);
  for (const c of candidates) {
    const n = normalize(c);
    const score = 1 - editDistance(w, n) / Math.max(w.length, n.length, 1);
    if (score > bestScore || (score === bestScore && best === null)) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}
