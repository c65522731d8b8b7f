import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { addToCart, browseWhileOpen, choosePreorder, fillContact, openCart, setStoreSetting } from './shop-helpers';

/** The panel is fixed over the page, so a full-page capture would miss it: keep the viewport. */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}-${test.info().project.name}.png` });
}

test.describe('cart', () => {
  test('adding merges identical lines, the badge counts units, trash at 1, persisted under cartItems', async ({
    page,
  }) => {
    await page.goto('/menu/grillades');
    await addToCart(page, 'Poulet entier grillé');
    await expect(page.getByTestId('toast')).toContainText('Article ajouté');
    await addToCart(page, 'Poulet entier grillé');
    await expect(page.getByTestId('toast')).toContainText('Quantité mise à jour');
    await addToCart(page, 'Quart de poulet grillé');
    await expect(page.getByTestId('cart-badge')).toHaveText('3');

    await openCart(page);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    const lines = page.getByTestId('cart-line');
    await expect(lines).toHaveCount(2);
    const chicken = lines.filter({ hasText: 'Poulet entier grillé' });
    await expect(chicken.getByTestId('line-quantity')).toHaveText('2');
    await expect(chicken.getByTestId('line-total')).toHaveText('30,00 €');
    await expect(page.getByTestId('subtotal')).toHaveText('35,50 €');
    await screenshot(page, 'cart');

    await chicken.getByRole('button', { name: 'Retirer un Poulet entier grillé' }).click();
    await expect(chicken.getByTestId('line-quantity')).toHaveText('1');
    await expect(chicken.getByTestId('trash-icon')).toBeVisible();
    await chicken.getByRole('button', { name: 'Supprimer Poulet entier grillé du panier' }).click();
    await expect(lines).toHaveCount(1);
    await expect(page.getByTestId('toast')).toContainText('Article retiré');
    // The toast in the panel goes after 5 s, in the middle of the Tab cycles below on a slow machine: when Tab had
    // just put the focus on its close button, the focus went with it to <body>. Close it first, and wait until gone.
    await page.getByTestId('toast').getByRole('button', { name: 'Fermer la notification' }).click();
    await expect(page.getByTestId('toast')).toHaveCount(0);

    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]'));
    expect(saved).toMatchObject([{ id: '30', quantity: 1, uniqueId: '30' }]);
    // A modal <dialog> in the browser's top layer: the page behind is inert while it is open, and keyboard
    // focus stays in the panel.
    expect(
      await page.evaluate(() => document.querySelector('[data-testid="cart-panel"]')?.matches('dialog:modal')),
    ).toBe(true);
    // Tab and Shift+Tab go round the panel's controls and the browser's own bar (the page's end), never to the
    // page behind.
    const focusIn = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        if (!active || active === document.body) return 'browser';
        return active.closest('[data-testid="cart-panel"]') ? 'panel' : `page: ${active.outerHTML.slice(0, 80)}`;
      });
    for (const key of ['Tab', 'Shift+Tab']) {
      const seen = new Set<string>();
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press(key);
        seen.add(await focusIn());
      }
      expect([...seen].filter((where) => where.startsWith('page'))).toEqual([]);
      expect(seen.has('panel')).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('cart-panel')).toHaveCount(0);
    await expect(page.getByTestId('cart-badge')).toBeVisible();
    expect(await page.evaluate(() => document.querySelectorAll('[inert]').length)).toBe(0);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

    await page.reload();
    await expect(page.getByTestId('cart-badge')).toHaveText('1');
  });

  test('a cart that cannot be read back starts empty', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('cartItems', '{not json'));
    await page.reload();
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Panier vide');
  });

  test('delivery minimum, zone fee message and pickup without minimum', async ({ page }) => {
    await browseWhileOpen(page);
    await page.goto('/menu/grillades');
    await addToCart(page, 'Quart de poulet grillé');
    await openCart(page);
    const panel = page.getByTestId('cart-panel');
    await expect(panel.getByTestId('minimum-warning')).toHaveText(
      'Il vous manque 14,50€ pour atteindre le minimum de 20,00€ pour la commande.',
    );
    await expect(panel.getByTestId('order-button')).toBeDisabled();
    await panel.getByLabel('Ville').fill('  niederkorn ');
    await expect(panel.getByTestId('zone-message')).toHaveText('Frais de livraison pour Niederkorn : 2,00 €');
    await expect(panel.getByTestId('delivery-fee')).toHaveText('2,00 €');
    await expect(panel.getByTestId('grand-total')).toHaveText('7,50 €');
    await panel.getByLabel('Ville').fill('Paris');
    await expect(panel.getByTestId('zone-message')).toHaveText('Désolé, nous ne livrons pas dans cette zone.');
    await panel.getByText('À emporter', { exact: true }).click();
    await expect(panel.getByTestId('minimum-warning')).toHaveCount(0);
    await expect(panel.getByTestId('order-button')).toBeEnabled();
    await expect(panel.getByTestId('grand-total')).toHaveText('5,50 €');
  });

  test('checks run in the spec order before anything is sent', async ({ page }) => {
    await page.goto('/menu/grillades');
    await addToCart(page, 'Poulet entier grillé');
    await openCart(page);
    const panel = page.getByTestId('cart-panel');
    await panel.getByText('À emporter', { exact: true }).click();
    await panel.getByRole('switch', { name: 'Pré-commande' }).click();
    await panel.getByTestId('order-button').click();
    await expect(page.getByTestId('toast')).toContainText(
      'Veuillez choisir une date et une heure pour votre pré-commande.',
    );
    await choosePreorder(page, { switchOn: false });
    await panel.getByTestId('order-button').click();
    await expect(page.getByTestId('toast')).toContainText('Information en manque');
    await expect(page.getByTestId('toast')).toContainText('Veuillez remplir tous les champs obligatoires.');
  });

  test('a pickup pre-order is placed, the cart resets and tracking finds it', async ({ page, backend }) => {
    await page.goto('/menu/hungryburgers');
    await addToCart(page, 'Classic Burger');
    await addToCart(page, 'Classic Burger');
    await openCart(page);
    const panel = page.getByTestId('cart-panel');
    await fillContact(page, { name: 'Ana Pereira', phone: '+352 691 222 333', email: 'ana.pereira@exemple.lu' });
    await panel.getByText('À emporter', { exact: true }).click();
    await panel.getByText('Carte bancaire', { exact: true }).click();
    const slot = await choosePreorder(page);
    await panel.getByLabel('Remarques').fill('Sans oignons');
    await panel.getByTestId('order-button').click();

    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Commande passée avec succès !');
    await expect(toast).toContainText('Votre pré-commande est confirmée');
    const number = /N° de commande : ([0-9a-f]{8})/.exec(await toast.innerText())![1];
    await expect(page.getByTestId('cart-panel')).toHaveCount(0);
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);

    const { data } = await backend.service.from('orders').select('*').like('id', `${number}%`).single();
    expect(data).toMatchObject({
      customer_name: 'Ana Pereira',
      delivery_method: 'pickup',
      payment_method: 'card',
      is_preorder: true,
      preorder_date: slot.date,
      status: 'En attente',
      user_id: null,
    });
    expect(Number(data.grand_total)).toBe(25.54);

    await openCart(page);
    await expect(page.getByText('Votre panier est vide.')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto(`/suivi-commande?q=${number}`);
    await expect(page.getByTestId('tracking-status')).toHaveText('En attente');
    await expect(page.getByTestId('tracked-order')).toContainText('2 × Classic Burger');
    await expect(page.getByTestId('tracked-order')).toContainText('Sans oignons');
    // Taken away: no delivery fee line (the e-mail and the ticket have none either).
    await expect(page.getByTestId('tracked-order')).toContainText('Sous-total');
    await expect(page.getByTestId('tracked-order')).not.toContainText('Frais de livraison');
    await expect(page.getByRole('link', { name: 'Ouvrir dans Google Maps' })).toHaveAttribute(
      'href',
      /google\.com\/maps/,
    );
    await screenshot(page, 'tracking');
  });

  test('a delivery pre-order pays the zone fee', async ({ page, backend }) => {
    await page.goto('/menu/casadasfrancesinhas');
    await addToCart(page, 'Francesinha classique');
    await addToCart(page, 'Francesinha classique');
    await openCart(page);
    const panel = page.getByTestId('cart-panel');
    await fillContact(page, { name: 'Jean Weber', phone: '+352 691 444 555' });
    await panel.getByLabel('Adresse').fill('3, rue de Hussigny');
    await panel.getByLabel('Code postal').fill('L-4702');
    await panel.getByLabel('Ville').fill('Pétange');
    await choosePreorder(page);
    await panel.getByTestId('order-button').click();
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Commande passée avec succès !');
    const number = /N° de commande : ([0-9a-f]{8})/.exec(await toast.innerText())![1];
    const { data } = await backend.service.from('orders').select('*').like('id', `${number}%`).single();
    expect(data).toMatchObject({ delivery_method: 'delivery', customer_city: 'Pétange', payment_method: 'cash' });
    expect(Number(data.delivery_fee)).toBe(3);
    expect(Number(data.grand_total)).toBe(Number(data.total_price) + 3);
    await page.goto(`/suivi-commande?q=${number}`);
    await expect(page.getByTestId('tracked-order')).toContainText('Frais de livraison3,00 €');
  });

  test('delivery off and ordering closed show live and change the cart', async ({ page, backend }) => {
    await browseWhileOpen(page);
    await page.goto('/menu/grillades');
    await addToCart(page, 'Poulet entier grillé');
    await openCart(page);
    const panel = page.getByTestId('cart-panel');
    await expect(panel.getByRole('group', { name: 'Mode de retrait' })).toBeVisible();
    try {
      await setStoreSetting(backend, 'delivery_options', { is_enabled: false });
      await expect(panel.getByTestId('store-notice')).toContainText('Livraison indisponible', { timeout: 15_000 });
      await expect(panel.getByRole('group', { name: 'Mode de retrait' })).toHaveCount(0);
      await expect(panel.getByText(/À retirer au restaurant/)).toBeVisible();

      await setStoreSetting(backend, 'ordering', {
        is_enabled: false,
        message: 'As encomendas online estão temporariamente fechadas.',
      });
      await expect(panel.getByTestId('store-notice')).toContainText('Commandes en ligne fermées', { timeout: 15_000 });
      await expect(panel.getByTestId('order-button')).toBeDisabled();
      await panel.getByRole('switch', { name: 'Pré-commande' }).click();
      await expect(panel.getByTestId('order-button')).toBeEnabled();
      await screenshot(page, 'cart-closed');
    } finally {
      await setStoreSetting(backend, 'delivery_options', { is_enabled: true });
      await setStoreSetting(backend, 'ordering', { is_enabled: true, message: '' });
    }
    await expect(panel.getByTestId('store-notice')).toHaveCount(0, { timeout: 15_000 });
  });
});
