import fs from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { applyImportMap, importMapCandidates, readImportMap, type ImportMap } from './import-map.js';
import { mapSpecifier, sameMajor } from './specifiers.js';

export interface FunctionBundle {
  code: string;
  /** The function's own source files (not node_modules) with their mtimes: any change means a rebuild. */
  inputs: { file: string; mtimeMs: number; size: number }[];
  buildMs: number;
}

/** A clear reason the function cannot be built (bad import, syntax error). */
export class FunctionBuildError extends Error {}

// Packages resolve from the functions' own folders first, then from the backend's installation.
const backendNodeModules = path.resolve(path.dirname(createRequire(import.meta.url).resolve('esbuild')), '../..');

const BUILTIN = new RegExp(`^(node:.+|(${builtinModules.map((m) => m.replace(/[/]/g, '\\/')).join('|')}))$`);

function installedVersion(resolved: string, name: string): string | null {
  for (let dir = path.dirname(resolved); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === name) return pkg.version ?? null;
  }
  return null;
}

const denoImports = (importMap: ImportMap | null): esbuild.Plugin => ({
  name: 'deno-imports',
  setup(build) {
    if (importMap) {
      // Only the function's own code follows its import map; packages keep their own resolution.
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.importer.includes('node_modules') || args.namespace !== 'file') return undefined;
        const target = applyImportMap(importMap, args.path);
        if (target === null || target === args.path) return undefined;
        if (path.isAbsolute(target)) return { path: target };
        const r = await build.resolve(target, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
        });
        return r.errors.length > 0
          ? { errors: r.errors }
          : { path: r.path, namespace: r.namespace, external: r.external };
      });
    }
    build.onResolve({ filter: /^(npm:|jsr:|https?:\/\/)/ }, async (args) => {
      const mapped = mapSpecifier(args.path);
      if (!mapped) return undefined;
      if (mapped.kind === 'unsupported') return { errors: [{ text: mapped.reason }] };
      if (mapped.kind === 'deno-std-http') return { path: 'std/http/server.ts', namespace: 'deno-shim' };
      const target = mapped.name + mapped.subpath;
      const r = await build.resolve(target, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer });
      if (r.errors.length > 0) {
        return {
          errors: [
            {
              text: `${args.path}: npm package "${mapped.name}" is not installed (npm install ${mapped.name}@${mapped.version ?? 'latest'})`,
            },
          ],
        };
      }
      const version = installedVersion(r.path, mapped.name);
      if (version && !sameMajor(mapped.version, version)) {
        return {
          errors: [{ text: `${args.path} asks for ${mapped.name}@${mapped.version}, but ${version} is installed` }],
        };
      }
      return { path: r.path, namespace: r.namespace, sideEffects: r.sideEffects };
    });
    build.onResolve({ filter: BUILTIN }, (args) => ({
      path: args.path.replace(/^node:/, ''),
      namespace: 'node-builtin',
    }));
    build.onLoad({ filter: /.*/, namespace: 'node-builtin' }, (args) => ({
      contents: `module.exports = __nodeRequire(${JSON.stringify('node:' + args.path)});`,
      loader: 'js',
    }));
    build.onLoad({ filter: /.*/, namespace: 'deno-shim' }, () => ({
      contents: 'export function serve(handler, options) { return Deno.serve(options ?? {}, handler); }',
      loader: 'js',
    }));
  },
});

/** Bundles `<functionsDir>/<name>/index.ts` and everything it imports into one script. */
export async function bundleFunction(functionsDir: string, name: string): Promise<FunctionBundle> {
  const started = performance.now();
  const entry = `./${name}/index.ts`;
  let importMap: ImportMap | null;
  try {
    importMap = readImportMap(functionsDir, name);
  } catch (e) {
    throw new FunctionBuildError((e as Error).message);
  }
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuild.build({
      // Imported for its side effect (Deno.serve) so the bundle has no exports and runs as a plain script body.
      stdin: {
        contents: `import ${JSON.stringify(entry)};`,
        resolveDir: functionsDir,
        sourcefile: 'function-entry.js',
        loader: 'js',
      },
      absWorkingDir: functionsDir,
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      mainFields: ['module', 'main'],
      conditions: ['deno', 'worker', 'import'],
      nodePaths: [backendNodeModules],
      define: { 'import.meta': '__import_meta' },
      logLevel: 'silent',
      plugins: [denoImports(importMap)],
    });
  } catch (e) {
    const errors = (e as { errors?: esbuild.Message[] }).errors;
    if (!errors) throw e;
    const text = errors
      .slice(0, 5)
      .map((m) => (m.location ? `${m.location.file}:${m.location.line}:${m.location.column}: ${m.text}` : m.text))
      .join('; ');
    throw new FunctionBuildError(text);
  }
  const sources = Object.keys(result.metafile.inputs)
    .filter((f) => !f.includes(':') && !f.includes('node_modules') && f !== 'function-entry.js')
    .map((f) => path.resolve(functionsDir, f));
  // Import maps count too, present or not: adding one changes how imports resolve.
  const inputs = [...sources, ...importMapCandidates(functionsDir, name)].map((file) => {
    const st = fs.statSync(file, { throwIfNoEntry: false });
    return { file, mtimeMs: st?.mtimeMs ?? -1, size: st?.size ?? -1 };
  });
  return { code: result.outputFiles[0].text, inputs, buildMs: performance.now() - started };
}

export function isStale(bundle: FunctionBundle): boolean {
  return bundle.inputs.some(({ file, mtimeMs, size }) => {
    const st = fs.statSync(file, { throwIfNoEntry: false });
    return (st?.mtimeMs ?? -1) !== mtimeMs || (st?.size ?? -1) !== size;
  });
}
