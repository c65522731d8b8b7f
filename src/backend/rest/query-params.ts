import { RestError, parseError } from './errors.js';

/** One `->` / `->>` step of a JSON path; numeric keys index arrays. */
export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

export interface FieldRef {
  name: string;
  json: JsonStep[];
}

export type SelectItem =
  | { kind: 'star' }
  | {
      kind: 'field';
      field: FieldRef;
      alias: string | null;
      cast: string | null;
      /** `col.sum()`: an aggregate over the column, grouped by the plain fields beside it. */
      aggregate: Aggregate | null;
      /** `col.sum()::text`: the cast applied to the aggregate's result. */
      aggregateCast: string | null;
    }
  | {
      kind: 'embed';
      name: string;
      alias: string | null;
      hint: string | null;
      inner: boolean;
      spread: boolean;
      select: SelectItem[];
    };

export type Aggregate = 'sum' | 'avg' | 'min' | 'max' | 'count';
const AGGREGATES = new Set<string>(['sum', 'avg', 'min', 'max', 'count']);

export const OPERATORS = new Set([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
]);

export interface Filter {
  kind: 'filter';
  field: FieldRef;
  negated: boolean;
  op: string;
  /** `(any)` / `(all)` for comparison operators, the text search config for fts. */
  modifier: string | null;
  value: string;
}

export interface LogicTree {
  kind: 'logic';
  op: 'and' | 'or';
  negated: boolean;
  children: (Filter | LogicTree)[];
}

export interface OrderTerm {
  field: FieldRef;
  /** Ordering a parent by a to-one embedded resource: `author(name)`. */
  embed: string | null;
  dir: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

/** Filters, ordering and paging that apply to one level of the embedding tree. */
export interface LevelParams {
  filters: (Filter | LogicTree)[];
  order: OrderTerm[] | null;
  limit: number | null;
  offset: number | null;
}

export interface QueryParams {
  select: SelectItem[];
  levels: Map<string, LevelParams>;
  columns: string[] | null;
  onConflict: string[] | null;
  /** Everything else (RPC arguments for GET). */
  rest: [string, string][];
}

const MAX_DEPTH = 16;
/**
 * Embedded resources nest at most this deep (`a(b(c(d(e(f)))))` is five levels under `a`). The shop's
 * deepest read is two (categories → dishes → offers); each level multiplies the rows the database joins,
 * and a select looping between two tables a dozen times deep made one anonymous request hold the
 * database for half a minute.
 */
export const MAX_EMBED_DEPTH = 5;
/**
 * And at most this many embedded resources in one select: siblings multiply the rows as depth does (six
 * embeds of menu_items on each of three levels are 258 joins, whose planning alone held PGlite over a second).
 */
export const MAX_EMBEDS = 20;
const IDENT_STOP = new Set([',', '(', ')', '!', ':', '.', '"', '-', '>', '*']);

class Cursor {
  pos = 0;
  /** Embedded resources seen so far (select lists only). */
  embeds = 0;
  constructor(
    readonly text: string,
    readonly what: string,
  ) {}
  peek(n = 0): string {
    return this.text[this.pos + n] ?? '';
  }
  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }
  eof(): boolean {
    return this.pos >= this.text.length;
  }
  fail(expected: string): never {
    const got = this.eof() ? 'end of input' : `"${this.peek()}"`;
    throw new RestError(
      400,
      'PGRST100',
      `"failed to parse ${this.what} (${this.text})" (line 1, column ${this.pos + 1})`,
      `unexpected ${got} expecting ${expected}`,
    );
  }
  expect(s: string): void {
    if (!this.startsWith(s)) this.fail(`"${s}"`);
    this.pos += s.length;
  }
  /** A quoted "name" or a run of plain name characters. */
  name(): string {
    if (this.peek() === '"') {
      let out = '';
      this.pos++;
      for (;;) {
        if (this.eof()) this.fail('closing quote');
        const c = this.peek();
        if (c === '\\' && this.peek(1) !== '') {
          out += this.peek(1);
          this.pos += 2;
        } else if (c === '"') {
          this.pos++;
          break;
        } else {
          out += c;
          this.pos++;
        }
      }
      return out;
    }
    const start = this.pos;
    while (!this.eof() && !IDENT_STOP.has(this.peek())) this.pos++;
    if (this.pos === start) this.fail('field name');
    return this.text.slice(start, this.pos).trim();
  }
}

function jsonPath(c: Cursor): JsonStep[] {
  const steps: JsonStep[] = [];
  while (c.startsWith('->')) {
    const arrow = c.startsWith('->>') ? '->>' : '->';
    c.pos += arrow.length;
    steps.push({ arrow, key: c.name() });
  }
  return steps;
}

function field(c: Cursor): FieldRef {
  const name = c.name();
  return { name, json: jsonPath(c) };
}

