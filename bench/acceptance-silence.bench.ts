/**
 * Two admin devices ring for a waiting order ("ring until accepted" on both); staff accept it on the first.
 * Latency = the click on « Aceitar » on device A → device B's chime stops repeating (`<html data-ringing="false">`),
 * both read on the machine's clock in the browser (no Playwright round trip counted). Median and p95 over
 * BENCH_TRIES tries (20 by default), in Chromium against the built admin served by the embedded backend.
 * Prints the figures; the browser test (tests/e2e/admin/acceptance.spec.ts) proves the silence, not its speed.
 *
 *   npm run bench -- acceptance-silence      (PGlite; PostgreSQL too when TEST_DATABASE_URL or DATABASE_URL is set)
 *   BENCH_TRIES=50 npm run bench -- acceptance-silence
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { chromium, type Browser, type Page } from '@playwright/test';
import { buildStaleApps } from '../src/backend/cli/build-apps.js';
import { ensureAdmin } from '../src/backend/cli/admin-user.js';
import { startTestBackend, adminDatabaseUrl, type DbKind, type TestBackend } from '../tests/helpers/backend.js';
import {
  PG_TEMPLATE_ENV,
  PGLITE_ARCHIVE_ENV,
  preparePgliteArchive,
  preparePostgresTemplate,
} from '../tests/helpers/db-snapshot.js';
import { CHROMIUM_ARGS, chromiumExecutable } from '../tests/e2e/support/chromium.js';
import { benchDatabases } from './databases.js';

const TRIES = Math.max(1, Number(process.env.BENCH_TRIES ?? 20) || 20);
const STEP_TIMEOUT_MS = 30_000;

type Clocked = Window & { clickedAt?: number; silencedAt?: number | null };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** One device: its own browser context (its own session and sound settings), signed in, sound unlocked. */
async function device(browser: Browser, b: TestBackend, admin: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({
    baseURL: b.url,
    locale: 'fr-LU',
    timezoneId: 'Europe/Luxembourg',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  await page.goto('/admin/dashboard');
  await page.waitForURL(/\/admin\/login$/);
  await page.getByLabel('E-mail').fill(admin.email);
  await page.getByLabel('Palavra-passe').fill(admin.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
  // The first click unlocks audio; then the chime repeats until an order is accepted.
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await page.getByLabel('Tocar até confirmar').check();
  await page.waitForFunction(() => document.documentElement.dataset.liveOrders === 'live');
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  await page.evaluate(() => {
    const w = window as Clocked;
    document.addEventListener('click', () => (w.clickedAt = performance.timeOrigin + performance.now()), true);
    new MutationObserver(() => {
      if (document.documentElement.dataset.ringing === 'false' && w.silencedAt === null)
        w.silencedAt = performance.timeOrigin + performance.now();
    }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-ringing'] });
  });
  return page;
}

const untilRinging = (p: Page) => p.waitForFunction(() => document.documentElement.dataset.ringing === 'true');

async function measure(kind: DbKind, browser: Browser): Promise<number[]> {
  const b = await startTestBackend(kind);
  try {
    const service = b.serviceClient();
    const admin = { email: `bench.${crypto.randomBytes(4).toString('hex')}@exemple.lu`, password: 'Bench-Admin-1' };
    await ensureAdmin(service, admin.email, admin.password);
    const a = await device(browser, b, admin);
    const other = await device(browser, b, admin);
    const latencies: number[] = [];
    for (let i = 0; i < TRIES; i++) {
      const { data: order, error } = await service
        .from('orders')
        .insert({
          customer_name: `Banco ${i + 1}`,
          customer_phone: '+352691000111',
          customer_email: `bench.${crypto.randomBytes(4).toString('hex')}@exemple.lu`,
          delivery_method: 'pickup',
          payment_method: 'cash',
          order_items: [{ id: '32', name: 'Poulet grillé entier', quantity: 1, price: 15, options: [] }],
          total_price: 15,
          delivery_fee: 0,
          grand_total: 15,
        })
        .select('id')
        .single();
      if (error) throw new Error(`insert order: ${error.message}`);
      await Promise.all([untilRinging(a), untilRinging(other)]);
      await other.evaluate(() => ((window as Clocked).silencedAt = null));
      await a
        .locator(`[data-testid="acceptance-panel"] [data-order-id="${(order as { id: string }).id}"]`)
        .getByRole('button', { name: 'Aceitar — pronta em 20 min' })
        .click();
      await other.waitForFunction(() => (window as Clocked).silencedAt != null);
      const clickedAt = await a.evaluate(() => (window as Clocked).clickedAt!);
      const silencedAt = await other.evaluate(() => (window as Clocked).silencedAt!);
      latencies.push(silencedAt - clickedAt);
      await a.waitForFunction(() => document.documentElement.dataset.ringing === 'false');
    }
    await a.context().close();
    await other.context().close();
    return latencies;
  } finally {
    await b.close();
  }
}

buildStaleApps(process.cwd());
const kinds = benchDatabases();
process.env[PGLITE_ARCHIVE_ENV] = await preparePgliteArchive();
if (kinds.includes('postgres')) process.env[PG_TEMPLATE_ENV] = await preparePostgresTemplate(adminDatabaseUrl());
const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
try {
  console.log(`Accept on device A → device B silent, ${TRIES} tries per database, 2 browser contexts.`);
  console.log(
    `Load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
  for (const kind of kinds) {
    const sorted = (await measure(kind, browser)).sort((x, y) => x - y);
    const ms = (v: number) => `${Math.round(v)} ms`;
    console.log(
      `${kind.padEnd(8)} median ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, ` +
        `min ${ms(sorted[0])}, max ${ms(sorted.at(-1)!)} (n=${sorted.length})`,
    );
  }
  console.log(
    `Load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await browser.close();
}
