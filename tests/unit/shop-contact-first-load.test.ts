import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The contact page's reservation form is on screen while the page becomes interactive on a phone: the code it
// evaluates then must not include supabase-js (its evaluation alone is a long task) nor the whole data layer.
// The form reaches them through a dynamic import, when a date is picked or the form is sent.
const root = path.resolve(import.meta.dirname, '../..');

/** Every module `entry` evaluates with it: its static imports that are not type-only, followed in src/. */
function staticGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    for (const s of source.statements) {
      let spec: string | null = null;
      if (ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier)) {
        const clause = s.importClause;
        const typeOnly =
          clause?.isTypeOnly ||
          (clause &&
            !clause.name &&
            clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly));
        if (!typeOnly) spec = s.moduleSpecifier.text;
      } else if (ts.isExportDeclaration(s) && s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier)) {
        if (!s.isTypeOnly) spec = s.moduleSpecifier.text;
      }
      if (spec === null) continue;
      if (!spec.startsWith('.')) {
        packages.add(spec);
        continue;
      }
      const stem = path.resolve(path.dirname(file), spec).replace(/\.js$/, '');
      const found = [`${stem}.ts`, `${stem}.tsx`, path.join(stem, 'index.ts')].find((c) => fs.existsSync(c));
      if (found) visit(found);
    }
  };
  visit(path.join(root, entry));
  return { files, packages };
}

describe('the contact page while it becomes interactive', () => {
  for (const entry of [
    'src/shop/features/reservation/contact-page.tsx',
    'src/shop/features/reservation/reservation-form.tsx',
  ]) {
    it(`${path.basename(entry)} evaluates neither supabase-js nor the shop's data layer`, () => {
      const { files, packages } = staticGraph(entry);
      expect([...packages].filter((p) => p.startsWith('@supabase/supabase-js'))).toEqual([]);
      const layer = ['src/shop/lib/data.ts', 'src/shared/data/client.ts', 'src/shared/data/index.ts'];
      expect([...files].map((f) => path.relative(root, f)).filter((f) => layer.includes(f))).toEqual([]);
    });
  }

  it('the walk finds supabase-js where a module imports the data layer', () => {
    const { packages } = staticGraph('src/shop/lib/data.ts');
    expect(packages).toContain('@supabase/supabase-js');
  });
});
