// The shop's first load, its repeat visit and its checkout, on the build served by the embedded backend,
// in Chromium. `npm run bench:shop -- --help` for the options (routes, runs, parts); it prints tables and
// exits 0, whatever the figures, and fails (exit 1) when a step fails, e.g. an order the shop refuses.
//
// 1. JS before first paint: none for a route the build prerendered (React Router's prerender, in
//    react-router.config.ts; before it scripts/prerender.ts): the backend answers its HTML with the
//    page in it, and the app's module scripts are deferred, so the browser paints before any JavaScript runs
//    (checked on the served page: <main> has content). A route served the empty shell would need the JS to
//    hydrate below before it renders.
//    JS to hydrate (deterministic): the gzipped JavaScript the route loads to become interactive, read from
//    the build's chunk graph (<dist>/shop/.vite/manifest.json): the chunks every page loads (the entry; with
//    React Router, its client entry, the root route and the layout) and the route's page chunk with
//    everything they import statically. What loads later (the data layer with the live reads, realtime and
//    the saved cart once idle, the cart panel) is not counted. The same for a build of either kind, so that
//    the two can be compared.
// 2. First visit: Lighthouse, mobile settings (slow 4G: 150 ms RTT, 1.6 Mbps down, 750 kbps up; 4x CPU
//    slowdown), simulated throttling as PageSpeed Insights does, storage and HTTP cache emptied before each
//    run. Scores, FCP, LCP, TBT, CLS and all the JavaScript transferred.
// 3. Repeat visit: a cold HTTP cache and a warm service worker. Before each run the route is opened in the
//    same Chrome profile, and opened again if needed, until the PWA's service worker controls it (it is
//    active only once its precache, every page, script, style and font of the build, is stored; it controls
//    the visits after the one that installed it), then the HTTP cache is emptied (disk and memory, as
//    Lighthouse does); Lighthouse then loads the route with `disableStorageReset`, so the service worker and
//    its caches stay. The run fails if the service worker does not hold the route's page.
//    These runs use Lighthouse's applied ("devtools") throttling of the same slow-4G profile, not its
//    simulation: the simulation replays every request as if it crossed the network (it knows the HTTP cache
//    but not the service worker), so it would charge the precached files their download again. Applied
//    throttling slows the real requests (150 ms RTT stands as 562.5 ms per request, 1.4 Mbps, 4x CPU) and
//    leaves what the service worker answers from its cache as fast as it is. Chrome slows the page's own
//    requests only: the one the worker sends itself, /env.js (network first, a few hundred bytes), is not
//    slowed. The two methods differ: compare the repeat-visit figures with each other and with the
//    targets, and with the first visit only roughly. "network KB" is what crossed the network (all types):
//    what the service worker saves.
// 4. Checkout: in Chromium driven by Playwright and throttled with CDP to the same slow-4G profile as the
//    applied throttling above (Network.emulateNetworkConditions, Emulation.setCPUThrottlingRate 4) from
//    the first request on, a phone-sized page (Lighthouse's mobile screen) opens /menu/hungryburgers,
//    puts a burger in the cart, opens it, fills the contact, picks « À emporter » and clicks « Commander »
//    (an immediate order: the bench opens the restaurant all day today, as an owner's special opening).
//    Before the click it waits until the service worker is ready, as a customer filling the form would
//    have. The shop confirms an order in place (the cart closes, a toast « Commande passée avec succès ! »
//    gives its number): that toast is the confirmation. Measured in the page: from the click event to the
//    toast in the document (a MutationObserver), and to the end of the first frame that draws it
//    (requestAnimationFrame, then a task). The order must be in the database afterwards; a refusal toast
//    fails the bench.
//
// Figures move with the machine's load: the load average is printed with each table.
// Targets (issue 13): JS ≤ 100 KB, performance ≥ 95, accessibility 100, best practices ≥ 95,
// LCP ≤ 2.0 s, TBT ≤ 150 ms, CLS ≤ 0.02 on every public route.
//
// The build measured: DIST_DIR (as for the backend) as it is, otherwise ./dist, built when stale.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import { screenEmulationMetrics, throttling } from 'lighthouse/core/config/constants.js';
import { buildStaleApps } from '../src/backend/cli/build-apps.js';
import { startBackend } from '../src/backend/server.js';
import { restaurantDate } from '../src/shared/domain/restaurant-time.js';
import { fr } from '../src/shop/i18n/fr.js';
import { CHROMIUM_ARGS, chromiumExecutable } from '../tests/e2e/support/chromium.js';
import { addToCart, fillContact, openCart } from '../tests/e2e/shop/shop-helpers.js';
import { GENEROUS_PRODUCT_LIMITS_SQL } from '../tests/helpers/rate-limits.js';
import { formatTable, median, parseShopBenchArgs, SHOP_BENCH_USAGE, type BenchPart } from './shop-bench-options.js';

