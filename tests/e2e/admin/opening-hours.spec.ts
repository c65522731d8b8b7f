import { addDays, restaurantDate } from '../../../src/shared/domain/restaurant-time';
import { test, expect, screenshot } from '../support/fixtures';
import { loginAsAdmin } from './admin-helpers';

// The worker's backend is shared with other tests: each test removes the dates it added.
test.describe('opening hours and closures', () => {
  test('hours that cannot be read are an error, never the installed hours offered to save', async ({
    page,
    backend,
  }) => {
    test.info().annotations.push({ type: 'server-refusal', description: '/rest/v1/opening_exceptions' });
    await page.route('**/rest/v1/opening_exceptions*', (route) => route.fulfill({ status: 503, body: '{}' }));
    await loginAsAdmin(page, backend, '/admin/opening-hours');
    await expect(page.getByRole('alert')).toHaveText(
      'Não foi possível ler o horário. Recarregue a página; nada foi alterado.',
      {
        timeout: 20_000,
      },
    );
    await expect(page.getByTestId('weekly-hours')).toHaveCount(0);
  });

  test('the owner closes the shop today for a holiday; the cart shows it and refuses the order', async ({
    page,
    backend,
  }) => {
    test.slow(); // admin, shop and contact page in one story
    const today = restaurantDate(new Date());
    await loginAsAdmin(page, backend, '/admin/opening-hours');
    try {
      await expect(page.getByRole('heading', { name: 'Horário e encerramentos' })).toBeVisible();
      const weekly = page.getByTestId('weekly-hours');
      await expect(weekly.locator('li').nth(1)).toContainText('Fechado');
      await expect(weekly.getByLabel('Segunda 2 — Abre')).toHaveValue('18:00');
      await screenshot(page, 'hours-admin-week');

      await page.getByLabel('Data', { exact: true }).fill(today);
      await page.getByLabel('Motivo (mostrado aos clientes)').fill('Fête du personnel');
      await page.getByRole('button', { name: '+ Adicionar a data' }).click();
      await expect(page.getByTestId('toast')).toContainText('Data guardada');
      await expect(page.getByTestId('opening-exceptions')).toContainText('Fechado — Fête du personnel');
      const { data } = await backend.service.from('opening_exceptions').select('day, is_closed, reason');
      expect(data).toEqual([{ day: today, is_closed: true, reason: 'Fête du personnel' }]);
      await screenshot(page, 'hours-admin-closed-today');

      // A reason too long never leaves the browser; the input stops at 200 characters.
      await expect(page.getByLabel('Motivo (mostrado aos clientes)')).toHaveAttribute('maxlength', '200');

      await page.goto('/menu/grillades');
      await page.getByRole('button', { name: 'Ajouter Poulet entier grillé au panier' }).click();
      await page.getByTestId('cart-button').click();
      const panel = page.getByTestId('cart-panel');
      await expect(panel.getByTestId('closed-today')).toContainText(
        /^Fermé aujourd'hui \(Fête du personnel\) — réouverture (demain|le \S+ \d+ \S+) à \d\d:\d\d\./,
      );
      await panel.getByLabel('Nom complet').fill('Marta Lopes');
      await panel.getByLabel('Téléphone').fill('+352 691 444 555');
      await panel.getByText('À emporter', { exact: true }).click();
      // Closed is said before the order is sent: « Commander » is disabled with the reason.
      await expect(panel.getByTestId('order-button')).toBeDisabled();
      await expect(panel.getByTestId('order-blocked')).toContainText(
        "Fermé aujourd'hui (Fête du personnel) — réouverture",
      );
      // The open cart as the customer sees it (the menu behind it is long: no full-page shot).
      await page.screenshot({ path: `test-results/screens/hours-cart-refused-${test.info().project.name}.png` });
      // The pre-order picker offers no time on a closed date and says why.
      const closedDate = addDays(today, 2);
      await backend.service
        .from('opening_exceptions')
        .insert({ day: closedDate, is_closed: true, reason: 'Inventaire' });
      await panel.getByRole('switch', { name: 'Pré-commande' }).click();
      await panel.getByLabel('Date').fill(closedDate);
      await expect(panel.getByText('Fermé ce jour-là (Inventaire) : choisissez une autre date.')).toBeVisible();
      await expect(panel.getByLabel('Heure')).toBeDisabled();
      await panel.getByRole('switch', { name: 'Pré-commande' }).click();
      const orders = await backend.service.from('orders').select('id').eq('customer_name', 'Marta Lopes');
      expect(orders.data).toEqual([]);

      // The database refuses too, whatever the browser says.
      const direct = await backend.service.rpc('place_order', {
        p_order: {
          customer: { name: 'Marta Lopes', phone: '+352 691 444 555' },
          delivery_method: 'pickup',
          payment_method: 'cash',
          items: [{ menuItemId: '32', quantity: 1 }],
        },
      });
      expect(direct.error).toMatchObject({ details: 'outside_hours', hint: 'Restaurant fermé' });
      expect(direct.error?.message).toMatch(/^Fermé aujourd'hui \(Fête du personnel\) — réouverture /);

      await page.goto('/contact');
      await expect(page.getByTestId('opening-exceptions').first()).toContainText('Fermé (Fête du personnel)');
      await expect(page.getByTestId('footer-hours')).toContainText("Fermé aujourd'hui (Fête du personnel)");
      await screenshot(page, 'hours-contact');

      // The owner reopens: open pages follow live (realtime), no reload.
      await backend.service.from('opening_exceptions').delete().eq('day', today);
      await expect(page.getByTestId('footer-hours')).not.toContainText("Fermé aujourd'hui");
      await expect(page.getByTestId('opening-exceptions').first()).not.toContainText('Fête du personnel');
    } finally {
      await backend.service.from('opening_exceptions').delete().gte('day', '2000-01-01');
    }
  });
});
