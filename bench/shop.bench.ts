// Lighthouse (mobile settings) on the built shop served by the embedded backend, in Chromium:
// JavaScript transferred (gzip) for the first load of / and /menu, performance and accessibility scores.
// Targets: ≤ 150 KB of JavaScript for the first route, performance ≥ 90, accessibility ≥ 95.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildStaleApps } from '../src/backend/cli/build-apps.js';
import { startBackend } from '../src/backend/server.js';
import { CHROMIUM_ARGS, chromiumExecutable } from '../tests/e2e/support/chromium.js';

const TARGET_JS_KB = 150;
const TARGET_PERF = 90;
const TARGET_A11Y = 95;

interface Row {
  route: string;
  jsKb: number;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
}

buildStaleApps(process.cwd());
const backend = await startBackend({ port: 0, host: '127.0.0.1', dataDir: null, databaseUrl: null });
const chrome = await chromeLauncher.launch({
  chromePath: chromiumExecutable(),
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});
const rows: Row[] = [];
try {
  for (const route of ['/', '/menu']) {
    const result = await lighthouse(`${backend.url}${route}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${route}`);
    const lhr = result.lhr;
    const summary = lhr.audits['resource-summary']?.details as
      { items: { resourceType: string; transferSize: number }[] } | undefined;
    const script = summary?.items.find((i) => i.resourceType === 'script')?.transferSize ?? NaN;
    rows.push({
      route,
      jsKb: Math.round((script / 1024) * 10) / 10,
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
      tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
    });
  }
} finally {
  await chrome.kill();
  await backend.close();
}

console.log('\nShop, Lighthouse mobile settings (simulated slow 4G, 4x CPU slowdown):\n');
console.table(
  rows.map((r) => ({
    route: r.route,
    'JS gzip KB': r.jsKb,
    performance: r.performance,
    accessibility: r.accessibility,
    'LCP ms': r.lcpMs,
    'TBT ms': r.tbtMs,
  })),
);
const first = rows[0];
const verdicts = [
  `JS for the first route: ${first.jsKb} KB (target ≤ ${TARGET_JS_KB}): ${first.jsKb <= TARGET_JS_KB ? 'met' : 'missed'}`,
  ...rows.map(
    (r) =>
      `${r.route} performance ${r.performance} (target ≥ ${TARGET_PERF}): ${r.performance >= TARGET_PERF ? 'met' : 'missed'}`,
  ),
  ...rows.map(
    (r) =>
      `${r.route} accessibility ${r.accessibility} (target ≥ ${TARGET_A11Y}): ${r.accessibility >= TARGET_A11Y ? 'met' : 'missed'}`,
  ),
];
for (const v of verdicts) console.log(v);
process.exit(0);