function selectList(c: Cursor, depth: number): SelectItem[] {
  if (depth > MAX_EMBED_DEPTH) {
    throw new RestError(
      400,
      'PGRST100',
      `"failed to parse select parameter (${c.text})" (line 1, column ${c.pos + 1})`,
      `embedded resources nest deeper than ${MAX_EMBED_DEPTH} levels`,
      'Embed fewer levels, or read the deeper rows with a request of their own.',
    );
  }
  const items: SelectItem[] = [];
  if (c.eof() || c.peek() === ')') return items;
  for (;;) {
    items.push(selectItem(c, depth));
    if (c.peek() !== ',') break;
    c.pos++;
  }
  return items;
}

function selectItem(c: Cursor, depth: number): SelectItem {
  if (c.peek() === '*') {
    c.pos++;
    return { kind: 'star' };
  }
  const spread = c.startsWith('...');
  if (spread) c.pos += 3;
  let alias: string | null = null;
  let name = c.name();
  if (c.peek() === ':' && c.peek(1) !== ':') {
    c.pos++;
    alias = name;
    name = c.name();
  }
  if (spread || c.peek() === '!' || c.peek() === '(') {
    let hint: string | null = null;
    let inner = false;
    while (c.peek() === '!') {
      c.pos++;
      const h = c.name();
      if (h === 'inner') inner = true;
      else if (h !== 'left') hint = h;
    }
    c.expect('(');
    if (++c.embeds > MAX_EMBEDS) {
      throw new RestError(
        400,
        'PGRST100',
        `"failed to parse select parameter (${c.text})" (line 1, column ${c.pos + 1})`,
        `more than ${MAX_EMBEDS} embedded resources`,
        'Embed fewer resources, or read them with requests of their own.',
      );
    }
    const select = selectList(c, depth + 1);
    c.expect(')');
    return { kind: 'embed', name, alias, hint, inner, spread, select };
  }
  const json = jsonPath(c);
  const cast = castOf(c);
  let aggregate: Aggregate | null = null;
  let aggregateCast: string | null = null;
  if (c.peek() === '.') {
    c.pos++;
    const fn = c.name();
    if (!AGGREGATES.has(fn)) c.fail('an aggregate function (sum, avg, min, max, count)');
    c.expect('(');
    c.expect(')');
    aggregate = fn as Aggregate;
    aggregateCast = castOf(c);
  }
  return { kind: 'field', field: { name, json }, alias, cast, aggregate, aggregateCast };
}

function castOf(c: Cursor): string | null {
  if (!c.startsWith('::')) return null;
  c.pos += 2;
  const start = c.pos;
  while (/[A-Za-z0-9_]/.test(c.peek())) c.pos++;
  const cast = c.text.slice(start, c.pos);
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(cast)) c.fail('a type name');
  return cast;
}

export function parseSelect(text: string): SelectItem[] {
  const c = new Cursor(text, 'select parameter');
  const items = selectList(c, 0);
  if (!c.eof()) c.fail('"," or end of input');
  return items;
}

/** `[not.]op[(modifier)].value` as PostgREST writes a filter's right-hand side. */
function filterValue(fieldRef: FieldRef, text: string, raw: string): Filter {
  let rest = text;
  let negated = false;
  if (rest.startsWith('not.')) {
    negated = true;
    rest = rest.slice(4);
  }
  const m = /^([a-z]+)(?:\(([^)]*)\))?\./.exec(rest);
  if (!m || !OPERATORS.has(m[1])) throw parseError('filter', raw, `unknown or missing operator in "${text}"`);
  const op = m[1];
  const modifier = m[2] ?? null;
  if (modifier !== null && !['fts', 'plfts', 'phfts', 'wfts'].includes(op)) {
    if (modifier !== 'any' && modifier !== 'all') throw parseError('filter', raw, `unknown modifier "${modifier}"`);
    if (!['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch'].includes(op)) {
      throw parseError('filter', raw, `"${op}" takes no (${modifier}) modifier`);
    }
  }
  const value = rest.slice(m[0].length);
  if (op === 'is' && !['null', 'not_null', 'true', 'false', 'unknown'].includes(value.toLowerCase())) {
    throw parseError('filter', raw, 'expecting null, not_null, true, false or unknown after "is"');
  }
  if (op === 'in' && !/^\(.*\)$/s.test(value))
    throw parseError('filter', raw, 'expecting a list in parentheses after "in"');
  return { kind: 'filter', field: fieldRef, negated, op, modifier, value };
}

export function parseFilter(fieldText: string, valueText: string): Filter {
  const c = new Cursor(fieldText, 'filter');
  const f = field(c);
  if (!c.eof()) c.fail('"->" or end of input');
  return filterValue(f, valueText, `${fieldText}=${valueText}`);
}

/** Splits on top-level commas, keeping parentheses and double-quoted values (at the start of an element or after a dot) together. */
export function splitTopLevel(text: string, what: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
    } else if (ch === '"' && (text[i - 1] === '.' || text.slice(start, i).trim() === '')) quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') {
      depth--;
      if (depth < 0) throw parseError(what, text, 'unbalanced ")"');
    } else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0 || quoted) throw parseError(what, text, 'unbalanced parentheses or quotes');
  parts.push(text.slice(start));
  return parts;
}

