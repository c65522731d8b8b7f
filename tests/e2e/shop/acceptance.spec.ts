import { test, expect } from '../support/fixtures';
import { insertOrder } from '../admin/admin-helpers';
import { addToCart, firstPreorderSlot, openCart, setStoreSetting } from './shop-helpers';

const NO_LIMIT = { default_ready_minutes: 30, auto_accept: false, capacity: { delivery: null, pickup: null } };

test.describe('the customer and the acceptance of their order', () => {
  test.describe.configure({ timeout: 240_000 });

  test('the tracking page shows the ready time the moment it is set, and a refusal with its reason', async ({
    page,
    backend,
  }) => {
    const order = await insertOrder(backend, { customer_name: 'Suivi Direto' });
    await page.goto(`/suivi-commande?q=${order.id.slice(0, 8)}`);
    await expect(page.getByTestId('tracking-waiting')).toBeVisible();
    await expect(page.getByTestId('tracking-ready')).toHaveCount(0);

    const { data: accepted, error } = await backend.service.rpc('accept_order', {
      p_order_id: order.id,
      p_minutes: 20,
    });
    expect(error).toBeNull();
    const readyAt = new Date((accepted as { ready_at: string }).ready_at);
    const inLuxembourg = (options: Intl.DateTimeFormatOptions) => (d: Date) =>
      new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Luxembourg', ...options }).format(d);
    const hhmm = inLuxembourg({ hour: '2-digit', minute: '2-digit' })(readyAt);
    const ddmm = inLuxembourg({ day: '2-digit', month: '2-digit' });
    // Accepted shortly before midnight, the order is ready the next day and the text says which.
    const day = ddmm(readyAt) === ddmm(new Date()) ? '' : ` le ${ddmm(readyAt)}`;
    // No reload: the page looks again every few seconds while the order waits.
    await expect(page.getByTestId('tracking-ready')).toHaveText(`Livraison prévue${day} vers ${hhmm}`, {
      timeout: 8000,
    });
    await expect(page.getByTestId('tracking-waiting')).toHaveCount(0);

    const refused = await insertOrder(backend, { customer_name: 'Suivi Recusado' });
    await page.goto(`/suivi-commande?q=${refused.id.slice(0, 8)}`);
    await expect(page.getByTestId('tracking-waiting')).toBeVisible();
    expect(
      (
        await backend.service.rpc('refuse_order', {
          p_order_id: refused.id,
          p_reason: 'Adresse hors de notre zone de livraison',
        })
      ).error,
    ).toBeNull();
    await expect(page.getByTestId('tracking-refusal')).toHaveText('Motif : Adresse hors de notre zone de livraison', {
      timeout: 8000,
    });
    await expect(page.getByTestId('tracking-status')).toHaveText('Annulée');
  });

  test('a full slot is greyed out in the pre-order time picker', async ({ page, backend }) => {
    const slot = firstPreorderSlot();
    await setStoreSetting(backend, 'order_acceptance', { ...NO_LIMIT, capacity: { delivery: 1, pickup: 1 } });
    try {
      for (const method of ['pickup', 'delivery'] as const) {
        const { error } = await backend.service.rpc('place_order', {
          p_order: {
            customer: {
              name: 'Créneau Pris',
              phone: '+352 621 000 777',
              address: '5 Rue de la Gare',
              postalCode: '4601',
              city: 'Differdange',
            },
            delivery_method: method,
            payment_method: 'cash',
            is_preorder: true,
            preorder_date: slot.date,
            preorder_time: slot.time,
            items: [{ menuItemId: '32', quantity: 2 }],
          },
        });
        expect(error).toBeNull();
      }
      await page.goto('/menu/grillades');
      await addToCart(page, 'Poulet entier grillé');
      await openCart(page);
      const panel = page.getByTestId('cart-panel');
      await panel.getByRole('switch', { name: 'Pré-commande' }).click();
      await panel.getByLabel('Date').fill(slot.date);
      const full = panel.getByLabel('Heure').locator(`option[value="${slot.time}"]`);
      await expect(full).toBeDisabled();
      await expect(full).toHaveText(`${slot.time} (complet)`);
      // The next slot is free to choose.
      await expect(panel.getByLabel('Heure').locator('option:not([disabled])').nth(1)).not.toHaveText(/complet/);
    } finally {
      await setStoreSetting(backend, 'order_acceptance', NO_LIMIT);
    }
  });
});
