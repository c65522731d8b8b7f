import { test, expect, screenshot } from '../support/fixtures';
import { insertOrder, loginAsAdmin } from './admin-helpers';

test.describe('ticket printing', () => {
  test.beforeEach(async ({ page }) => {
    // Count print() calls instead of opening the system dialog.
    await page.addInitScript(() => {
      (window as unknown as { printCalls: number }).printCalls = 0;
      window.print = () => void (window as unknown as { printCalls: number }).printCalls++;
    });
  });

  test('the print page shows the ticket in an 80 mm box and prints itself after 500 ms', async ({ page, backend }) => {
    // Accepted for 12:45 (Luxembourg): the paper the kitchen works from says when.
    const order = await insertOrder(backend, {
      customer_name: 'Paula Ticket',
      status: 'Bien reçu',
      ready_at: '2026-11-19T11:45:00Z',
    });
    await loginAsAdmin(page, backend);
    const opened = Date.now();
    await page.goto(`/admin/print-order/${order.id}`);
    const ticket = page.getByTestId('ticket');
    await expect(ticket).toContainText(`Commande n° ${order.id.slice(0, 8)}`);
    await expect(ticket).toContainText('Client : Paula Ticket');
    await expect(ticket).toContainText('Livrée vers 12:45');
    await expect(ticket).toContainText('TOTAL');
    await expect(ticket).toHaveAttribute('data-columns', '42');
    const box = await ticket.boundingBox();
    expect(Math.round(box!.width)).toBe(302); // 80 mm at 96 dpi
    await expect.poll(() => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(1);
    expect(Date.now() - opened).toBeGreaterThanOrEqual(500);
    await page.getByRole('button', { name: 'Imprimir' }).click();
    expect(await page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(2);
    await expect(page.getByRole('button', { name: 'Fechar' })).toBeVisible();
    await screenshot(page, 'admin-print-order');
  });

  test('the thermal popup uses 32 columns; an unknown order says so', async ({ page, backend }) => {
    const order = await insertOrder(backend);
    await loginAsAdmin(page, backend);
    await page.goto(`/admin/thermal-print/${order.id}`);
    await expect(page.getByTestId('ticket')).toHaveAttribute('data-columns', '32');
    await page.goto('/admin/print-order/00000000-0000-0000-0000-000000000000');
    await expect(page.getByRole('alert').filter({ hasText: 'Commande non trouvée' }).first()).toBeVisible();
    await expect(page.getByTestId('toast')).toContainText('Commande non trouvée.');
    expect(await page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(0);
  });

  test('the order detail opens the thermal popup at 302x600', async ({ page, backend }) => {
    const order = await insertOrder(backend);
    await page.addInitScript(() => {
      const open = window.open.bind(window);
      window.open = (...args: Parameters<typeof window.open>) => {
        (window as unknown as { openedWith: unknown[] }).openedWith = args;
        return open(...args);
      };
    });
    await loginAsAdmin(page, backend, `/admin/order/${order.id}`);
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Talão térmico' }).click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toContain(`/admin/thermal-print/${order.id}`);
    const [, , features] = await page.evaluate(() => (window as unknown as { openedWith: string[] }).openedWith);
    expect(features).toContain('width=302,height=600');
    // Phone emulation adds a few pixels of its own; a desktop browser gives exactly 302x600.
    const [w, h] = await popup.evaluate(() => [window.innerWidth, window.innerHeight]);
    expect(Math.abs(w! - 302)).toBeLessThanOrEqual(8);
    expect(Math.abs(h! - 600)).toBeLessThanOrEqual(8);
    await popup.close();
  });
});
