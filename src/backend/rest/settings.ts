import fs from 'node:fs';
import path from 'node:path';
import type { BackendConfig } from '../config.js';

export interface RestSettings {
  /** Schemas served, the first being the default (config.toml `[api] schemas`, or PGRST_DB_SCHEMAS). */
  schemas: string[];
  /** `explain()` answers the query plan (PGRST_DB_PLAN_ENABLED), off by default as in PostgREST. */
  planEnabled: boolean;
  /**
   * The PostgREST version whose answers are given where 12.2 and 13 differ (POSTGREST_VERSION=12 or 13,
   * default 13): an unknown table (12: `42P01 relation … does not exist`, 13: `PGRST205`) and a spread over a
   * to-many embed (12: refused with `PGRST119`, 13: arrays). Max-affected is 13's and always honoured.
   */
  version: 12 | 13;
}

function listSetting(text: string): string[] {
  return [...text.matchAll(/"([^"]+)"|'([^']+)'/g)].map((m) => (m[1] ?? m[2]).trim()).filter(Boolean);
}

/** `schemas = [...]` in the `[api]` section of supabase/config.toml, if there is one. */
function configTomlSchemas(supabaseDir: string): string[] | null {
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
    const m = /^schemas\s*=\s*\[(.*)\]$/.exec(line);
    if (section === 'api' && m) {
      const list = listSetting(m[1]);
      return list.length ? list : null;
    }
  }
  return null;
}

function postgrestVersion(value: string | undefined): 12 | 13 {
  const v = (value ?? '').trim();
  if (v === '' || v === '13' || v.startsWith('13.')) return 13;
  if (v === '12' || v.startsWith('12.')) return 12;
  throw new Error(`POSTGREST_VERSION must be 12 or 13, got "${value}"`);
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
  };
}
