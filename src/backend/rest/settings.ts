import fs from 'node:fs';
import path from 'node:path';
import type { BackendConfig } from '../config.js';

export interface RestSettings {
  /** Schemas served, the first being the default (config.toml `[api] schemas`, or PGRST_DB_SCHEMAS). */
  schemas: string[];
  /** `explain()` answers the query plan (PGRST_DB_PLAN_ENABLED), off by default as in PostgREST. */
  planEnabled: boolean;
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

export function restSettings(config: Pick<BackendConfig, 'supabaseDir' | 'env'>): RestSettings {
  const fromEnv = config.env.PGRST_DB_SCHEMAS?.split(',').map((s) => s.trim()).filter(Boolean);
  const plan = (config.env.PGRST_DB_PLAN_ENABLED ?? '').toLowerCase();
  return {
    schemas: fromEnv?.length ? fromEnv : (configTomlSchemas(config.supabaseDir) ?? ['public']),
    planEnabled: ['1', 'true', 'yes', 'on'].includes(plan),
  };
}
