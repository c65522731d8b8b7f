import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { loginAsAdmin, customerBrowser } from './admin-helpers';

const SHOTS = 'test-results/screens';
const PICTURE = path.resolve('src/shop/public/images/offer-chicken.webp');

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${test.info().project.name}.png`, fullPage: false });
}

test.describe('offers', () => {
  test('the owner publishes an offer with a picture and a price; the open home page shows it, then drops it', async ({
    page,
    backend,
    browser,
  }) => {
    test.setTimeout(180_000);
    const title = `Menu do mês ${crypto.randomBytes(2).toString('hex')}`;
    await loginAsAdmin(page, backend, '/admin/offers');
    const { context: customer, shop } = await customerBrowser(browser);
    await shop.goto(`${backend.url}/`);
    await expect(shop.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    // The seeded offer (October 2025) is over: no block for it.
    await expect(shop.getByRole('region', { name: /Poulet grillé entier/ })).toHaveCount(0);

    await page.getByRole('button', { name: '+ Nova oferta' }).click();
    const form = page.getByTestId('offer-form');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(form.getByRole('alert')).toHaveText('Indique um título (1 a 80 caracteres, numa só linha).');
    await form.getByLabel('Título (até 80 caracteres)').fill(title);
    await form.getByLabel('Texto (até 300 caracteres)').fill('O frango inteiro no carvão, para levar ou entregue.');
    await form.getByRole('combobox', { name: /^Prato/ }).selectOption('32');
    await form.getByLabel('Preço especial (€)').fill('zero');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'Preço especial inválido: um valor acima de 0 e até 1000 €, por exemplo 12,50.',
    );
    await form.getByLabel('Preço especial (€)').fill('11,90');
    await form.getByRole('combobox', { name: /^Válido para/ }).selectOption('both');
    await form.getByLabel('Escolher foto (telemóvel ou PC)').setInputFiles(PICTURE);
    await expect(form.getByTestId('photo-preview')).toBeVisible();
    await shot(page, 'admin-offer-form');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByTestId('toast')).toContainText('Oferta publicada');

    const row = page.getByTestId('offer-row').filter({ hasText: title });
    await expect(row).toContainText('Em curso');
    await expect(row).toContainText('Poulet entier grillé a 11,90 € (Take-away e entrega)');
    const stored = (await backend.service.from('offers').select('*').eq('title', title).single()).data!;
    expect(stored).toMatchObject({ item_id: '32', price: 11.9, delivery_method: 'both' });
    expect(String(stored.image_url)).toMatch(
      /\/storage\/v1\/object\/public\/menu-images\/offers\/offer-[a-z0-9-]+\.webp$/,
    );
    await shot(page, 'admin-offers');

    // The open home page shows it without a reload: title, dates, price, picture, order and call buttons.
    const block = shop.getByRole('region', { name: title });
    await expect(block).toBeVisible({ timeout: 30_000 });
    await expect(block).toContainText('11,90€');
    await expect(block).toContainText('au lieu de 15,00€');
    await expect(block).toContainText('Offre spéciale');
    await expect(block.getByRole('link', { name: 'Commander' })).toHaveAttribute('href', '/menu');
    await expect(block.getByRole('link', { name: /Appeler/ })).toHaveAttribute('href', /^tel:\+352/);
    await expect(block.locator('img')).toHaveAttribute('src', String(stored.image_url));
    await block.scrollIntoViewIfNeeded();
    await shot(shop, 'home-offer');

    // Deleted in the admin: gone from the home page.
    await row.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByTestId('toast')).toContainText('Oferta eliminada');
    await expect(block).toHaveCount(0, { timeout: 30_000 });
    await customer.close();
  });
});
