import fs from 'node:fs';
import { chromium } from '@playwright/test';

/** Playwright's own Chromium if installed, else CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export function chromiumExecutable(): string | undefined {
  try {
    const own = chromium.executablePath();
    if (own && fs.existsSync(own)) return undefined; // let Playwright use its own build
  } catch {
    /* not installed */
  }
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  const found = candidates.find((p) => p && fs.existsSync(p));
  if (!found) {
    throw new Error(
      'No Chromium found for the browser tests. Install one: `npx playwright install chromium`, ' +
        'or on Debian/Ubuntu `apt-get install -y chromium`, or set CHROMIUM_PATH to a Chromium/Chrome binary.',
    );
  }
  return found;
}

export const CHROMIUM_ARGS = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--autoplay-policy=no-user-gesture-required',
  ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
];
