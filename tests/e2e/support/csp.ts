import type { Page } from '@playwright/test';

/**
 * Records every Content-Security-Policy violation of the page and its same-origin frames, from the
 * first script on: `violations()` lists them as "directive blocked-uri".
 */
export async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener(
      'securitypolicyviolation',
      (e) => w.__csp.push(`${e.effectiveDirective} ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`),
      true,
    );
  });
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|connect|frame|apply)/i.test(m.text())) console.push(m.text());
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])),
  ];
}
