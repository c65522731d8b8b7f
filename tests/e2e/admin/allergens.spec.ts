import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { addToCart, openCart } from '../shop/shop-helpers';
import { loginAsAdmin, customerBrowser } from './admin-helpers';

const SHOTS = 'test-results/screens';

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${test.info().project.name}.png`, fullPage: false });
}

/** The seeded « Sauce maison » (the chef's secret): its allergens are not declared yet. */
const SAUCE = 'acc-7';

test.describe('allergens (EU 1169/2011)', () => {
  test('the owner declares a dish allergens: the shop card, the cart and the « sans gluten » filter follow', async ({
    page,
    backend,
    browser,
  }) => {
    // The admin and a customer's shop side by side, on a machine shared with other builds.
    test.setTimeout(240_000);
    await loginAsAdmin(page, backend, '/admin/menu');
    const { context: customer, shop } = await customerBrowser(browser);
    await shop.goto(`${backend.url}/menu/accompagnements`);
    const card = (id: string) => shop.locator(`[data-testid="menu-item"][data-item-id="${id}"]`);
    const sauce = card(SAUCE);

    try {
      // Not declared yet is never « none »: the customer is told to ask; a dish declared without any says so.
      await expect(sauce.getByTestId('item-allergens')).toHaveText('Allergènes : renseignez-vous au restaurant');
      await expect(card('acc-1').getByTestId('item-allergens')).toHaveText(
        'Allergènes : aucun des 14 allergènes à déclarer',
      );
      await expect(card('acc-6').getByTestId('item-allergens')).toHaveText('Allergènes : œufs, moutarde');

      // The editor flags the dish and the owner declares gluten and mustard.
      const row = page.locator(`[data-testid="menu-row"][data-item-id="${SAUCE}"]`);
      await expect(row.getByTestId('allergens-to-declare')).toHaveText('Alergénios por indicar');
      await row.getByRole('button', { name: 'Editar' }).click();
      const form = page.getByTestId('dish-form');
      const allergens = form.getByTestId('dish-allergens');
      await expect(allergens.getByRole('radio', { name: /^Ainda não indicados/ })).toBeChecked();
      await expect(allergens.getByRole('checkbox')).toHaveCount(0);
      await allergens.getByRole('radio', { name: /^Indicados/ }).check();
      await expect(allergens.getByRole('checkbox')).toHaveCount(14);
      await allergens.getByRole('checkbox', { name: 'Glúten' }).check();
      await allergens.getByRole('checkbox', { name: 'Mostarda' }).check();
      await allergens.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await shot(page, 'admin-dish-allergens');
      await form.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByTestId('toast')).toContainText('Prato guardado');
      await expect(row.getByTestId('allergens-to-declare')).toHaveCount(0);
      const saved = await backend.service.from('menu_items').select('allergens').eq('id', SAUCE).single();
      expect(saved.data).toEqual({ allergens: ['gluten', 'mustard'] });

      // The open shop page follows without a reload, in words (not only a picture).
      await expect(sauce.getByTestId('item-allergens')).toHaveText('Allergènes : gluten, moutarde');
      await sauce.scrollIntoViewIfNeeded();
      await shot(shop, 'shop-card-allergens');

      // The cart line says them before the order is placed.
      await addToCart(shop, 'Sauce maison');
      await openCart(shop);
      const line = shop.getByTestId('cart-line').filter({ hasText: 'Sauce maison' });
      await expect(line.getByTestId('line-allergens')).toHaveText('Allergènes : gluten, moutarde');
      await shot(shop, 'shop-cart-allergens');
      await shop.keyboard.press('Escape');
      await expect(shop.getByTestId('cart-panel')).toHaveCount(0);

      // « sans gluten » hides the dish (and every dish with gluten, and those not declared yet), not the others.
      const filter = shop.getByTestId('allergen-filter');
      await filter.getByText('Allergies ? Filtrer la carte').click();
      await filter.getByText('sans gluten', { exact: true }).click();
      await expect(filter.getByRole('checkbox', { name: 'sans gluten' })).toBeChecked();
      await expect(sauce).toHaveCount(0);
      await expect(card('hb-1')).toHaveCount(0);
      await expect(card('39')).toHaveCount(0);
      await expect(card('acc-1')).toBeVisible();
      await expect(card('acc-6')).toBeVisible();
      await expect(filter.getByRole('status')).toHaveText(/^\d+ plats masqués$/);
      await filter.scrollIntoViewIfNeeded();
      await shot(shop, 'shop-filter-sans-gluten');
      await filter.getByRole('button', { name: 'Tout afficher' }).click();
      await expect(sauce).toBeVisible();
      await expect(filter.getByRole('status')).toHaveText('Aucun plat masqué');

      // After a reload (the page prerendered with the seeded menu, then the live one) the card keeps them.
      await shop.reload();
      await expect(card(SAUCE).getByTestId('item-allergens')).toHaveText('Allergènes : gluten, moutarde');
    } finally {
      await backend.service.from('menu_items').update({ allergens: null }).eq('id', SAUCE);
      await customer.close();
    }
  });
});