function unquote(v: string): string {
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) return v.slice(1, -1).replace(/\\(.)/g, '$1');
  return v;
}

/** `(a.eq.1,or(b.gt.2,not.and(c.is.null,d.lt.4)))` */
export function parseLogic(op: 'and' | 'or', negated: boolean, text: string, depth = 0): LogicTree {
  if (depth > MAX_DEPTH) throw parseError('logic tree', text, 'too deeply nested');
  if (!text.startsWith('(') || !text.endsWith(')')) throw parseError('logic tree', text, 'expecting "(" … ")"');
  const children = splitTopLevel(text.slice(1, -1), 'logic tree').map((part): Filter | LogicTree => {
    const item = part.trim();
    const logic = /^(not\.)?(and|or)(\(.*\))$/s.exec(item);
    if (logic) return parseLogic(logic[2] as 'and' | 'or', !!logic[1], logic[3], depth + 1);
    const c = new Cursor(item, 'logic tree');
    const f = field(c);
    if (c.peek() !== '.') c.fail('"." and an operator');
    c.pos++;
    const filter = filterValue(f, item.slice(c.pos), text);
    if (filter.op !== 'in') filter.value = unquote(filter.value);
    return filter;
  });
  return { kind: 'logic', op, negated, children };
}

export function parseOrder(text: string): OrderTerm[] {
  return splitTopLevel(text, 'order').map((part) => {
    const c = new Cursor(part.trim(), 'order');
    let embed: string | null = null;
    let f = field(c);
    if (c.peek() === '(') {
      c.pos++;
      embed = f.name;
      f = field(c);
      c.expect(')');
    }
    let dir: OrderTerm['dir'] = null;
    let nulls: OrderTerm['nulls'] = null;
    while (c.peek() === '.') {
      c.pos++;
      const word = c.name();
      if (word === 'asc' || word === 'desc') dir = word;
      else if (word === 'nullsfirst') nulls = 'first';
      else if (word === 'nullslast') nulls = 'last';
      else c.fail('asc, desc, nullsfirst or nullslast');
    }
    if (!c.eof()) c.fail('"." or ","');
    return { field: f, embed, dir, nulls };
  });
}

function nonNegativeInt(text: string, what: string): number {
  if (!/^\d{1,15}$/.test(text)) throw parseError(`${what} parameter`, text, 'expecting a non-negative integer');
  return Number(text);
}

/** `columns="a","b"` as supabase-js sends it, or plain `a,b`. */
function parseColumns(text: string): string[] {
  return splitTopLevel(text, 'columns').map((p) => {
    const c = new Cursor(p.trim(), 'columns parameter');
    const n = c.name();
    if (!c.eof()) c.fail('"," or end of input');
    return n;
  });
}

export function levelOf(levels: Map<string, LevelParams>, path: string): LevelParams {
  let l = levels.get(path);
  if (!l) levels.set(path, (l = { filters: [], order: null, limit: null, offset: null }));
  return l;
}

/**
 * Reads a request's query string. `rpcArgs` names parameters that are function arguments
 * (GET /rpc/fn), which are not filters.
 */
export function parseQuery(search: URLSearchParams, isRpcArg: (name: string) => boolean = () => false): QueryParams {
  const out: QueryParams = { select: [{ kind: 'star' }], levels: new Map(), columns: null, onConflict: null, rest: [] };
  levelOf(out.levels, '');
  for (const [key, value] of search) {
    if (key.includes('\0') || value.includes('\0')) throw parseError('query', key, 'NUL characters are not allowed');
    if (key === 'select') {
      out.select = parseSelect(value);
      continue;
    }
    if (key === 'columns') {
      out.columns = parseColumns(value);
      continue;
    }
    if (key === 'on_conflict') {
      out.onConflict = parseColumns(value);
      continue;
    }
    if (isRpcArg(key)) {
      out.rest.push([key, value]);
      continue;
    }
    const segs = key.split('.');
    const last = segs.pop()!;
    let negated = false;
    if ((last === 'or' || last === 'and') && segs[segs.length - 1] === 'not') {
      segs.pop();
      negated = true;
    }
    const path = segs.join('.');
    if (last === 'or' || last === 'and') {
      levelOf(out.levels, path).filters.push(parseLogic(last, negated, value));
    } else if (last === 'order') {
      levelOf(out.levels, path).order = parseOrder(value);
    } else if (last === 'limit') {
      levelOf(out.levels, path).limit = nonNegativeInt(value, 'limit');
    } else if (last === 'offset') {
      levelOf(out.levels, path).offset = nonNegativeInt(value, 'offset');
    } else {
      // A JSON path may hold dots only after an arrow; the embed path is what comes before.
      const arrow = key.indexOf('->');
      const head = arrow === -1 ? key : key.slice(0, arrow);
      const dot = head.lastIndexOf('.');
      const fieldText = dot === -1 ? key : key.slice(dot + 1);
      const fieldPath = dot === -1 ? '' : key.slice(0, dot);
      levelOf(out.levels, fieldPath).filters.push(parseFilter(fieldText, value));
    }
  }
  return out;
}
