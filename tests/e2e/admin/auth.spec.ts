import { test, expect, screenshot } from '../support/fixtures';
import { loginAsAdmin } from './admin-helpers';

test.describe('admin sign-in and guard', () => {
  test('an unauthenticated visit goes to the login, which returns to the page asked for', async ({ page, backend }) => {
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).toHaveText('E-mail e palavra-passe são obrigatórios.');
    await expect(page.getByRole('link', { name: 'Voltar ao site' })).toHaveAttribute('href', '/');
    // The language switch stays inside the card, at 390 px too.
    const card = (await page.locator('form').boundingBox())!;
    const switcher = (await page.getByRole('group', { name: 'Língua' }).boundingBox())!;
    expect(switcher.x + switcher.width).toBeLessThanOrEqual(card.x + card.width);
    await screenshot(page, 'admin-login');

    await loginAsAdmin(page, backend, '/admin/reservations');
    await expect(page.getByRole('heading', { name: 'Reservas' })).toBeVisible();
  });

  // The browser logs the expected 400 of a wrong password, so this test uses its own page.
  test('wrong password is refused and /admin leads to the dashboard', async ({ browser, baseURL, backend }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const admin = await backend.createAdmin();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.getByLabel('E-mail').fill(admin.email);
    await page.getByLabel('Palavra-passe').fill('not-the-password');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).toHaveText('E-mail ou palavra-passe incorretos.');
    await page.getByLabel('Palavra-passe').fill(admin.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await context.close();
  });

  test('a signed-in customer is refused with a way to sign out', async ({ page, backend }) => {
    const customer = await backend.createCustomer();
    await page.goto('/admin/login');
    await page.getByLabel('E-mail').fill(customer.email);
    await page.getByLabel('Palavra-passe').fill(customer.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Acesso reservado aos administradores')).toBeVisible();
    await expect(page.getByText(customer.email)).toBeVisible();
    await screenshot(page, 'admin-refused');
    await page.getByRole('button', { name: 'Terminar Sessão' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('the layout signs out, switches language and shows the store state', async ({ page, backend }) => {
    await loginAsAdmin(page, backend);
    await expect(page.getByTestId('store-status')).toHaveText('Loja Aberta');
    await expect(page.getByTestId('store-status')).toHaveAttribute('href', '/admin/settings');
    // On a phone the language switch lives in the drawer.
    const phone = (page.viewportSize()?.width ?? 1280) < 640;
    if (phone) await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('button', { name: 'fr', exact: true }).click();
    await expect(page.getByTestId('store-status')).toHaveText('Magasin ouvert');
    await page.getByRole('button', { name: 'pt', exact: true }).click();
    if (!phone && (page.viewportSize()?.width ?? 1280) < 1024)
      await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('button', { name: 'Terminar Sessão' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});
