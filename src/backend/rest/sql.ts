/** Collects bound parameters while a statement is written; values never enter the SQL text. */
export class Sql {
  readonly params: unknown[] = [];
  private aliases = 0;

  bind(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  alias(prefix: string): string {
    return `${prefix}${this.aliases++}`;
  }
}

/** Quotes an identifier; the names quoted are catalog names or output labels. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function qualified(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`;
}

/** A PostgreSQL array literal of text elements, bound as one parameter. */
export function arrayLiteral(items: string[]): string {
  return `{${items.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}
