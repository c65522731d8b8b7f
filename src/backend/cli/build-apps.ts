import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

interface AppBuild {
  name: 'shop' | 'admin';
  config: string;
  sources: string[];
}

const APPS: AppBuild[] = [
  {
    name: 'shop',
    config: 'vite.shop.config.ts',
    // React Router's config and the build's steps around its prerender (scripts/shop-build.ts) make the shop too.
    sources: ['src/shop', 'src/shared', 'public/shop', 'react-router.config.ts', 'scripts/shop-build.ts'],
  },
  { name: 'admin', config: 'vite.admin.config.ts', sources: ['src/admin', 'src/shared', 'public/admin'] },
];

function newestMtime(p: string): number {
  const st = fs.statSync(p, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

/** True when the built app is missing or older than any of its sources. */
export function isStale(root: string, app: AppBuild): boolean {
  const built = fs.statSync(path.join(root, 'dist', app.name, 'index.html'), { throwIfNoEntry: false });
  if (!built) return true;
  const inputs = [...app.sources, app.config, 'package-lock.json', 'tsconfig.web.json'].map((s) =>
    newestMtime(path.join(root, s)),
  );
  return Math.max(...inputs) > built.mtimeMs;
}

/** Builds the shop and the admin with vite when they are missing or out of date. */
export function buildStaleApps(root: string, { force = false } = {}): void {
  for (const app of APPS) {
    if (!fs.existsSync(path.join(root, app.config))) continue;
    if (!force && !isStale(root, app)) continue;
    console.log(`Building the ${app.name} (vite build --config ${app.config})…`);
    const started = Date.now();
    const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
    const r = spawnSync(process.execPath, [vite, 'build', '--config', app.config, '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error(`Building the ${app.name} failed (exit ${r.status}). See the output above.`);
    console.log(`Built the ${app.name} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
}
