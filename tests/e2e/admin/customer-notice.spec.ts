import { test, expect } from '../support/fixtures';
import { insertOrder, loginAsAdmin } from './admin-helpers';

// An answered order whose customer was told nothing (no e-mail or SMS delivered, none on its way) says so
// in its detail; a waiting order does not (the customer hears once the counter answers).
test('« Cliente não avisado » on an accepted order whose message could not go out', async ({ page, backend }) => {
  // An address the table accepts but the outbox refuses to send to (two addresses in one): its
  // confirmation is queued as failed at once.
  const told = 'un,deux@exemple.lu';
  const answered = await insertOrder(backend, { status: 'Bien reçu', customer_email: told });
  const waiting = await insertOrder(backend, { status: 'En attente', customer_email: told });

  await loginAsAdmin(page, backend, `/admin/order/${answered.id}`);
  const badge = page.getByTestId('not-notified-badge');
  await expect(badge).toHaveText('Cliente não avisado');

  await page.goto(`/admin/order/${waiting.id}`);
  await expect(page.getByTestId('order-detail')).toHaveAttribute('data-order-id', waiting.id);
  await expect(badge).toHaveCount(0);
});
