/** `postgres_changes` row filters (`column=op.value`), applied on the server like Supabase Realtime. */

export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';
const OPS: readonly FilterOp[] = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in'];

export interface RowFilter {
  column: string;
  op: FilterOp;
  values: string[];
}

function splitList(inner: string): string[] | null {
  const out: string[] = [];
  let i = 0;
  while (i <= inner.length) {
    if (inner[i] === '"') {
      let j = i + 1;
      let value = '';
      while (j < inner.length && inner[j] !== '"') {
        if (inner[j] === '\\' && j + 1 < inner.length) j++;
        value += inner[j++];
      }
      if (j >= inner.length) return null;
      out.push(value);
      i = j + 1;
      if (i < inner.length && inner[i] !== ',') return null;
      i++;
    } else {
      const comma = inner.indexOf(',', i);
      const end = comma === -1 ? inner.length : comma;
      out.push(inner.slice(i, end).trim());
      i = end + 1;
    }
  }
  return out;
}

/** Parses `user_id=eq.42` or `status=in.(new,ready)`; throws with a readable message when malformed. */
export function parseFilter(filter: string): RowFilter {
  const eq = filter.indexOf('=');
  const dot = filter.indexOf('.', eq + 1);
  if (eq <= 0 || dot === -1) throw new Error(`invalid filter "${filter}": expected column=operator.value`);
  const column = filter.slice(0, eq).trim();
  const op = filter.slice(eq + 1, dot) as FilterOp;
  const raw = filter.slice(dot + 1);
  if (!OPS.includes(op))
    throw new Error(`invalid filter "${filter}": operator "${op}" is not one of ${OPS.join(', ')}`);
  if (op !== 'in') return { column, op, values: [raw] };
  if (!raw.startsWith('(') || !raw.endsWith(')'))
    throw new Error(`invalid filter "${filter}": in expects a list like in.(a,b)`);
  const values = splitList(raw.slice(1, -1));
  if (!values || values.length === 0 || values.length > 100)
    throw new Error(`invalid filter "${filter}": in expects 1 to 100 values`);
  return { column, op, values };
}

function compare(value: unknown, literal: string): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    const n = Number(literal);
    return Number.isNaN(n) ? null : value - n;
  }
  if (typeof value === 'boolean') {
    const b = literal === 'true' || literal === 't' ? true : literal === 'false' || literal === 'f' ? false : null;
    return b === null ? null : Number(value) - Number(b);
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text < literal ? -1 : text > literal ? 1 : 0;
}

/** SQL semantics: a null or incomparable value matches nothing. */
export function matchesFilter(f: RowFilter, row: Record<string, unknown>): boolean {
  const value = row[f.column];
  if (f.op === 'in') return f.values.some((v) => compare(value, v) === 0);
  const c = compare(value, f.values[0]);
  if (c === null) return false;
  switch (f.op) {
    case 'eq':
      return c === 0;
    case 'neq':
      return c !== 0;
    case 'lt':
      return c < 0;
    case 'lte':
      return c <= 0;
    case 'gt':
      return c > 0;
    case 'gte':
      return c >= 0;
  }
  return false;
}
