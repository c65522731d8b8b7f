import { test, expect, screenshot } from '../support/fixtures';
import type { E2EBackend } from '../support/fixtures';
import { loginAsAdmin } from './admin-helpers';

async function insertReservation(backend: E2EBackend, name: string): Promise<string> {
  const { data, error } = await backend.service
    .from('reservations')
    .insert({
      name,
      email: 'resa@exemple.lu',
      phone: '+352691222333',
      reservation_date: '2030-05-17',
      reservation_time: '19:30',
      people: '4',
      message: 'Table en terrasse',
      status: 'En attente',
    })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

async function pendingCount(backend: E2EBackend): Promise<number> {
  const { count } = await backend.service
    .from('reservations')
    .select('id', { count: 'exact', head: true })
    .eq('status', 'En attente');
  return count ?? 0;
}

test.describe('reservations', () => {
  test('a new reservation raises the alert banner live; status change and delete', async ({ page, backend }) => {
    await loginAsAdmin(page, backend);
    // Made while the page may still be joining its channel: the join's re-read catches it, well before the 30 s poll.
    const id = await insertReservation(backend, 'Sofia Reserva');
    const alert = page.getByTestId('reservation-alert');
    await expect(alert).toHaveText(
      new RegExp(`${await pendingCount(backend)} nouvelle\\(s\\) réservation\\(s\\) en attente !`),
      { timeout: 10_000 },
    );
    await screenshot(page, 'admin-reservation-alert');
    await alert.getByRole('link', { name: 'Ver reservas' }).click();
    await expect(page).toHaveURL(/\/admin\/reservations$/);

    const row = page.getByTestId('reservation-row').filter({ hasText: 'Sofia Reserva' });
    await expect(row).toContainText('17/05/2030 · 19:30 · 4');
    await expect(row).toContainText('Table en terrasse');
    await row.getByRole('combobox').selectOption('Confirmée');
    await expect(page.getByTestId('toast')).toContainText('Reserva atualizada');
    await expect
      .poll(
        async () =>
          (
            (await backend.service.from('reservations').select('status').eq('id', id).single()).data as {
              status: string;
            }
          ).status,
      )
      .toBe('Confirmée');
    await screenshot(page, 'admin-reservations');

    await row.getByRole('button', { name: /Eliminar Sofia Reserva/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByTestId('toast')).toContainText('Réservation Supprimée');
    await expect(row).toHaveCount(0);
    expect((await backend.service.from('reservations').select('id').eq('id', id)).data).toEqual([]);
  });

  test('cancelling asks for a reason, which the guest is told by e-mail', async ({ page, backend }) => {
    const id = await insertReservation(backend, 'Carla Annulada');
    await loginAsAdmin(page, backend, '/admin/reservations');
    const row = page.getByTestId('reservation-row').filter({ hasText: 'Carla Annulada' });
    await row.getByRole('combobox').selectOption('Annulée');
    const dialog = page.getByRole('dialog', { name: 'Anular a reserva' });
    await dialog.getByLabel('Motivo (opcional, enviado ao cliente em francês)').fill('Salle complète ce soir-là');
    await dialog.getByRole('button', { name: 'Anular a reserva' }).click();
    await expect(page.getByTestId('toast')).toContainText('Reserva atualizada');
    await expect(row.getByTestId('reservation-cancel-reason')).toHaveText('Motivo: Salle complète ce soir-là');
    const queued = await backend.service
      .from('notification_outbox')
      .select('kind, channel, recipient, payload')
      .eq('reservation_id', id)
      .eq('kind', 'reservation_status')
      .single();
    expect(queued.data).toMatchObject({
      channel: 'email',
      recipient: 'resa@exemple.lu',
      payload: { status: 'Annulée', cancel_reason: 'Salle complète ce soir-là' },
    });
  });

  test('the alert can be dismissed', async ({ page, backend }) => {
    await insertReservation(backend, 'Pedro Alerta');
    await loginAsAdmin(page, backend);
    const alert = page.getByTestId('reservation-alert');
    await expect(alert).toBeVisible();
    await alert.getByRole('button', { name: 'Dispensar' }).click();
    await expect(alert).toHaveCount(0);
  });
});