/** Each public route and the page module its route loads (src/shop/app/router.tsx). */
const ALL_ROUTES: { route: string; page: string }[] = [
  { route: '/', page: 'features/pages/home-page.tsx' },
  { route: '/menu', page: 'features/menu/menu-page.tsx' },
  { route: '/menu/hungryburgers', page: 'features/menu/menu-page.tsx' },
  { route: '/contact', page: 'features/reservation/contact-page.tsx' },
  { route: '/suivi-commande', page: 'features/tracking/tracking-page.tsx' },
];
const TARGET = {
  jsKb: 100,
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  lcpMs: 2000,
  tbtMs: 150,
  cls: 0.02,
};
/** What the checkout orders, and from where (tests/e2e/shop/cart.spec.ts orders the same). */
const CHECKOUT = { route: '/menu/hungryburgers', item: 'Classic Burger' };
const SLOW_4G = throttling.mobileSlow4G;

if (process.argv.includes('--help')) {
  console.log(SHOP_BENCH_USAGE);
  process.exit(0);
}
let options: ReturnType<typeof parseShopBenchArgs>;
try {
  options = parseShopBenchArgs(
    process.argv.slice(2),
    ALL_ROUTES.map((r) => r.route),
    process.env.SHOP_BENCH_RUNS,
  );
} catch (e) {
  console.error(`${(e as Error).message}\n\n${SHOP_BENCH_USAGE}`);
  process.exit(2);
}
const RUNS = options.runs;
if (options.reports) fs.mkdirSync(options.reports, { recursive: true });
const ROUTES = ALL_ROUTES.filter((r) => options.routes.includes(r.route));
const doing = (part: BenchPart) => options.parts.includes(part);

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** Gzipped KB of the JavaScript each route loads to hydrate, as the backend serves it (zlib gzip). */
function jsToHydrate(dist: string): Map<string, number> {
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  // React Router's build names a route module's client chunk « <file>?__react-router-build-client-route »: by its file.
  const plain = (key: string) => key.replace(/\?__react-router-build-client-route$/, '');
  const manifest = Object.fromEntries(
    Object.entries(JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>).map(
      ([key, chunk]) => [plain(key), { ...chunk, imports: chunk.imports?.map(plain) }],
    ),
  ) as Record<string, ManifestChunk>;
  // Every page's chunks: the single entry (index.html) of a build before React Router's framework mode, or its
  // client entry, root route and layout.
  const shared = manifest['index.html']
    ? ['index.html']
    : Object.keys(manifest).filter((k) =>
        /(^|\/)(entry\.client\.tsx|app\/root\.tsx|app\/layout\/shop-layout\.tsx)$/.test(k),
      );
  if (shared.length === 0) throw new Error(`No entry in ${manifestFile}`);
  const closure = (key: string, seen: Set<string>) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in ${manifestFile}: update ALL_ROUTES in bench/shop.bench.ts`);
    seen.add(key);
    for (const i of chunk.imports ?? []) closure(i, seen);
  };
  const sizes = new Map<string, number>();
  for (const { route, page } of ROUTES) {
    const chunks = new Set<string>();
    for (const key of shared) closure(key, chunks);
    // The page by its path under src/shop (a build rooted there names it so; one rooted at the repository, with
    // src/shop/ before it).
    closure(manifest[page] ? page : `src/shop/${page}`, chunks);
    let bytes = 0;
    for (const key of chunks) bytes += zlib.gzipSync(fs.readFileSync(path.join(dist, manifest[key].file))).length;
    sizes.set(route, kb(bytes));
  }
  return sizes;
}

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptKb: number;
  networkKb: number;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
const loadLine = (before: string) =>
  `Load average (1, 5, 15 min): ${before} before, ${load()} after, on ${os.cpus().length} cores.`;

/** Lighthouse gave up waiting for Chrome: a busy machine, not the shop. */
class LighthouseTimeout extends Error {}

/** Takes a run again, once, when Lighthouse timed out; any other failure stops the bench. */
async function retriedOnTimeout<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof LighthouseTimeout)) throw e;
    console.warn(`${e.message}\nTaking that run again.`);
    return run();
  }
}

/** One Lighthouse run of a route, its figures; throws when Lighthouse could not load the page. */
/** Where the full report of each run goes (--reports), by route, part and run. */
const reportFile = (url: string, part: BenchPart, run: number) =>
  options.reports &&
  path.join(
    options.reports,
    `${new URL(url).pathname.replace(/^\/$/, 'home').replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${part}-${run + 1}.json`,
  );

async function lighthouseRun(url: string, port: number, extra: Flags = {}, save?: string): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    ...extra,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (save) fs.writeFileSync(save, JSON.stringify(result.lhr));
  const { categories, audits, runtimeError, runWarnings } = result.lhr;
  if (runtimeError) {
    const message = `Lighthouse could not measure ${url}: ${runtimeError.code} ${runtimeError.message}`;
    throw runtimeError.code === 'PROTOCOL_TIMEOUT' ? new LighthouseTimeout(message) : new Error(message);
  }
  if (categories.performance.score === null)
    throw new Error(`Lighthouse has no performance score for ${url}: ${runWarnings.join(' ')}`);
  const summary = audits['resource-summary']?.details as
    { items: { resourceType: string; transferSize: number }[] } | undefined;
  const transfer = (type: string) => summary?.items.find((item) => item.resourceType === type)?.transferSize ?? NaN;
  return {
    performance: Math.round((categories.performance.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
    bestPractices: Math.round((categories['best-practices'].score ?? 0) * 100),
    fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? NaN),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
    cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? NaN) * 1000) / 1000,
    scriptKb: kb(transfer('script')),
    networkKb: kb(transfer('total')),
  };
}

/**
 * Opens the route in the Chrome profile Lighthouse uses until the service worker controls it and holds the
 * route's page in its precache, then empties the HTTP cache (disk and memory): the state of a repeat visit.
 */
async function warmServiceWorker(port: number, url: string): Promise<void> {
  // Connected only for the warm-up: Lighthouse's own tab is never attached to by Playwright.
  const profile = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = profile.contexts()[0];
  const page = await context.newPage();
  try {
    // A first visit installs the worker (it stores its precache, then activates); the build's worker does not
    // claim the page that installed it, so it controls the next visit: reload when it does not control yet.
    for (let visit = 1; visit <= 2; visit++) {
      if (visit === 1) await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
      else await page.reload({ waitUntil: 'load', timeout: 60_000 });
      const state = await page.evaluate(async (route) => {
        const sw = navigator.serviceWorker;
        const active = await Promise.race([
          sw.ready.then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 60_000)),
        ]);
        const page = route === '/' ? '/index.html' : `${route}.html`;
        let precached = false;
        for (const name of await caches.keys())
          for (const request of await (await caches.open(name)).keys())
            if (new URL(request.url).pathname === page) precached = true;
        return { active, controlled: Boolean(sw.controller), precached, page };
      }, new URL(url).pathname);
      if (!state.active) throw new Error(`No service worker became active within 60 s on ${url}`);
      if (!state.precached) throw new Error(`The service worker's caches do not hold ${state.page} (opened ${url})`);
      if (!state.controlled) continue;
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
      await cdp.detach();
      return;
    }
    throw new Error(`The service worker does not control ${url} on a second visit`);
  } finally {
    await page.close();
    await profile.close(); // disconnects; the Chrome and its profile stay
  }
}

