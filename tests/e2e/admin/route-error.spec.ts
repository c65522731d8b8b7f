import { test, expect, screenshot } from '../support/fixtures';
import { isPhone, loginAsAdmin } from './admin-helpers';

test.describe('a screen that fails to load', () => {
  test('says so in the admin language, and a reload brings it back', async ({ page, backend }) => {
    await loginAsAdmin(page, backend);
    // Each screen is its own chunk: the settings screen's code cannot be fetched (a dropped connection,
    // or a new version deployed while the tab was open).
    await page.route('**/assets/settings-page*.js', (route) => route.abort('internetdisconnected'));
    if (isPhone(page)) await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('navigation', { name: 'Admin' }).last().getByRole('link', { name: 'Definições' }).click();
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'Esta página não abriu' })).toBeVisible();
    await expect(alert).toContainText('As encomendas não se perdem');
    await expect(alert).toContainText(/A recarregar em (30|29|28|27) s\.\.\./);
    await screenshot(page, 'admin-route-error');

    await page.unroute('**/assets/settings-page*.js');
    await alert.getByRole('button', { name: 'Recarregar' }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByRole('heading', { name: 'Definições da Loja' })).toBeVisible();
  });
});
