import type { BrowserContext, Page } from '@playwright/test';
import { test, expect, screenshot } from '../support/fixtures';

/** Chromium's virtual security key (USB, touched at once), on this page's tab. */
async function plugVirtualKey(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'usb',
      hasResidentKey: false,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Palavra-passe').fill(account.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

test.describe('security keys in the back office', () => {
  test('the owner adds a security key on « Segurança », then signs in with the password and the key', async ({
    browser,
    backend,
  }) => {
    const owner = await backend.createAdmin();
    // Browsers take a domain as the relying party, never an IP address: the back office opened at localhost.
    const context = await browser.newContext({
      baseURL: backend.url.replace('127.0.0.1', 'localhost'),
      viewport: test.info().project.use.viewport ?? null,
      locale: 'fr-LU',
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await plugVirtualKey(context, page);

    await page.goto('/admin/security');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await signIn(page, owner);
    await expect(page).toHaveURL(/\/admin\/security$/);
    await expect(page.getByRole('heading', { name: 'Chaves de segurança' })).toBeVisible();
    await page.getByRole('button', { name: 'Adicionar chave de segurança' }).click();
    await expect(page.getByTestId('mfa-keys')).toContainText('Chave de segurança');
    await expect(page.getByRole('button', { name: 'Adicionar chave de segurança' })).toBeEnabled();
    // With a key and no authenticator app, the account is protected: the first card says so.
    const appCard = page.getByTestId('mfa-app-card');
    const keysCard = page.getByTestId('mfa-keys-card');
    await expect(appCard).toContainText('Ativada');
    await expect(appCard).not.toContainText('Desativada');
    await expect(appCard.getByRole('button', { name: 'Ativar também a aplicação' })).toBeVisible();
    await screenshot(page, 'admin-security-keys');

    // A second key the server refuses: the message shows in the keys' card, not in the app's.
    await page.route('**/auth/v1/factors/*/verify', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'mfa_verification_failed', message: 'WebAuthn verification failed' }),
      }),
    );
    await page.getByRole('button', { name: 'Adicionar chave de segurança' }).click();
    await expect(keysCard.getByRole('alert')).toContainText('A chave não foi registada');
    await expect(appCard.getByRole('alert')).toHaveCount(0);
    await expect(appCard).toContainText('Ativada');
    await screenshot(page, 'admin-security-key-error');
    await page.unroute('**/auth/v1/factors/*/verify');

    // Another sign-in on this browser: the password, then the key instead of a code.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await signIn(page, owner);
    await expect(page.getByRole('heading', { name: 'Código de verificação' })).toBeVisible();
    await expect(page.getByText('Toque na chave de segurança quando o navegador pedir.')).toBeVisible();
    await expect(page.getByLabel('Código de 6 algarismos')).toHaveCount(0);
    await screenshot(page, 'admin-security-key-step');
    await page.getByRole('button', { name: 'Usar a chave de segurança' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // Removing the key from the raised session: the next sign-in needs the password only.
    await page.goto('/admin/security');
    await page.getByRole('button', { name: 'Remover' }).click();
    await expect(page.getByTestId('mfa-keys')).toHaveCount(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