interface OrderProbe {
  clickAt: number | null;
  shownAt: number | null;
  paintedAt: number | null;
  text: string | null;
  refusal: string | null;
}

/** In the page: notes the click on the order button, then the success toast in the document and painted. */
function installOrderProbe(success: string): void {
  const probe: OrderProbe = { clickAt: null, shownAt: null, paintedAt: null, text: null, refusal: null };
  (window as unknown as { __orderProbe: OrderProbe }).__orderProbe = probe;
  const before = new Set(document.querySelectorAll('[data-testid="toast"]'));
  document.addEventListener(
    'click',
    (e) => {
      if (probe.clickAt === null && (e.target as Element).closest?.('[data-testid="order-button"]'))
        probe.clickAt = e.timeStamp;
    },
    true,
  );
  const observer = new MutationObserver(() => {
    if (probe.clickAt === null) return;
    for (const toast of document.querySelectorAll('[data-testid="toast"]')) {
      if (before.has(toast)) continue;
      if (toast.textContent?.includes(success)) {
        probe.shownAt = performance.now();
        probe.text = toast.textContent;
        observer.disconnect();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => (probe.paintedAt = performance.now());
          channel.port2.postMessage(null);
        });
        return;
      }
      if (toast.getAttribute('role') === 'alert') {
        probe.refusal = toast.textContent;
        observer.disconnect();
        return;
      }
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
}

/** One order on a throttled phone: the times from the click on « Commander » to the confirmation. */
async function checkoutRun(browser: Browser, base: string, run: number): Promise<{ shownMs: number; paintMs: number }> {
  const screen = screenEmulationMetrics.mobile;
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: screen.width, height: screen.height },
    deviceScaleFactor: screen.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(90_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_4G.requestLatencyMs,
      downloadThroughput: (SLOW_4G.downloadThroughputKbps * 1024) / 8,
      uploadThroughput: (SLOW_4G.uploadThroughputKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_4G.cpuSlowdownMultiplier });
    await page.goto(CHECKOUT.route, { timeout: 90_000 });
    // A tap before the page's code runs does nothing, as on a phone: tap again until the cart counts it.
    const badge = page.getByTestId('cart-badge');
    for (let tap = 1; !(await badge.isVisible()); tap++) {
      if (tap > 10) throw new Error(`${CHECKOUT.item} is not in the cart after 10 taps on its button`);
      await addToCart(page, CHECKOUT.item);
      await badge.waitFor({ state: 'visible', timeout: 10_000 }).catch(() => {});
    }
    // The cart's code arrives over the slow connection: give it longer than the helper's 5 s.
    await openCart(page).catch(() => page.getByTestId('cart-panel').waitFor({ state: 'visible', timeout: 60_000 }));
    const panel = page.getByTestId('cart-panel');
    const name = `Banc Commande ${run + 1}`;
    await fillContact(page, { name, phone: '+352 691 222 333' });
    await panel.getByText('À emporter', { exact: true }).click();
    const button = panel.getByTestId('order-button');
    const label = (await button.innerText()).trim();
    if (label !== fr.cart.order) throw new Error(`The order button reads « ${label} », not « ${fr.cart.order} »`);
    // The page came with the hours it was built with; the bench's special opening of today arrives with the
    // catch-up read once the live channels have joined (a few seconds on this slow phone), as a customer's would.
    const enabled = await button
      .elementHandle()
      .then((el) => page.waitForFunction((b) => !(b as HTMLButtonElement).disabled, el, { timeout: 60_000 }))
      .then(() => true)
      .catch(() => false);
    if (!enabled)
      throw new Error(
        `The order button is disabled with a full form: ${(await panel.locator('footer').innerText()).replace(/\s+/g, ' ')}`,
      );
    // A customer filling the form gives the service worker time to install: so does the bench.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
    await page.evaluate(installOrderProbe, fr.cart.successTitle);
    await button.click();
    await page.waitForFunction(
      () => {
        const p = (window as unknown as { __orderProbe: OrderProbe }).__orderProbe;
        return p.paintedAt !== null || p.refusal !== null;
      },
      null,
      { timeout: 90_000 },
    );
    const probe = await page.evaluate(() => (window as unknown as { __orderProbe: OrderProbe }).__orderProbe);
    if (probe.refusal !== null) throw new Error(`The order was refused: ${probe.refusal}`);
    if (probe.clickAt === null) throw new Error('The click on the order button was not seen');
    const number = /N° de commande : ([0-9a-f]{8})/.exec(probe.text ?? '')?.[1];
    if (!number) throw new Error(`The confirmation has no order number: ${probe.text}`);
    const { rows } = await backend.db.query<{ customer_name: string; status: string }>(
      'select customer_name, status from public.orders where id::text like $1',
      [`${number}%`],
    );
    if (rows.length !== 1 || rows[0].customer_name !== name)
      throw new Error(`Order ${number} is not in the database as placed by ${name}: ${JSON.stringify(rows)}`);
    return {
      shownMs: Math.round(probe.shownAt! - probe.clickAt),
      paintMs: Math.round(probe.paintedAt! - probe.clickAt),
    };
  } finally {
    await context.close();
  }
}

