import { expect, test } from '../support/fixtures';

/** A pickup pre-order two days ahead at 12:00 (not a Tuesday), placed from this machine's address. */
function preorder(phone: string) {
  const day = new Date(Date.now() + 2 * 86_400_000);
  while (day.getUTCDay() === 2) day.setUTCDate(day.getUTCDate() + 1);
  return {
    customer: { name: 'Ana Sousa', phone },
    delivery_method: 'pickup',
    payment_method: 'cash',
    is_preorder: true,
    preorder_date: day.toISOString().slice(0, 10),
    preorder_time: '12:00',
    items: [{ menuItemId: '32', quantity: 2 }],
  };
}

// Found by phone number alone, the order shows its status only, and the page says where the details are
// (docs/DATABASE.md, « Reading orders »); the order number shows everything.
test.describe('tracking by phone', () => {
  test('shows the status and tells to search by the order number for the rest', async ({ page, backend }) => {
    const phone = `+352 661 ${String(Date.now()).slice(-6)}`;
    const placed = await page.request.post(`${backend.url}/rest/v1/rpc/place_order`, {
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      data: { p_order: preorder(phone) },
    });
    expect(placed.status()).toBe(200);
    const { order_number: number } = (await placed.json()) as { order_number: string };

    await page.goto(`/suivi-commande?q=${encodeURIComponent(phone)}`);
    const tracked = page.getByTestId('tracked-order');
    await expect(page.getByTestId('tracking-status')).toHaveText('En attente');
    await expect(page.getByTestId('tracking-details-hidden')).toContainText(
      'recherchez-la avec son numéro de commande',
    );
    await expect(tracked).not.toContainText('Poulet');
    await expect(tracked).not.toContainText(number.toUpperCase());
    await expect(tracked).not.toContainText(number);
    await expect(tracked).not.toContainText('Pré-commande pour');
    await expect(page.getByTestId('order-total')).toHaveCount(0);

    await page.goto(`/suivi-commande?q=${number}`);
    await expect(page.getByTestId('tracking-status')).toHaveText('En attente');
    await expect(tracked).toContainText('2 × Poulet');
    await expect(tracked).toContainText('Pré-commande pour');
    await expect(page.getByTestId('tracking-details-hidden')).toHaveCount(0);
  });
});
