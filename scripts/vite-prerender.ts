import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * After the shop's build has written its files and before the service worker lists them: renders the
 * public pages to HTML (scripts/prerender.ts, in its own process: it starts an embedded backend).
 */
export function prerenderPages(): Plugin {
  let ssr = false;
  let outDir = '';
  return {
    name: 'prerender-pages',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      handler(error?: Error) {
        if (ssr || error) return;
        const tsx = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
        const r = spawnSync(process.execPath, [tsx, path.join(ROOT, 'scripts/prerender.ts'), outDir], {
          cwd: ROOT,
          stdio: 'inherit',
        });
        if (r.status !== 0) throw new Error(`Prerendering the shop's pages failed (exit ${r.status}).`);
      },
    },
  };
}
