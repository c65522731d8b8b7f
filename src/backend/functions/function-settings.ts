import fs from 'node:fs';
import path from 'node:path';

export interface FunctionSettings {
  verifyJwt: boolean;
}

/**
 * Reads `[functions.<name>] verify_jwt = …` from supabase/config.toml (the only per-function setting the
 * gateway acts on here). Re-read when the file changes.
 */
export function functionSettingsReader(supabaseDir: string): (name: string) => FunctionSettings {
  const file = path.join(supabaseDir, 'config.toml');
  let cached: { mtimeMs: number; byName: Map<string, FunctionSettings> } | null = null;

  function load(): Map<string, FunctionSettings> {
    let mtimeMs = -1;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return new Map();
    }
    if (cached?.mtimeMs === mtimeMs) return cached.byName;
    const byName = new Map<string, FunctionSettings>();
    let section: string | null = null;
    for (const raw of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
      const line = raw.replace(/\s+#.*$/, '').trim();
      const header = /^\[\s*functions\.(?:"([^"]+)"|([A-Za-z0-9_-]+))\s*\]$/.exec(line);
      if (header) {
        section = header[1] ?? header[2];
        byName.set(section, { verifyJwt: true });
        continue;
      }
      if (line.startsWith('[')) {
        section = null;
        continue;
      }
      const setting = /^verify_jwt\s*=\s*(true|false)$/.exec(line);
      if (section && setting) byName.get(section)!.verifyJwt = setting[1] === 'true';
    }
    cached = { mtimeMs, byName };
    return byName;
  }

  return (name) => load().get(name) ?? { verifyJwt: true };
}
