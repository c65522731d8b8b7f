import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { insertOrder, isPhone, loginAsAdmin } from './admin-helpers';

const SHOTS = 'test-results/screens';

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${isPhone(page) ? 390 : 1280}.png`, fullPage: true });
}

async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return {
    name: download.suggestedFilename(),
    json: JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as Record<string, any>,
  };
}

test.describe('Clientes: a customer’s data on request', () => {
  test('the owner exports, then erases a registered customer after a confirmation', async ({ page, backend }) => {
    const customer = await backend.createCustomer();
    const order = await insertOrder(backend, {
      customer_email: customer.email,
      customer_name: 'Cliente Pedido',
      user_id: customer.id,
      status: 'Livrée',
    });
    await loginAsAdmin(page, backend, '/admin/customers');
    const row = isPhone(page)
      ? page.getByTestId('record-card').filter({ hasText: customer.email })
      : page.getByRole('row').filter({ hasText: customer.email });

    const file = await downloaded(page, () => row.getByRole('button', { name: 'Exportar dados' }).click());
    expect(file.name).toMatch(/^dados-cliente-.*-\d{4}-\d{2}-\d{2}\.json$/);
    expect(file.json.profile).toMatchObject({ id: customer.id, email: customer.email });
    expect(file.json.orders.map((o: { id: string }) => o.id)).toEqual([order.id]);
    await expect(page.getByTestId('toast')).toContainText('Dados exportados');
    await expect(page.getByTestId('toast')).toBeHidden({ timeout: 15_000 });

    await row.getByRole('button', { name: 'Apagar dados' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Apagar os dados deste cliente?');
    await expect(dialog).toContainText(`${customer.email}: as encomendas ficam para a contabilidade`);
    await expect(dialog).toContainText('A conta é apagada');
    await shot(page, 'admin-customer-erase-dialog');
    if (!isPhone(page)) {
      // A window made narrow and wide again swaps the table for cards and back: the question stays open.
      await page.setViewportSize({ width: 600, height: 800 });
      await expect(page.getByTestId('customers-table-cards')).toBeVisible();
      await expect(dialog).toContainText(`${customer.email}: as encomendas ficam para a contabilidade`);
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(page.getByTestId('customers-table')).toBeVisible();
      await expect(dialog).toContainText('Apagar os dados deste cliente?');
    }
    // Cancelling keeps everything.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Apagar dados' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Apagar definitivamente' }).click();
    await expect(page.getByTestId('toast')).toContainText('Dados apagados');
    await expect(row).toHaveCount(0);
    const { data } = await backend.service
      .from('orders')
      .select('customer_name, customer_email')
      .eq('id', order.id)
      .single();
    expect(data).toEqual({ customer_name: 'Client anonymisé', customer_email: null });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('the owner exports and erases a guest known by phone', async ({ page, backend }) => {
    const phone = `+352 621 ${String(Date.now()).slice(-6, -3)} ${String(Date.now()).slice(-3)}`;
    const order = await insertOrder(backend, {
      customer_email: null,
      customer_phone: phone,
      customer_name: 'Convidado Telefone',
      status: 'Livrée',
    });
    await loginAsAdmin(page, backend, '/admin/customers');
    const guest = page.getByTestId('guest-data');
    await guest.getByLabel('Telefone').fill(phone.replace(/^\+352 /, ''));
    const file = await downloaded(page, () => guest.getByRole('button', { name: 'Exportar dados' }).click());
    expect(file.json.profile).toBeNull();
    expect(file.json.orders.map((o: { id: string }) => o.id)).toEqual([order.id]);
    await shot(page, 'admin-guest-data');
    await guest.getByRole('button', { name: 'Apagar dados' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Apagar definitivamente' }).click();
    await expect(page.getByTestId('toast')).toContainText('1 encomenda(s)');
    const { data } = await backend.service
      .from('orders')
      .select('customer_name, customer_phone')
      .eq('id', order.id)
      .single();
    expect(data).toEqual({ customer_name: 'Client anonymisé', customer_phone: '—' });
  });
});
