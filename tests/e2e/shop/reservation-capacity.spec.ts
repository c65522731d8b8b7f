import { addDays, restaurantClock, weekdayOf } from '../../../src/shared/domain/restaurant-time';
import { expect, screenshot, test, uniqueEmail } from '../support/fixtures';
import { setStoreSetting } from './shop-helpers';
import { loginAsAdmin } from '../admin/admin-helpers';

test.describe('reservation capacity', () => {
  test('the form offers only the times of a service with room left for the party', async ({ page, backend }) => {
    // Three weeks ahead, not a Tuesday (closed): a day no other test books.
    let date = addDays(restaurantClock(new Date()).date, 21);
    if (weekdayOf(date) === 2) date = addDays(date, 1);
    const guest = (name: string, time: string, people: string) => ({
      name,
      email: uniqueEmail('lotacao'),
      phone: '+352 621 111 222',
      reservation_date: date,
      reservation_time: time,
      people,
    });
    try {
      // The owner sets it in the reservations screen.
      await loginAsAdmin(page, backend, '/admin/reservations');
      const capacity = page.getByTestId('reservation-capacity');
      await capacity.getByLabel('Lugares por serviço (vazio: sem limite)').fill('0');
      await capacity.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByTestId('toast')).toContainText('Indique um número de 1 a 500, ou deixe vazio.');
      await capacity.getByLabel('Lugares por serviço (vazio: sem limite)').fill('6');
      await capacity.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByTestId('toast')).toContainText('Capacidade guardada');
      await expect
        .poll(async () => {
          const { data } = await backend.service
            .from('store_settings')
            .select('value')
            .eq('key', 'reservation_capacity')
            .single();
          return (data as { value: unknown }).value;
        })
        .toEqual({ guests_per_service: 6 });
      // Dinner is full; lunch has three seats left.
      const { error } = await backend.service
        .from('reservations')
        .insert([guest('Jantar Cheio', '19:30', '6'), guest('Almoço', '12:30', '3')]);
      expect(error).toBeNull();

      await page.goto('/contact');
      const form = page.getByRole('form', { name: 'Réserver une table' });
      await form.getByLabel('Nom complet').fill('Marie Weber');
      await form.getByLabel('E-mail').fill(uniqueEmail('resa'));
      await form.getByLabel('Téléphone').fill('+352 621 456 789');
      await form.getByLabel('Date').fill(date);
      const times = form.getByLabel('Heure').locator('option:not([value=""])');
      // Lunch's times only (11:00 to 14:30), no dinner time.
      await expect(times.first()).toHaveText('11:00');
      await expect(times.last()).toHaveText('14:30');
      await expect(form.getByLabel('Heure').locator('option[value="19:00"]')).toHaveCount(0);

      // Four guests fit nowhere that day; three fit at lunch.
      await form.getByLabel('Nombre de personnes').selectOption('4');
      await expect(times).toHaveCount(0);
      await expect(form).toContainText('Plus aucune heure disponible ce jour-là : choisissez un autre jour.');
      await form.getByLabel('Nombre de personnes').selectOption('3');
      await expect(times.first()).toHaveText('11:00');
      await form.getByLabel('Heure').selectOption('12:00');
      await screenshot(page, 'reservation-capacity');
      await form.getByRole('button', { name: 'Envoyer la réservation' }).click();
      await expect(page).toHaveURL(/\/reservation-succes$/);
      const { data } = await backend.service
        .from('reservations')
        .select('name, people')
        .eq('reservation_date', date)
        .eq('name', 'Marie Weber')
        .single();
      expect(data).toEqual({ name: 'Marie Weber', people: '3' });
    } finally {
      await setStoreSetting(backend, 'reservation_capacity', { guests_per_service: null });
      await backend.service.from('reservations').delete().eq('reservation_date', date);
    }
  });
});
