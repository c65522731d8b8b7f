import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail, type E2EBackend } from '../support/fixtures';

const SHOTS = 'test-results/screens';

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}-${test.info().project.name}.png`, fullPage: true });
}

/** The newest sign-in e-mail to `email`: its 6-digit code and its link. */
async function signInMail(backend: E2EBackend, email: string): Promise<{ code: string; link: string }> {
  let found: { code: string; link: string } | null = null;
  await expect
    .poll(async () => {
      const [message] = await backend.mailbox(email);
      const code = message?.html ? /<b>(\d{6})<\/b>/.exec(message.html)?.[1] : undefined;
      const link = message?.html ? /href="([^"]*\/auth\/v1\/verify\?[^"]*)"/.exec(message.html)?.[1] : undefined;
      if (code && link) found = { code, link: link.replace(/&amp;/g, '&') };
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

async function askForCode(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Recevoir un code par e-mail' }).click();
  const form = page.getByRole('form', { name: 'Connexion par code' });
  await expect(form).toBeVisible();
  await shot(page, 'code-ask');
  await form.getByLabel('E-mail').fill(email);
  await form.getByRole('button', { name: 'Recevoir le code' }).click();
  await expect(page.getByRole('heading', { name: 'Entrez le code reçu par e-mail' })).toBeVisible();
  await expect(page.getByText(`Nous venons d’envoyer un code à 6 chiffres à ${email}.`)).toBeVisible();
}

test.describe('sign-in with a code e-mailed instead of the password', () => {
  test('a customer types the code of the e-mail and is signed in', async ({ page, backend }) => {
    const customer = await backend.createCustomer();
    await askForCode(page, customer.email);
    await shot(page, 'code-enter');
    const { code } = await signInMail(backend, customer.email);
    const form = page.getByRole('form', { name: 'Entrez le code reçu par e-mail' });
    await form.getByLabel('Code à 6 chiffres').fill(code);
    await form.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/profil$/);
    await expect(page.getByTestId('profile-email')).toHaveText(customer.email);
    await shot(page, 'code-signed-in');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('a new visitor follows the link of the e-mail instead and lands signed in on the profile', async ({
    page,
    backend,
  }) => {
    const email = uniqueEmail('code');
    await askForCode(page, email);
    const { link } = await signInMail(backend, email);
    await page.goto(link);
    await expect(page).toHaveURL(/\/profil$/);
    await expect(page.getByTestId('profile-email')).toHaveText(email);
    // The link is spent: following it again signs nobody in, and the page says so.
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText(
      'Ce lien a déjà servi ou n’est plus valable. Demandez un nouveau code.',
    );
    await expect(page.getByRole('form', { name: 'Connexion par code' })).toBeVisible();
    await shot(page, 'code-link-spent');
  });

  test('back to the password form from the code form', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Recevoir un code par e-mail' }).click();
    await page.getByRole('button', { name: 'Se connecter avec un mot de passe' }).click();
    await expect(page.getByRole('form', { name: 'Se connecter' }).getByLabel('Mot de passe')).toBeVisible();
  });
});
