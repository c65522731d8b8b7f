import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { DEFAULT_RESTAURANT_IDENTITY } from '../../../src/shared/domain/restaurant';
import { loginAsAdmin, customerBrowser } from './admin-helpers';

const SHOTS = 'test-results/screens';
const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${test.info().project.name}.png`, fullPage: true });
};

// The worker's backend is shared with other tests: the identity is put back at the end.
test('the owner changes the phone number in the settings and the shop shows it', async ({ page, backend, browser }) => {
  test.setTimeout(240_000); // admin and a customer's browser in one story, on a loaded machine
  await loginAsAdmin(page, backend, '/admin/settings');
  const { context: customer, shop } = await customerBrowser(browser);
  try {
    await shop.goto(`${backend.url}/contact`);
    const phoneCard = shop.getByRole('link', { name: /Téléphone/ });
    await expect(phoneCard).toContainText(DEFAULT_RESTAURANT_IDENTITY.phone_display);

    const form = page.getByTestId('restaurant-identity');
    await expect(form.getByLabel('Nome do restaurante')).toHaveValue(DEFAULT_RESTAURANT_IDENTITY.name);
    // Bad input: a clear Portuguese message beside each field, nothing written.
    await form.getByLabel('Telefone').fill('abc');
    await form.getByLabel('Facebook (ligação)').fill('http://facebook.com/x');
    await form.getByRole('button', { name: 'Guardar dados' }).click();
    await expect(page.getByTestId('toast')).toContainText('Corrija os campos assinalados.');
    await expect(form.getByText('Número de telefone inválido (ex.: +352 26 58 40 12).')).toBeVisible();
    await expect(form.getByText('A ligação deve começar por https://.')).toBeVisible();
    await expect(form.getByLabel('Telefone')).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Telefone').scrollIntoViewIfNeeded();
    await shot(page, 'admin-identity-errors');
    const { data: unchanged } = await backend.service
      .from('store_settings')
      .select('value')
      .eq('key', 'restaurant')
      .single();
    expect(unchanged!.value).toEqual(DEFAULT_RESTAURANT_IDENTITY);

    await form.getByLabel('Facebook (ligação)').fill(DEFAULT_RESTAURANT_IDENTITY.facebook_url);
    await form.getByLabel('Telefone').fill('+352 26 58 40 99');
    await form.getByRole('button', { name: 'Guardar dados' }).click();
    await expect(page.getByTestId('toast')).toContainText('Os dados do restaurante foram guardados.');
    await expect
      .poll(async () => {
        const { data } = await backend.service.from('store_settings').select('value').eq('key', 'restaurant').single();
        return data!.value;
      })
      .toEqual({ ...DEFAULT_RESTAURANT_IDENTITY, phone: '+35226584099', phone_display: '+352 26 58 40 99' });
    await expect(form.getByLabel('Telefone')).toHaveValue('+352 26 58 40 99');
    await shot(page, 'admin-identity-saved');

    // The open shop page follows through realtime, without a reload.
    await expect(phoneCard).toContainText('+352 26 58 40 99');
    await expect(phoneCard).toHaveAttribute('href', 'tel:+35226584099');
    await expect(shop.locator('footer').getByRole('link', { name: '+352 26 58 40 99' })).toBeVisible();
    await shot(shop, 'shop-contact');
    await shop.goto(`${backend.url}/mentions-legales`);
    await expect(shop.getByText('Téléphone : +352 26 58 40 99 · E-mail :')).toBeVisible();
  } finally {
    await customer.close();
    await backend.service
      .from('store_settings')
      .upsert({ key: 'restaurant', value: DEFAULT_RESTAURANT_IDENTITY }, { onConflict: 'key' });
  }
});
