import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The lint's import-x/no-cycle skips type-only imports (erased at run time); to a reader a cycle of types is
// still two modules that cannot be understood one without the other. This walks every import of src/, types
// included, and lists the cycles (strongly connected groups of modules).
const root = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

function resolve(from: string, spec: string, known: Set<string>): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  const stem = base.replace(/\.js$/, '');
  for (const c of [base, `${stem}.ts`, `${stem}.tsx`, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (known.has(c)) return c;
  return null;
}

function cycles(files: string[]): string[][] {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const f of files) {
    // Static imports and re-exports only: a dynamic import() is a lazy load on purpose, not a dependency.
    const file = ts.createSourceFile(f, fs.readFileSync(f, 'utf8'), ts.ScriptTarget.Latest);
    const specs = file.statements.flatMap((s) =>
      (ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) &&
      s.moduleSpecifier &&
      ts.isStringLiteral(s.moduleSpecifier)
        ? [s.moduleSpecifier.text]
        : [],
    );
    graph.set(
      f,
      specs.map((spec) => resolve(f, spec, known)).filter((p): p is string => !!p),
    );
  }
  // Tarjan's strongly connected components.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(path.relative(root, w));
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return found;
}

describe('imports', () => {
  it('src/ has no import cycle, type-only imports included', () => {
    expect(cycles(sources(path.join(root, 'src')))).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const dir = fs.mkdtempSync(path.join(root, 'node_modules/.cache-cycle-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import type { B } from './b.js';\nexport type A = B;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import type { A } from './a.js';\nexport type B = A[];\n");
      expect(cycles([path.join(dir, 'a.ts'), path.join(dir, 'b.ts')])).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
