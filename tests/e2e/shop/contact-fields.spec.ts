import { earliestPreorderDate, timeSlotsFor } from '../../../src/shared/domain/opening-hours';
import { REFUSALS } from '../../../src/shared/domain/refusals';
import { expect, test, uniqueEmail } from '../support/fixtures';
import { addToCart, choosePreorder, openCart } from './shop-helpers';

/** Names, phones and postal codes as customers type them (issue 29, item 6): refused in French, or stored in E.164. */
const NAME = REFUSALS.invalid_name.message;
const PHONE = REFUSALS.invalid_phone.message;
const POSTAL = REFUSALS.invalid_postal_code.message;

test.describe('contact fields', () => {
  test('checkout: « x », « 😀 », « abc », « zzz » are refused on their field; « 691 123 456 » and « L-4502 » order', async ({
    page,
    backend,
  }) => {
    await page.goto('/menu/grillades');
    await addToCart(page, 'Poulet entier grillé');
    await addToCart(page, 'Poulet entier grillé');
    await openCart(page);
    const panel = page.getByTestId('cart-panel');
    const email = uniqueEmail('contact');
    await panel.getByLabel(/E-mail/).fill(email);
    await panel.getByLabel('Adresse').fill('3, rue de la Gare');
    await panel.getByLabel('Ville').fill('Differdange');
    await choosePreorder(page);
    const order = panel.getByTestId('order-button');
    const toast = page.getByTestId('toast');

    for (const [label, typed, message, id] of [
      ['Nom complet', 'x', NAME, 'cart-name'],
      ['Nom complet', '😀', NAME, 'cart-name'],
      ['Téléphone', 'abc', PHONE, 'cart-phone'],
      ['Téléphone', '📞📞📞', PHONE, 'cart-phone'],
      ['Code postal', 'zzz', POSTAL, 'cart-postal-code'],
    ] as const) {
      await panel.getByLabel('Nom complet').fill(label === 'Nom complet' ? typed : 'Ana Silva');
      await panel.getByLabel('Téléphone').fill(label === 'Téléphone' ? typed : '691 123 456');
      await panel.getByLabel('Code postal').fill(label === 'Code postal' ? typed : 'L-4502');
      await order.click();
      await expect(toast, typed).toContainText(message);
      await expect(panel.getByLabel(label), typed).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator(`#${id}-error`), typed).toHaveText(message);
    }
    // Typing again clears the field's message.
    await panel.getByLabel('Code postal').fill('L-4502');
    await expect(page.locator('#cart-postal-code-error')).toHaveCount(0);
    await order.click();
    await expect(toast).toContainText('Commande passée avec succès !');
    const { data } = await backend.service.from('orders').select('*').eq('customer_email', email).single();
    expect(data).toMatchObject({
      customer_name: 'Ana Silva',
      customer_phone: '+352691123456',
      customer_postal_code: 'L-4502',
    });
  });

  test('reservation: « x » and « abc » are refused in French; « +33 6 12 34 56 78 » is stored in E.164', async ({
    page,
    backend,
  }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Réserver une table' });
    const send = form.getByRole('button', { name: 'Envoyer la réservation' });
    const email = uniqueEmail('resa-contact');
    const date = earliestPreorderDate(new Date());
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Date').fill(date);
    await form.getByLabel('Heure').selectOption(timeSlotsFor(date)[2]);
    await form.getByLabel('Nombre de personnes').selectOption('2');

    for (const [name, phone, message] of [
      ['x', '691 123 456', NAME],
      ['😀', '691 123 456', NAME],
      ['Luc Schmit', 'abc', PHONE],
      ['Luc Schmit', '😀', PHONE],
    ] as const) {
      await form.getByLabel('Nom complet').fill(name);
      await form.getByLabel('Téléphone').fill(phone);
      await send.click();
      await expect(form.getByText(message, { exact: true }), `${name} ${phone}`).toBeVisible();
    }
    await form.getByLabel('Téléphone').fill('+33 6 12 34 56 78');
    await send.click();
    await expect(page).toHaveURL(/\/reservation-succes$/);
    const { data } = await backend.service.from('reservations').select('*').eq('email', email).single();
    expect(data).toMatchObject({ name: 'Luc Schmit', phone: '+33612345678' });
  });

  test('challenge: « x » and « abc » are refused in French; « 691 123 456 » is stored as +352691123456', async ({
    page,
    backend,
  }) => {
    await page.goto('/inscription-defi-burj-khalifa');
    const form = page.getByRole('form', { name: 'Inscription au défi' });
    const send = form.getByRole('button', { name: "S'inscrire au défi" });
    const email = uniqueEmail('defi-contact');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel(/J'ai lu et j'accepte/).check();
    await form.getByLabel('Nom complet').fill('x');
    await form.getByLabel(/Téléphone/).fill('abc');
    await send.click();
    await expect(form.getByText(NAME, { exact: true })).toBeVisible();
    await expect(form.getByText(PHONE, { exact: true })).toBeVisible();
    await form.getByLabel('Nom complet').fill('😀🍗🔥');
    await form.getByLabel(/Téléphone/).fill('📞📞📞');
    await send.click();
    await expect(form.getByText(NAME, { exact: true })).toBeVisible();
    await expect(form.getByText(PHONE, { exact: true })).toBeVisible();

    await form.getByLabel('Nom complet').fill('Max Muller');
    await form.getByLabel(/Téléphone/).fill('691 123 456');
    await send.click();
    await expect(page.getByTestId('toast')).toContainText('Nous avons bien reçu votre inscription au défi.');
    const { data } = await backend.service.from('challenge_registrations').select('*').eq('email', email).single();
    expect(data).toMatchObject({ name: 'Max Muller', phone: '+352691123456' });
  });
});
