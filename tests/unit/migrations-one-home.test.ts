// One home per definition: every function, trigger, policy and named constraint of the schema is defined by
// exactly one migration, in its final shape. Nothing is deployed yet, so until the first deployment a change
// goes to the migration that owns the definition (edited in place, `npm run schema:dump` after), never to a
// later file that replaces it. Reads the files only: no database. (After the first deployment the deployed
// files are frozen and a later migration replaces what it changes: this test then applies to the files not
// yet deployed.) The database side, every function of the schema defined in a file and
// supabase/schemas/current.sql up to date, is in tests/integration/db-schema.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { listMigrations } from '../../src/backend/db/migrate.js';
import { withoutComments } from '../../scripts/sql-text.js';

const SUPABASE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'supabase');

const RULE =
  'Nothing is deployed yet: until the first deployment, a change goes to the owning migration (the first file ' +
  'named), edited in place in its final shape, then `npm run schema:dump`; do not add or keep a later migration ' +
  'that redefines, replaces, alters or drops it (docs/SCHEMA.md, "Changing the schema").';

interface Migration {
  file: string;
  sql: string;
}

const qualified = (name: string) => (name.includes('.') ? name : `public.${name}`).replace(/"/g, '').toLowerCase();

/** Every definition a migration makes: kind and key (function by name, trigger and policy by table and name). */
function definitions(sql: string): { kind: string; key: string }[] {
  const text = withoutComments(sql);
  const found: { kind: string; key: string }[] = [];
  for (const m of text.matchAll(/^\s*create\s+(?:or\s+replace\s+)?function\s+([\w."]+)\s*\(/gim))
    found.push({ kind: 'function', key: qualified(m[1]) });
  for (const m of text.matchAll(
    /^\s*create\s+(?:or\s+replace\s+)?(?:constraint\s+)?trigger\s+("[^"]+"|\w+)[\s\S]*?\bon\s+([\w."]+)/gim,
  ))
    found.push({ kind: 'trigger', key: `${m[1].replace(/"/g, '')} on ${qualified(m[2])}` });
  for (const m of text.matchAll(/^\s*create\s+policy\s+("[^"]+"|\w+)\s+on\s+([\w."]+)/gim))
    found.push({ kind: 'policy', key: `${m[1].replace(/"/g, '')} on ${qualified(m[2])}` });
  for (const m of text.matchAll(/\bconstraint\s+(\w+)\s+(?:check|unique|primary\s+key|foreign\s+key|exclude)\b/gi))
    found.push({ kind: 'constraint', key: m[1].toLowerCase() });
  return found;
}

/** Statements that change a definition made elsewhere (or by the same file) instead of editing it. */
const REDEFINITIONS: [RegExp, string][] = [
  [/^\s*create\s+or\s+replace\s+(function|trigger)\s+([\w."]+)/gim, 'create or replace'],
  [/^\s*alter\s+(function|policy|trigger)\s+([\w."]+)/gim, 'alter'],
  [/\bdrop\s+(function|policy|trigger|constraint|table|index|view)\s+(?:if\s+exists\s+)?([\w."%]+)/gim, 'drop'],
  [/^\s*alter\s+table\s+[\w."]+\s+(disable|enable)\s+trigger\s+(\w+)/gim, 'switch'],
];

/** What breaks the rule, one line each, naming the files; empty when every definition has one home. */
export function oneHomeViolations(migrations: Migration[]): string[] {
  const homes = new Map<string, string[]>();
  for (const m of migrations) {
    for (const d of definitions(m.sql)) {
      const id = `${d.kind} ${d.key}`;
      const files = homes.get(id) ?? [];
      files.push(m.file);
      homes.set(id, files);
    }
  }
  const out: string[] = [];
  for (const [id, files] of homes) {
    if (files.length > 1) out.push(`${id} is defined ${files.length} times: ${files.join(', ')}`);
  }
  for (const m of migrations) {
    const text = withoutComments(m.sql);
    for (const [re, what] of REDEFINITIONS) {
      for (const x of text.matchAll(re)) out.push(`${m.file}: ${what} ${x[1].toLowerCase()} ${x[2]}`);
    }
  }
  return out;
}

const migrations: Migration[] = listMigrations(SUPABASE_DIR).map((m) => ({
  file: path.basename(m.file),
  sql: fs.readFileSync(m.file, 'utf8'),
}));

describe('migrations: one home per function, trigger, policy and constraint', () => {
  it('reads the migrations and finds their definitions', () => {
    expect(migrations.length).toBeGreaterThan(5);
    const all = migrations.flatMap((m) => definitions(m.sql));
    for (const kind of ['function', 'trigger', 'policy', 'constraint']) {
      expect(all.filter((d) => d.kind === kind).length, kind).toBeGreaterThan(5);
    }
    expect(all).toContainEqual({ kind: 'trigger', key: 'offers_within_limits on public.offers' });
    expect(all).toContainEqual({ kind: 'policy', key: 'menu_images_insert_admin on storage.objects' });
  });

  it('each is defined by exactly one migration, never replaced, altered or dropped by another', () => {
    const violations = oneHomeViolations(migrations);
    expect(violations, `${violations.join('\n')}\n${RULE}`).toEqual([]);
  });

  it('names every file that defines the same thing again, with the rule', () => {
    const owner = {
      file: '20250101000000_menu.sql',
      sql: `-- create function public.in_a_comment() is not a definition
create function public.unit_price(p text) returns numeric language sql as $$ select 1 $$;
create trigger t_touch before insert or update of price on public.items for each row execute function public.touch();
create policy items_read on public.items for select to anon using (true);
create table public.items (price numeric, constraint items_price_bound check (price <= 1000));`,
    };
    const later = {
      file: '20250102000000_offers.sql',
      sql: `create or replace function public.unit_price(p text) returns numeric language sql as $$ select 2 $$;
create trigger t_touch before update on public.items for each row execute function public.touch();
create trigger t_touch before update on public.other for each row execute function public.touch();
drop policy items_read on public.items;
create policy "items_read" on public.items for select to authenticated using (true);
alter table public.items drop constraint items_price_bound;
alter table public.items add constraint items_price_bound check (price <= 2000);
alter table public.items disable trigger t_touch;`,
    };
    expect(oneHomeViolations([owner])).toEqual([]);
    expect(oneHomeViolations([owner, later])).toEqual([
      'function public.unit_price is defined 2 times: 20250101000000_menu.sql, 20250102000000_offers.sql',
      'trigger t_touch on public.items is defined 2 times: 20250101000000_menu.sql, 20250102000000_offers.sql',
      'policy items_read on public.items is defined 2 times: 20250101000000_menu.sql, 20250102000000_offers.sql',
      'constraint items_price_bound is defined 2 times: 20250101000000_menu.sql, 20250102000000_offers.sql',
      '20250102000000_offers.sql: create or replace function public.unit_price',
      '20250102000000_offers.sql: drop policy items_read',
      '20250102000000_offers.sql: drop constraint items_price_bound',
      '20250102000000_offers.sql: switch disable t_touch',
    ]);
    expect(RULE).toMatch(/until the first deployment, a change goes to the owning migration/);
  });
});
