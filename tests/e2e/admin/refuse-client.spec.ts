import { test, expect } from '../support/fixtures';
import { insertOrder, loginAsAdmin } from './admin-helpers';

// A flood of fake orders with one phone: the counter refuses them all from one order's detail, after a
// confirmation, and the phone cannot order online again today (docs/STATUSES.md).
test.describe('refuse and block a client at the counter', () => {
  test.describe.configure({ timeout: 180_000 });
  test('refuses every waiting order of the phone and blocks it for the day', async ({ page, backend }) => {
    const phone = `+352 621 ${String(Date.now()).slice(-6)}`;
    const first = await insertOrder(backend, { customer_phone: phone });
    const second = await insertOrder(backend, { customer_phone: phone });
    const other = await insertOrder(backend, { customer_phone: '+352 691 999 001' });

    await loginAsAdmin(page, backend, `/admin/order/${first.id}`);
    const detail = page.getByTestId('order-detail');
    await detail.getByRole('button', { name: 'Recusar e bloquear cliente' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Recusar todas as encomendas deste cliente?');
    await expect(dialog).toContainText(phone);
    // Cancelling changes nothing.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await detail.getByRole('button', { name: 'Recusar e bloquear cliente' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Recusar e bloquear cliente' }).click();
    await expect(page.getByTestId('toast')).toContainText(
      '2 encomenda(s) recusada(s); cliente bloqueado até ao fim do dia.',
    );

    const { data: rows } = await backend.service
      .from('orders')
      .select('id, status')
      .in('id', [first.id, second.id, other.id]);
    const status = Object.fromEntries((rows ?? []).map((r) => [r.id, r.status]));
    expect(status).toEqual({ [first.id]: 'Annulée', [second.id]: 'Annulée', [other.id]: 'En attente' });
    // Refused now, the order no longer offers the action.
    await expect(detail.getByRole('button', { name: 'Recusar e bloquear cliente' })).toHaveCount(0);

    const placed = await page.request.post(`${backend.url}/rest/v1/rpc/place_order`, {
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      data: {
        p_order: {
          customer: { name: 'De novo', phone },
          delivery_method: 'pickup',
          payment_method: 'cash',
          items: [{ menuItemId: '32', quantity: 1 }],
        },
      },
    });
    expect(placed.status()).toBe(400);
    expect(await placed.json()).toMatchObject({
      details: 'client_blocked',
      message: "Nous ne pouvons plus prendre vos commandes en ligne aujourd'hui. Veuillez appeler le restaurant.",
    });
  });
});
