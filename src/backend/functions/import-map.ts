import fs from 'node:fs';
import path from 'node:path';

export interface ImportMap {
  /** Folder that relative targets are resolved from. */
  dir: string;
  imports: Record<string, string>;
}

/** Where a function's import map may live: its own deno.json (what the Supabase CLI scaffolds), then the shared one. */
export function importMapCandidates(functionsDir: string, name: string): string[] {
  return [path.join(functionsDir, name, 'deno.json'), path.join(functionsDir, 'import_map.json')];
}

export function readImportMap(functionsDir: string, name: string): ImportMap | null {
  for (const file of importMapCandidates(functionsDir, name)) {
    if (!fs.existsSync(file)) continue;
    let parsed: { imports?: Record<string, string> };
    try {
      parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (e) {
      throw new Error(`${path.relative(functionsDir, file)} is not valid JSON: ${(e as Error).message}`);
    }
    return { dir: path.dirname(file), imports: parsed.imports ?? {} };
  }
  return null;
}

/** The mapped specifier (exact key, else the longest `prefix/` key), or null when the map does not cover it. */
export function applyImportMap(map: ImportMap, specifier: string): string | null {
  let target: string | null = map.imports[specifier] ?? null;
  if (target === null) {
    const prefix = Object.keys(map.imports)
      .filter((k) => k.endsWith('/') && specifier.startsWith(k))
      .sort((a, b) => b.length - a.length)[0];
    if (prefix) target = map.imports[prefix] + specifier.slice(prefix.length);
  }
  if (target === null) return null;
  return target.startsWith('./') || target.startsWith('../') ? path.resolve(map.dir, target) : target;
}