/** Opens ordering now: an all-day special opening today with no last-order margin; product limits raised. */
async function openTheRestaurantAllDay(): Promise<void> {
  await backend.db.query(GENEROUS_PRODUCT_LIMITS_SQL);
  await backend.db.query(
    `insert into public.opening_exceptions (day, is_closed, services, reason)
     values ($1, false, '[["00:00", "23:59"]]'::jsonb, '')
     on conflict (day) do update set is_closed = false, services = excluded.services, reason = ''`,
    [restaurantDate(new Date())],
  );
  await backend.db.query(
    `update public.store_settings set value = jsonb_set(value, '{last_order_minutes_before_close}', '0')
     where key = 'opening_hours'`,
  );
}

const root = process.cwd();
const dist = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(root, 'dist');
if (!process.env.DIST_DIR) buildStaleApps(root);
const hydrateKb = jsToHydrate(path.join(dist, 'shop'));
const backend = await startBackend({ port: 0, host: '127.0.0.1', dataDir: null, databaseUrl: null, distDir: dist });
/** True when the backend answers the route with its page already rendered (its <main> has content; React's
 * Suspense markers, HTML comments, may come first). */
const prerendered = async (route: string) => {
  const html = await (await fetch(`${backend.url}${route}`)).text();
  return /<main\b[^>]*>(?:\s*<!--[^>]*-->)*\s*<[a-z]/.test(html);
};
const jsKb = new Map<string, number>();
for (const { route } of ROUTES) jsKb.set(route, (await prerendered(route)) ? 0 : hydrateKb.get(route)!);

