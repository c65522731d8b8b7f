import { test, expect, screenshot } from '../support/fixtures';
import type { E2EBackend } from '../support/fixtures';
import { loginAsAdmin } from './admin-helpers';

// The owner's computer or phone set to English: a number input there read « 6,5 » as 65 (a fee saved as 65,00 €).
test.use({ locale: 'en-US' });

async function setting(backend: E2EBackend, key: string): Promise<unknown> {
  const { data } = await backend.service.from('store_settings').select('value').eq('key', key).single();
  return (data as { value: unknown }).value;
}

async function dishPrice(backend: E2EBackend, id: string): Promise<number> {
  const { data } = await backend.service.from('menu_items').select('price').eq('id', id).single();
  return Number((data as { price: number | string }).price);
}

// The worker's backend is shared with other tests: each test puts back what it changed.
test.describe('money typed as people type it, in an English browser', () => {
  test('a delivery fee typed « 6,5 » or « 6.5 » is saved as 6,50 €, and the field says so before saving', async ({
    page,
    backend,
  }) => {
    const before = await setting(backend, 'delivery_zones');
    await loginAsAdmin(page, backend, '/admin/delivery-settings');
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    try {
      const zones = page.getByTestId('zone-list').locator('li');
      // The saved zones are written as the restaurant writes amounts: nothing said under them.
      await expect(zones.first().getByLabel('Taxa (€)')).toHaveValue(/^\d+,\d\d$/);
      await expect(zones.first().getByTestId('money-preview')).toHaveCount(0);
      for (const [city, typed] of [
        ['Virgulaville', '6,5'],
        ['Pontoville', '6.5'],
      ] as const) {
        await page.getByRole('button', { name: '+ Adicionar zona' }).click();
        const zone = zones.last();
        await zone.getByLabel('Cidade').fill(city);
        const fee = zone.getByLabel('Taxa (€)');
        await fee.click();
        await fee.pressSequentially(typed);
        await expect(fee).toHaveValue(typed);
        await expect(zone.getByTestId('money-preview')).toHaveText('Será guardado: 6,50 €');
      }
      // Not an amount: said under the field at once.
      const last = zones.last();
      await last.getByLabel('Taxa (€)').fill('6,5 euros');
      await expect(last.getByTestId('money-preview')).toHaveText('Escreva um valor em euros, por exemplo 6,50');
      await expect(last.getByLabel('Taxa (€)')).toHaveAttribute('aria-invalid', 'true');
      await last.getByLabel('Taxa (€)').fill('6.5');
      await expect(last.getByTestId('money-preview')).toHaveText('Será guardado: 6,50 €');
      await screenshot(page, 'admin-money-input-zones');

      await page.getByRole('button', { name: 'Guardar zonas' }).click();
      await expect(page.getByTestId('toast')).toContainText('As zonas de entrega foram atualizadas.');
      await expect
        .poll(async () => (await setting(backend, 'delivery_zones')) as unknown[])
        .toEqual(
          expect.arrayContaining([
            { name: 'Virgulaville', fee: 6.5 },
            { name: 'Pontoville', fee: 6.5 },
          ]),
        );
      // Shown again as the restaurant writes it.
      await page.reload();
      await expect(
        zones.filter({ has: page.locator('input[value="Virgulaville"]') }).getByLabel('Taxa (€)'),
      ).toHaveValue('6,50');
    } finally {
      await backend.service
        .from('store_settings')
        .upsert({ key: 'delivery_zones', value: before }, { onConflict: 'key' });
    }
  });

  test('a dish price typed « 6,5 » in the menu is saved as 6,50 €; the dish form reads « 7.25 » as 7,25 €', async ({
    page,
    backend,
  }) => {
    const id = '32';
    const before = await dishPrice(backend, id);
    await loginAsAdmin(page, backend, '/admin/menu');
    try {
      const row = page.locator(`[data-testid="menu-row"][data-item-id="${id}"]`);
      const price = row.getByLabel(/^Preço \(€\) /);
      await expect(price).toHaveValue('15,00');
      await price.fill('');
      await price.pressSequentially('6,5');
      await expect(row.getByTestId('money-preview')).toHaveText('Será guardado: 6,50 €');
      await row.getByRole('button', { name: 'Guardar preço' }).click();
      await expect.poll(() => dishPrice(backend, id)).toBe(6.5);
      await expect(price).toHaveValue('6,50');
      await expect(row.getByTestId('money-preview')).toHaveCount(0);
      // The dish's line shows the saved price once the menu is read again (the preview is gone: not its text).
      await expect(row).toContainText('6,50 €');

      await row.getByRole('button', { name: 'Editar' }).click();
      const formPrice = page.getByLabel('Preço (€)', { exact: true });
      await expect(formPrice).toHaveValue('6,50');
      await formPrice.fill('');
      await formPrice.pressSequentially('7.25');
      await expect(page.getByText('Será guardado: 7,25 €')).toBeVisible();
      await screenshot(page, 'admin-money-input-dish');
      await page.getByRole('button', { name: 'Cancelar' }).click();
    } finally {
      await backend.service.from('menu_items').update({ price: before }).eq('id', id);
    }
  });
});
