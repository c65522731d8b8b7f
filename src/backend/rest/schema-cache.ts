import type { Db } from '../db/index.js';

export interface Column {
  name: string;
  /** As format_type() prints it, usable in a cast or a column definition list. */
  type: string;
  typname: string;
  /** pg_type.typcategory: 'A' array, 'U' user/json, 'S' string, 'N' numeric, … */
  category: string;
  notNull: boolean;
  hasDefault: boolean;
  generated: boolean;
  /** The SQL of the column default (identity columns: their sequence's nextval), for Prefer: missing=default. */
  defaultExpr: string | null;
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  ftable: string;
  fcolumns: string[];
  /** Carried over to a view from its table: embedded by the view's name only. */
  viaView?: boolean;
}

export interface Relation {
  schema: string;
  name: string;
  /** pg_class.relkind: r table, p partitioned, v view, m materialized view, f foreign, c composite type */
  kind: string;
  /** pg_relation_is_updatable bits: 4 update, 8 insert, 16 delete. */
  updatable: number;
  columns: Map<string, Column>;
  columnList: Column[];
  pk: string[];
  uniques: string[][];
  fks: ForeignKey[];
  referencedBy: ForeignKey[];
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface RpcFunction {
  schema: string;
  name: string;
  args: FunctionArg[];
  volatility: 'v' | 's' | 'i';
  returnsSet: boolean;
  returnType: string;
  /** The table or composite type each result row is, when it is one. */
  returnRelation: string | null;
  /** OUT / TABLE columns, when the function declares them. */
  outColumns: Column[] | null;
  returnsVoid: boolean;
  /** The table whose row the first argument takes: such a function is a computed column of it. */
  rowArgRelation: string | null;
  /** The planner's estimate of rows of a set-returning function (`ROWS n`; 1000 by default). */
  rows: number;
}

export interface SchemaCache {
  schema: string;
  relations: Map<string, Relation>;
  functions: Map<string, RpcFunction[]>;
}

const COLUMNS_SQL = `
select c.relname as rel, c.relkind::text as kind,
  case when c.relkind = 'c' then 0 else pg_relation_is_updatable(c.oid, false) end as updatable, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
  t.typname::text as typname, t.typcategory::text as category, a.attnotnull as not_null,
  (a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') as has_default, a.attgenerated <> '' as generated,
  case when a.attgenerated <> '' then null
    when a.attidentity <> '' then format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
    else pg_get_expr(d.adbin, d.adrelid) end as default_expr
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
left join pg_type t on t.oid = a.atttypid
left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
where n.nspname = $1 and c.relkind in ('r','v','m','f','p','c')
order by c.relname, a.attnum`;

const CONSTRAINTS_SQL = `
select con.conname::text as name, con.contype::text as type, c.relname::text as rel, fc.relname::text as frel,
  to_json(array(select a.attname::text from unnest(con.conkey) with ordinality k(num, ord)
    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.ord)) as cols,
  to_json(array(select a.attname::text from unnest(con.confkey) with ordinality k(num, ord)
    join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.ord)) as fcols
from pg_constraint con
join pg_class c on c.oid = con.conrelid
join pg_namespace n on n.oid = c.relnamespace
left join pg_class fc on fc.oid = con.confrelid
left join pg_namespace fn on fn.oid = fc.relnamespace
where n.nspname = $1 and con.contype in ('p','u','f') and (con.contype <> 'f' or fn.nspname = $1)
order by con.conname`;

const FUNCTIONS_SQL = `
select p.proname::text as name, p.provolatile::text as volatility, p.proretset as returns_set, p.prorows::float8 as rows,
  p.pronargs::int as nargs, p.pronargdefaults::int as ndefaults,
  coalesce(to_json(p.proargnames::text[]), '[]') as arg_names,
  to_json(p.proargmodes::text[]) as arg_modes,
  to_json(array(select format_type(x.t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality x(t, ord) order by x.ord)) as arg_types,
  to_json(array(select tt.typname::text from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality x(t, ord) join pg_type tt on tt.oid = x.t order by x.ord)) as arg_typnames,
  format_type(p.prorettype, null) as return_type, rt.typname::text as return_typname,
  case when rn.nspname = n.nspname then rc.relname::text end as return_relation,
  (select ac.relname::text from pg_type at join pg_class ac on ac.oid = at.typrelid
    where p.pronargs > 0 and at.oid = p.proargtypes[0] and ac.relnamespace = n.oid) as row_arg_relation
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
left join pg_class rc on rc.oid = rt.typrelid
left join pg_namespace rn on rn.oid = rc.relnamespace
where n.nspname = $1 and p.prokind = 'f'
order by p.proname, p.oid`;

/** The base-table columns each view reads, from its rewrite rule's dependencies. */
const VIEW_COLUMNS_SQL = `
select distinct v.relname::text as view, t.relname::text as tbl, a.attname::text as col
from pg_class v
join pg_namespace vn on vn.oid = v.relnamespace
join pg_rewrite r on r.ev_class = v.oid
join pg_depend d on d.classid = 'pg_rewrite'::regclass and d.objid = r.oid and d.refclassid = 'pg_class'::regclass and d.refobjsubid > 0
join pg_class t on t.oid = d.refobjid and t.oid <> v.oid and t.relkind in ('r', 'p')
join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
where vn.nspname = $1 and t.relnamespace = vn.oid and v.relkind in ('v', 'm')`;

interface ColumnRow {
  rel: string;
  kind: string;
  updatable: number;
  name: string | null;
  type: string;
  typname: string;
  category: string;
  not_null: boolean;
  has_default: boolean;
  generated: boolean;
  default_expr: string | null;
}

interface FunctionRow {
  name: string;
  volatility: 'v' | 's' | 'i';
  returns_set: boolean;
  rows: number;
  nargs: number;
  ndefaults: number;
  arg_names: string[];
  arg_modes: string[] | null;
  arg_types: string[];
  arg_typnames: string[];
  return_type: string;
  return_typname: string;
  return_relation: string | null;
  row_arg_relation: string | null;
}

/** Reads what one exposed schema holds from pg_catalog. */
export async function loadSchemaCache(db: Db, schema: string): Promise<SchemaCache> {
  const [cols, cons, fns, viewCols] = await Promise.all([
    db.query<ColumnRow>(COLUMNS_SQL, [schema]),
    db.query<{ name: string; type: string; rel: string; frel: string | null; cols: string[]; fcols: string[] }>(
      CONSTRAINTS_SQL,
      [schema],
    ),
    db.query<FunctionRow>(FUNCTIONS_SQL, [schema]),
    db.query<{ view: string; tbl: string; col: string }>(VIEW_COLUMNS_SQL, [schema]),
  ]);
  const relations = new Map<string, Relation>();
  for (const r of cols.rows) {
    let rel = relations.get(r.rel);
    if (!rel) {
      rel = {
        schema,
        name: r.rel,
        kind: r.kind,
        updatable: r.updatable,
        columns: new Map(),
        columnList: [],
        pk: [],
        uniques: [],
        fks: [],
        referencedBy: [],
      };
      relations.set(r.rel, rel);
    }
    if (r.name === null) continue;
    const col: Column = {
      name: r.name,
      type: r.type,
      typname: r.typname,
      category: r.category,
      notNull: r.not_null,
      hasDefault: r.has_default,
      generated: r.generated,
      defaultExpr: r.default_expr,
    };
    rel.columns.set(col.name, col);
    rel.columnList.push(col);
  }
  for (const c of cons.rows) {
    const rel = relations.get(c.rel);
    if (!rel) continue;
    if (c.type === 'p') rel.pk = c.cols;
    else if (c.type === 'u') rel.uniques.push(c.cols);
    else if (c.frel) {
      const fk: ForeignKey = { name: c.name, table: c.rel, columns: c.cols, ftable: c.frel, fcolumns: c.fcols };
      rel.fks.push(fk);
      relations.get(c.frel)?.referencedBy.push(fk);
    }
  }
  addViewRelationships(relations, viewCols.rows);
  const functions = new Map<string, RpcFunction[]>();
  for (const f of fns.rows) {
    const modes = f.arg_modes ?? f.arg_types.map(() => 'i');
    const args: FunctionArg[] = [];
    const outColumns: Column[] = [];
    const firstDefault = f.nargs - f.ndefaults;
    modes.forEach((mode, i) => {
      const name = f.arg_names[i] ?? '';
      if (mode === 'i' || mode === 'b' || mode === 'v')
        args.push({ name, type: f.arg_types[i], hasDefault: args.length >= firstDefault });
      if (mode === 'o' || mode === 'b' || mode === 't') {
        outColumns.push({
          name,
          type: f.arg_types[i],
          typname: f.arg_typnames[i],
          category: '',
          notNull: false,
          hasDefault: false,
          generated: false,
          defaultExpr: null,
        });
      }
    });
    const fn: RpcFunction = {
      schema,
      name: f.name,
      args,
      volatility: f.volatility,
      returnsSet: f.returns_set,
      returnType: f.return_type,
      returnRelation: f.return_relation,
      outColumns: outColumns.length ? outColumns : null,
      returnsVoid: f.return_typname === 'void',
      rowArgRelation: f.row_arg_relation,
      rows: Number(f.rows),
    };
    const list = functions.get(f.name);
    if (list) list.push(fn);
    else functions.set(f.name, [fn]);
  }
  return { schema, relations, functions };
}

/**
 * A view that passes a table's key columns through under their own names carries that table's
 * foreign keys, both ways, so it can be embedded like the table (as PostgREST does).
 */
function addViewRelationships(
  relations: Map<string, Relation>,
  rows: { view: string; tbl: string; col: string }[],
): void {
  const used = new Map<string, Map<string, Set<string>>>();
  for (const r of rows) {
    let byTable = used.get(r.view);
    if (!byTable) used.set(r.view, (byTable = new Map()));
    let set = byTable.get(r.tbl);
    if (!set) byTable.set(r.tbl, (set = new Set()));
    set.add(r.col);
  }
  const tableFks = new Map(
    [...relations.values()].map((rel) => [rel.name, { fks: [...rel.fks], referencedBy: [...rel.referencedBy] }]),
  );
  for (const [viewName, byTable] of used) {
    const view = relations.get(viewName);
    if (!view) continue;
    for (const [tableName, colsUsed] of byTable) {
      const table = tableFks.get(tableName);
      const tableRel = relations.get(tableName);
      if (!table || !tableRel) continue;
      const passes = (cols: string[]) => cols.length > 0 && cols.every((c) => colsUsed.has(c) && view.columns.has(c));
      if (view.pk.length === 0 && passes(tableRel.pk)) view.pk = tableRel.pk;
      for (const fk of table.fks) {
        if (!passes(fk.columns)) continue;
        const copy: ForeignKey = { ...fk, table: view.name, viaView: true };
        view.fks.push(copy);
        relations.get(fk.ftable)?.referencedBy.push(copy);
      }
      for (const fk of table.referencedBy) {
        if (!passes(fk.fcolumns) || fk.table === tableName) continue;
        const copy: ForeignKey = { ...fk, ftable: view.name, viaView: true };
        view.referencedBy.push(copy);
        relations.get(fk.table)?.fks.push(copy);
      }
    }
  }
}

/** Keeps the cache of each exposed schema; concurrent reloads share one catalog read. */
export class SchemaCacheHolder {
  private current = new Map<string, SchemaCache>();
  private loading = new Map<string, Promise<SchemaCache>>();
  /** Bumped whenever the cached catalog changes, so plans built on an older one are dropped. */
  generation = 0;

  constructor(private readonly db: Db) {}

  async get(schema: string): Promise<SchemaCache> {
    return this.current.get(schema) ?? this.reload(schema);
  }

  reload(schema: string): Promise<SchemaCache> {
    let p = this.loading.get(schema);
    if (p) return p;
    const gen = this.generation;
    p = loadSchemaCache(this.db, schema)
      .then((cache) => {
        if (gen === this.generation) {
          this.current.set(schema, cache);
          this.generation++;
        }
        return cache;
      })
      .finally(() => this.loading.delete(schema));
    this.loading.set(schema, p);
    return p;
  }

  /** Forgets everything (NOTIFY pgrst, 'reload schema'); the next request reads the catalog again. */
  invalidate(): void {
    this.generation++;
    this.current.clear();
  }
}
