import fs from 'node:fs';
import path from 'node:path';
import type { BackendConfig } from '../config.js';

/** The PostgREST release whose answers are given where releases differ. */
export type PostgrestVersion = 12 | 13 | 14;

export interface RestSettings {
  /** Schemas served, the first being the default (config.toml `[api] schemas`, or PGRST_DB_SCHEMAS). */
  schemas: string[];
  /** `explain()` answers the query plan (PGRST_DB_PLAN_ENABLED), off by default as in PostgREST. */
  planEnabled: boolean;
  /**
   * The PostgREST version whose answers are given where 12.2, 13 and 14 differ (POSTGREST_VERSION=12, 13 or
   * 14, default 14): an unknown table (12: `42P01 relation … does not exist`, 13: `PGRST205`) and a spread over
   * a to-many embed (12: refused with `PGRST119`, 13: arrays); 14's are listed in docs/POSTGREST.md.
   * Max-affected is 13's and always honoured.
   */
  version: PostgrestVersion;
  /**
   * db-max-rows: the most rows a read answers at its top level (PGRST_DB_MAX_ROWS, else `[api] max_rows` of
   * config.toml, else 1000 as on hosted Supabase; `none` lifts it). Also decides when a count `estimated` turns
   * to the planner's estimate, as in PostgREST.
   */
  maxRows: number | null;
  /** The largest response body in bytes (REST_MAX_RESPONSE_BYTES, default 8 MiB): beyond it, 400 `54000`. */
  maxResponseBytes: number;
  /**
   * The largest planned cost (EXPLAIN's total cost) of a request's statement for every role but service_role
   * (REST_MAX_PLAN_COST, default 10000; 0 turns the check off). See docs/POSTGREST.md for the costs measured.
   */
  maxPlanCost: number;
  /**
   * PGlite only (one engine serves everyone, and it ignores statement_timeout): how long a request's
   * transaction of each role may hold the engine before it is ended, in milliseconds (PGLITE_TIMEOUT_ANON_MS,
   * default 1000; PGLITE_TIMEOUT_AUTHENTICATED_MS, default 1500; PGLITE_TIMEOUT_SERVICE_ROLE_MS, default none).
   * PostgreSQL applies the roles' own statement_timeout (anon 3 s, authenticated 8 s) instead.
   */
  pgliteTimeoutMs: Record<string, number | null>;
}

function listSetting(text: string): string[] {
  return [...text.matchAll(/"([^"]+)"|'([^']+)'/g)].map((m) => (m[1] ?? m[2]).trim()).filter(Boolean);
}

/** The value of `key = …` in the `[api]` section of supabase/config.toml, if there is one. */
function configTomlApi(supabaseDir: string, key: string): string | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(supabaseDir, 'config.toml'), 'utf8');
  } catch {
    return null;
  }
  let section = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\s+#.*$/, '').trim();
    const header = /^\[\s*([^\]]+?)\s*\]$/.exec(line);
    if (header) {
      section = header[1];
      continue;
    }
    const eq = line.indexOf('=');
    if (section === 'api' && eq > 0 && line.slice(0, eq).trim() === key) return line.slice(eq + 1).trim();
  }
  return null;
}

/** `schemas = [...]` in the `[api]` section of supabase/config.toml, if there is one. */
function configTomlSchemas(supabaseDir: string): string[] | null {
  const m = /^\[(.*)\]$/.exec(configTomlApi(supabaseDir, 'schemas') ?? '');
  if (!m) return null;
  const list = listSetting(m[1]);
  return list.length ? list : null;
}

/** A whole number setting: unset gives `fallback`, `none`/`off` gives null. */
function count(name: string, value: string | null | undefined, fallback: number | null): number | null {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '') return fallback;
  if (v === 'none' || v === 'off' || v === 'unlimited') return null;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number (or none), got "${value}"`);
  return n;
}

function postgrestVersion(value: string | undefined): PostgrestVersion {
  const v = (value ?? '').trim();
  if (v === '' || v === '14' || v.startsWith('14.')) return 14;
  if (v === '13' || v.startsWith('13.')) return 13;
  if (v === '12' || v.startsWith('12.')) return 12;
  throw new Error(`POSTGREST_VERSION must be 12, 13 or 14, got "${value}"`);
}

export function restSettings(config: Pick<BackendConfig, 'supabaseDir' | 'env'>): RestSettings {
  const fromEnv = config.env.PGRST_DB_SCHEMAS?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const plan = (config.env.PGRST_DB_PLAN_ENABLED ?? '').toLowerCase();
  return {
    schemas: fromEnv?.length ? fromEnv : (configTomlSchemas(config.supabaseDir) ?? ['public']),
    planEnabled: ['1', 'true', 'yes', 'on'].includes(plan),
    version: postgrestVersion(config.env.POSTGREST_VERSION),
    maxRows: count(
      'PGRST_DB_MAX_ROWS',
      config.env.PGRST_DB_MAX_ROWS ?? configTomlApi(config.supabaseDir, 'max_rows'),
      1000,
    ),
    maxResponseBytes: count('REST_MAX_RESPONSE_BYTES', config.env.REST_MAX_RESPONSE_BYTES, 8 * 1024 * 1024) ?? Infinity,
    maxPlanCost: count('REST_MAX_PLAN_COST', config.env.REST_MAX_PLAN_COST, 10_000) ?? 0,
    pgliteTimeoutMs: {
      anon: count('PGLITE_TIMEOUT_ANON_MS', config.env.PGLITE_TIMEOUT_ANON_MS, 1000),
      authenticated: count('PGLITE_TIMEOUT_AUTHENTICATED_MS', config.env.PGLITE_TIMEOUT_AUTHENTICATED_MS, 1500),
      service_role: count('PGLITE_TIMEOUT_SERVICE_ROLE_MS', config.env.PGLITE_TIMEOUT_SERVICE_ROLE_MS, null),
    },
  };
}
