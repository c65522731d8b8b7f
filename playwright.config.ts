import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './tests/e2e/support/chromium';

const executablePath = chromiumExecutable();

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
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    locale: 'fr-LU',
    timezoneId: 'Europe/Luxembourg',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'desktop',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: { executablePath, args: CHROMIUM_ARGS },
      },
    },
    {
      name: 'phone',
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        launchOptions: { executablePath, args: CHROMIUM_ARGS },
      },
    },
  ],
});