const firstRuns = new Map<string, Run[]>(ROUTES.map((r) => [r.route, []]));
const repeatRuns = new Map<string, Run[]>(ROUTES.map((r) => [r.route, []]));
const checkoutRuns: { shownMs: number; paintMs: number }[] = [];
const loads: Partial<Record<BenchPart, string>> = {};
try {
  if (doing('first') || doing('repeat')) {
    const loadBefore = load();
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumExecutable(),
      chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    });
    try {
      for (let i = 0; i < RUNS; i++) {
        for (const { route } of ROUTES) {
          const url = `${backend.url}${route}`;
          if (doing('first'))
            firstRuns
              .get(route)!
              .push(await retriedOnTimeout(() => lighthouseRun(url, chrome.port, {}, reportFile(url, 'first', i))));
          if (doing('repeat')) {
            const repeat = await retriedOnTimeout(async () => {
              await warmServiceWorker(chrome.port, url);
              return lighthouseRun(
                url,
                chrome.port,
                { disableStorageReset: true, throttlingMethod: 'devtools' },
                reportFile(url, 'repeat', i),
              );
            });
            repeatRuns.get(route)!.push(repeat);
          }
        }
      }
    } finally {
      await chrome.kill();
    }
    loads.first = loads.repeat = loadLine(loadBefore);
  }
  if (doing('checkout')) {
    const loadBefore = load();
    await openTheRestaurantAllDay();
    const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
    try {
      for (let i = 0; i < RUNS; i++) checkoutRuns.push(await checkoutRun(browser, backend.url, i));
    } finally {
      await browser.close();
    }
    loads.checkout = loadLine(loadBefore);
  }
} catch (e) {
  console.error(`\nbench:shop failed: ${(e as Error).stack ?? e}`);
  await backend.close();
  process.exit(1);
}
await backend.close();

