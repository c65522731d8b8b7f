import fs from 'node:fs';
import path from 'node:path';
import { bundleFunction, isStale, type FunctionBundle } from './bundle.js';
import { startRealm, type FunctionRealm } from './realm.js';

export interface LoadedFunction extends FunctionRealm {
  bundle: FunctionBundle;
}

/**
 * Builds each function on first call and keeps it; a change to any of its source files
 * (its folder or _shared/) builds and starts it afresh on the next call.
 */
export function createFunctionRegistry(functionsDir: string, envFor: (name: string) => Record<string, string>) {
  const loaded = new Map<string, Promise<LoadedFunction>>();

  async function load(name: string): Promise<LoadedFunction> {
    const bundle = await bundleFunction(functionsDir, name);
    const realm = await startRealm(name, bundle.code, path.join(functionsDir, name, 'index.ts'), envFor(name));
    return { ...realm, bundle };
  }

  return {
    exists(name: string): boolean {
      return fs.existsSync(path.join(functionsDir, name, 'index.ts'));
    },
    async get(name: string): Promise<LoadedFunction> {
      let current = loaded.get(name);
      if (current) {
        const fn = await current.catch(() => null);
        // A failed build is retried on the next call; a stale one is replaced.
        if (fn && !isStale(fn.bundle)) return fn;
        if (loaded.get(name) === current) loaded.delete(name);
      }
      current = loaded.get(name);
      if (!current) {
        current = load(name);
        loaded.set(name, current);
        current.catch(() => {
          if (loaded.get(name) === current) loaded.delete(name);
        });
      }
      return current;
    },
  };
}
