import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumExecutable } from '../e2e/support/chromium.js';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
});
afterAll(async () => browser?.close());

describe.each(testDatabases())('mailbox page in Chromium on %s', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind, { supabaseDir: 'tests/fixtures/empty-supabase' });
  });
  afterAll(async () => b?.close());

  it('lists messages on a phone, renders e-mail HTML sandboxed, and picks up new messages', async () => {
    await b.context.mailer.sendEmail({
      to: 'Ana Silva <ana@example.lu>',
      subject: 'Commande reçue – 12,50 €',
      html: '<h1 id="t">Obrigado, Ana !</h1><script>document.getElementById("t").textContent = "script ran"; parent.document.title = "pwned";</script>',
    });
    await b.context.mailer.sendSms({ to: '621 123 456', body: 'Votre commande est prête.' });
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    try {
      // The printed link: its key becomes a cookie and leaves the address bar.
      await page.goto(b.mailboxUrl!);
      expect(page.url()).toBe(`${b.url}/_mailbox`);
      const cards = page.locator('article');
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(2);
      expect(await cards.nth(0).innerText()).toContain('Votre commande est prête.');
      expect(await cards.nth(0).innerText()).toContain('+352621123456');
      expect(await cards.nth(1).innerText()).toContain('Commande reçue – 12,50 €');
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);

      await cards.nth(1).locator('summary').click();
      const iframe = cards.nth(1).locator('iframe');
      expect(await iframe.getAttribute('sandbox')).toBe('');
      const frame = await (await iframe.elementHandle())!.contentFrame();
      await expect
        .poll(
          async () =>
            frame!
              .locator('#t')
              .textContent()
              .catch(() => null),
          { timeout: 10_000 },
        )
        .toBe('Obrigado, Ana !');
      expect(await page.title()).not.toBe('pwned');

      await b.context.mailer.sendEmail({
        to: 'bo@example.lu',
        subject: 'Réservation confirmée',
        html: '<p>4 personnes</p>',
      });
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(3);
      expect(await cards.nth(0).innerText()).toContain('Réservation confirmée');
      // The e-mail that was open stays open across the refresh.
      expect(await cards.nth(2).locator('details').getAttribute('open')).toBe('');

      await page.fill('#filter', 'bo@example.lu');
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(1);
      expect(pageErrors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