const medians = (runs: Run[]) => {
  const m = (k: keyof Run) => median(runs.map((x) => x[k]));
  return { ...(Object.fromEntries((Object.keys(runs[0]) as (keyof Run)[]).map((k) => [k, m(k)])) as unknown as Run) };
};
const scoreHeader = ['perf', 'a11y', 'best pr.', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS'];
const scoreCells = (r: Run) => [
  r.performance,
  r.accessibility,
  r.bestPractices,
  r.fcpMs,
  r.lcpMs,
  r.tbtMs,
  Math.round(r.cls * 1000) / 1000,
];
/** The targets a route misses, or "all met". */
const verdict = (r: Run, js: number | null) => {
  const missed = [
    js !== null && js > TARGET.jsKb ? `JS before paint ${js} KB (≤ ${TARGET.jsKb})` : '',
    r.performance < TARGET.performance ? `performance ${r.performance} (≥ ${TARGET.performance})` : '',
    r.accessibility < TARGET.accessibility ? `accessibility ${r.accessibility} (${TARGET.accessibility})` : '',
    r.bestPractices < TARGET.bestPractices ? `best practices ${r.bestPractices} (≥ ${TARGET.bestPractices})` : '',
    !(r.lcpMs <= TARGET.lcpMs) ? `LCP ${r.lcpMs} ms (≤ ${TARGET.lcpMs})` : '',
    !(r.tbtMs <= TARGET.tbtMs) ? `TBT ${r.tbtMs} ms (≤ ${TARGET.tbtMs})` : '',
    !(r.cls <= TARGET.cls) ? `CLS ${r.cls} (≤ ${TARGET.cls})` : '',
  ].filter(Boolean);
  return missed.length ? `missed: ${missed.join(', ')}` : 'every target met';
};

if (doing('first')) {
  const rows = ROUTES.map(({ route }) => ({ route, m: medians(firstRuns.get(route)!) }));
  console.log(
    `\nFirst visit: median of ${RUNS} Lighthouse run(s) per route, mobile (simulated slow 4G, 4x CPU).` +
      `\nJS KB gzipped: "before paint" needed before the route renders (0: served prerendered), "hydrate" to` +
      ` become interactive (from the build), "all" transferred during the load.\n${loads.first}\n`,
  );
  console.log(
    formatTable(
      ['route', 'JS before paint', 'JS hydrate', ...scoreHeader, 'JS all'],
      rows.map(({ route, m }) => [route, jsKb.get(route)!, hydrateKb.get(route)!, ...scoreCells(m), m.scriptKb]),
    ),
  );
  for (const { route, m } of rows) console.log(`${route}: ${verdict(m, jsKb.get(route)!)}`);
}
if (doing('repeat')) {
  const rows = ROUTES.map(({ route }) => ({ route, m: medians(repeatRuns.get(route)!) }));
  console.log(
    `\nRepeat visit: cold HTTP cache, warm service worker; median of ${RUNS} Lighthouse run(s) per route, mobile` +
      ` (applied slow 4G, 4x CPU).\n"network KB": everything that crossed the network.\n${loads.repeat}\n`,
  );
  console.log(
    formatTable(
      ['route', ...scoreHeader, 'JS KB', 'network KB'],
      rows.map(({ route, m }) => [route, ...scoreCells(m), m.scriptKb, m.networkKb]),
    ),
  );
  for (const { route, m } of rows) console.log(`${route}: ${verdict(m, null)}`);
}
if (doing('checkout')) {
  const row = (label: string, values: number[]) => [
    label,
    median(values),
    Math.min(...values),
    Math.max(...values),
    values.join(', '),
  ];
  console.log(
    `\nCheckout: « Commander » clicked in the cart (pickup, ${CHECKOUT.item}), ${RUNS} order(s) on Chromium throttled` +
      ` to slow 4G (${SLOW_4G.requestLatencyMs} ms per request, ${Math.round(SLOW_4G.downloadThroughputKbps)} kbps` +
      ` down, ${Math.round(SLOW_4G.uploadThroughputKbps)} kbps up) and 4x CPU, against the embedded backend.` +
      `\n${loads.checkout}\n`,
  );
  console.log(
    formatTable(
      ['from the click on « Commander » to', 'median ms', 'min', 'max', 'runs'],
      [
        row(
          'the confirmation shown (in the page)',
          checkoutRuns.map((r) => r.shownMs),
        ),
        row(
          'its first paint',
          checkoutRuns.map((r) => r.paintMs),
        ),
      ],
    ),
  );
}
process.exit(0);
