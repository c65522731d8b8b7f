import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail, type E2EBackend } from '../support/fixtures';
import { addToCart, choosePreorder, fillContact, openCart, signInAs } from './shop-helpers';

const SHOTS = 'test-results/screens';

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}-${test.info().project.name}.png`, fullPage: true });
}

const consent = async (backend: E2EBackend, email: string) =>
  (
    await backend.db.query<{ consented: boolean; consented_at: string | null; source: string }>(
      `select consented, consented_at, source from public.promotion_consents where inbox = public.email_recipient_key($1)`,
      [email],
    )
  ).rows[0];

test.describe('promotional e-mail: consent and unsubscribe', () => {
  test('the profile’s offers box is off by default, saved with its date, and unticked as easily', async ({
    page,
    backend,
  }) => {
    const customer = await backend.createCustomer();
    await signInAs(page, customer);
    const section = page.getByRole('region', { name: 'Nos offres par e-mail' });
    const box = section.getByRole('checkbox', { name: /Je souhaite recevoir les offres/ });
    await expect(box).toBeEnabled();
    await expect(box).not.toBeChecked();
    await box.check();
    await expect(page.getByTestId('toast')).toContainText('Vous recevrez nos offres par e-mail.');
    await expect(section).toContainText(/Accepté le \d{2}\/\d{2}\/\d{4}/);
    expect(await consent(backend, customer.email)).toMatchObject({ consented: true, source: 'account' });
    await expect(page.getByTestId('toast')).toBeHidden({ timeout: 15_000 });
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'consent-profile');
    await box.uncheck();
    await expect(page.getByTestId('toast')).toContainText('Vous ne recevrez plus nos offres par e-mail.');
    expect(await consent(backend, customer.email)).toMatchObject({ consented: false });
  });

  test('the cart’s offers box appears with an e-mail, unticked', async ({ page }) => {
    await page.goto('/menu/grillades');
    await addToCart(page, 'Poulet entier grillé');
    await openCart(page);
    const panel = page.getByTestId('cart-panel');
    await expect(panel.getByTestId('checkout-promotion-consent')).toHaveCount(0);
    await panel.getByLabel(/E-mail/).fill('ana@exemple.lu');
    const box = panel.getByRole('checkbox', { name: /Recevoir les offres de la Churrasqueira/ });
    await expect(box).not.toBeChecked();
    await box.check();
    await expect(box).toBeChecked();
    await box.scrollIntoViewIfNeeded();
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/consent-checkout-${test.info().project.name}.png` });
  });

  test('an order placed with the box ticked records the consent of its e-mail, dated', async ({ page, backend }) => {
    const email = uniqueEmail('panier');
    await page.goto('/menu/hungryburgers');
    await addToCart(page, 'Classic Burger');
    await addToCart(page, 'Classic Burger');
    await openCart(page);
    const panel = page.getByTestId('cart-panel');
    await fillContact(page, { name: 'Ana Pereira', phone: '+352 691 222 444', email });
    await panel.getByText('À emporter', { exact: true }).click();
    await choosePreorder(page);
    await panel.getByRole('checkbox', { name: /Recevoir les offres de la Churrasqueira/ }).check();
    await panel.getByTestId('order-button').click();
    await expect(page.getByTestId('toast')).toContainText('Commande passée avec succès !');
    await expect.poll(async () => (await consent(backend, email))?.source).toBe('checkout');
    const saved = await consent(backend, email);
    expect(saved!.consented).toBe(true);
    expect(Math.abs(Date.parse(saved!.consented_at!) - Date.now())).toBeLessThan(120_000);
  });

  test('a promotion’s link unsubscribes its address in one click, without signing in', async ({
    page,
    backend,
    baseURL,
  }) => {
    const email = uniqueEmail('promo');
    const other = uniqueEmail('promo');
    for (const e of [email, other])
      await backend.db.query(`select public.record_promotion_consent($1, true, 'checkout')`, [e]);
    const admin = await backend.createAdmin();
    const signIn = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    const sent = await fetch(`${backend.url}/functions/v1/send-bulk-email`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ recipientEmails: [email], subject: 'Mardi gourmand', message: 'Poulet entier à 12,50 €' }),
    });
    expect(await sent.json()).toEqual({ sent: 1, failed: [] });
    const [message] = await backend.mailbox(email);
    const link = /href="([^"]*\/desinscription\?t=[0-9a-f]{64})"/.exec(message!.html!)![1]!;
    expect(link.startsWith(baseURL!)).toBe(true);

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Ne plus recevoir nos offres' })).toBeVisible();
    // Opening the page alone changes nothing.
    expect(await consent(backend, email)).toMatchObject({ consented: true });
    await shot(page, 'unsubscribe-page');
    await page.getByRole('button', { name: 'Me désinscrire' }).click();
    await expect(page.getByRole('status')).toContainText('Vous ne recevrez plus nos offres par e-mail.');
    await shot(page, 'unsubscribe-done');
    expect(await consent(backend, email)).toMatchObject({ consented: false, source: 'unsubscribe' });
    expect(await consent(backend, other)).toMatchObject({ consented: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
