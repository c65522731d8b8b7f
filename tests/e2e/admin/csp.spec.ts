import { test, expect } from '../support/fixtures';
import { watchCsp } from '../support/csp';
import { insertOrder, loginAsAdmin } from './admin-helpers';

test.describe('admin under its Content-Security-Policy', () => {
  test('login and the live dashboard run without a single CSP violation; no page may frame the admin', async ({
    page,
    backend,
  }) => {
    const violations = await watchCsp(page);
    const res = await page.goto('/admin/');
    const csp = res!.headers()['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res!.headers()['x-frame-options']).toBe('DENY');
    expect(res!.headers()['x-content-type-options']).toBe('nosniff');
    expect(res!.headers()['referrer-policy']).toBeTruthy();

    await insertOrder(backend, { customer_name: 'Cliente CSP' });
    await loginAsAdmin(page, backend);
    await expect(page.getByTestId('order-list').getByText('Cliente CSP')).toBeVisible();
    // A new order arrives over the realtime WebSocket (connect-src) while the dashboard is open.
    const order = await insertOrder(backend, { customer_name: 'Cliente Em Direto' });
    await expect(page.locator(`[data-testid="order-row"][data-order-id="${order.id}"]`)).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});
