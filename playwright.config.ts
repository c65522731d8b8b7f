import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './tests/e2e/support/chromium';

const executablePath = chromiumExecutable();

// Flows whose steps and checks do not depend on the width (headers and CSP, realtime, sound, the kiosk's print
// jobs, order states) run at one width: the shop's at the phone's, where its customers order, the admin's at the
// desktop's, the counter's screen. Layouts and screenshots stay at both widths.
const SHOP_ONE_WIDTH = ['shop/csp.spec.ts', 'shop/acceptance.spec.ts'];
const ADMIN_ONE_WIDTH = ['admin/csp.spec.ts', 'admin/sound-and-kiosk.spec.ts'];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  // Long flows (sign in, order, history, tracking) on a 2-core machine that runs the vitest files at the same time.
  timeout: 120_000,
  // A check waits up to 20 s: the shop's menu arrives after its data layer is loaded (after the first paint), and two
  // workers with their backends on 2 cores have been seen to take 14 s for it. A passing check never waits longer.
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json']],
  use: {
    locale: 'fr-LU',
    timezoneId: 'Europe/Luxembourg',
    // A trace records every action's DOM and screenshots, for every test, passed or not: only the second try of a
    // failed test (npm test gives one) records it, where it shows the failure again.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: SHOP_ONE_WIDTH,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: { executablePath, args: CHROMIUM_ARGS },
      },
    },
    {
      name: 'phone',
      testIgnore: ADMIN_ONE_WIDTH,
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        launchOptions: { executablePath, args: CHROMIUM_ARGS },
      },
    },
  ],
});
