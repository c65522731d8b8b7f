import { earliestPreorderDate, timeSlotsFor } from '../../../src/shared/domain/opening-hours';
import { expect, screenshot, test, uniqueEmail } from '../support/fixtures';

test.describe('reservation, challenge and tracking forms', () => {
  test('a reservation is checked, sent, stored and confirmed', async ({ page, backend }) => {
    await page.goto('/contact');
    await expect(page.getByRole('link', { name: /\+352/ }).first()).toHaveAttribute('href', /^tel:/);
    await expect(page.locator('details')).toHaveCount(5);
    const form = page.getByRole('form', { name: 'Réserver une table' });
    await form.getByRole('button', { name: 'Envoyer la réservation' }).click();
    await expect(form.getByText('Veuillez remplir tous les champs obligatoires.')).toBeVisible();
    await screenshot(page, 'contact');

    const email = uniqueEmail('resa');
    const date = earliestPreorderDate(new Date());
    await form.getByLabel('Nom complet').fill('Luc Schmit');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Téléphone').fill('+352 621 987 654');
    await form.getByLabel('Date').fill(date);
    await form.getByLabel('Heure').selectOption(timeSlotsFor(date)[2]);
    await form.getByLabel('Nombre de personnes').selectOption('4');
    await form.getByLabel('Message').fill('Une chaise bébé, merci');
    await form.getByRole('button', { name: 'Envoyer la réservation' }).click();

    await expect(page).toHaveURL(/\/reservation-succes$/);
    await expect(page.getByRole('heading', { name: 'Réservation Envoyée !' })).toBeVisible();
    await expect(page.getByText(/courrier indésirable/)).toBeVisible();
    await expect(page.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
    const { data } = await backend.service.from('reservations').select('*').eq('email', email).single();
    expect(data).toMatchObject({
      name: 'Luc Schmit',
      reservation_date: date,
      people: '4',
      status: 'En attente',
      message: 'Une chaise bébé, merci',
    });
  });

  test('challenge sign-up shows the exact messages, then registers and clears the form', async ({ page, backend }) => {
    await page.goto('/inscription-defi-burj-khalifa');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Défi Burj Khalifa Burger');
    await expect(page.getByRole('img', { name: /Contrat du défi/ })).toBeVisible();
    const form = page.getByRole('form', { name: 'Inscription au défi' });
    await form.getByLabel('E-mail').fill('pas-un-email');
    await form.getByRole('button', { name: "S'inscrire au défi" }).click();
    await expect(form.getByText('Veuillez entrer votre nom.')).toBeVisible();
    await expect(form.getByText('Veuillez entrer une adresse e-mail valide.')).toBeVisible();
    await expect(form.getByText('Vous devez accepter les termes du contrat.')).toBeVisible();

    const email = uniqueEmail('defi');
    await form.getByLabel('Nom complet').fill('Max Muller');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel(/J'ai lu et j'accepte/).check();
    await form.getByRole('button', { name: "S'inscrire au défi" }).click();
    await expect(page.getByTestId('toast')).toContainText(
      'Nous avons bien reçu votre inscription au défi. Bonne chance !',
    );
    await expect(form.getByLabel('Nom complet')).toHaveValue('');
    await expect(form.getByLabel(/J'ai lu et j'accepte/)).not.toBeChecked();
    const { data } = await backend.service.from('challenge_registrations').select('*').eq('email', email).single();
    expect(data).toMatchObject({ name: 'Max Muller', phone: null, agreed_to_terms: true });
    await screenshot(page, 'challenge');
  });

  test('tracking: empty term and unknown order', async ({ page }) => {
    await page.goto('/suivi-commande');
    await expect(page.getByPlaceholder('ID de commande ou téléphone...')).toBeVisible();
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page.getByTestId('toast')).toContainText('Terme de recherche requis');
    await expect(page.getByTestId('toast')).toContainText("Veuillez entrer l'ID de la commande ou le téléphone.");
    await page.getByPlaceholder('ID de commande ou téléphone...').fill('ffffffff');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page.getByTestId('not-found-panel')).toContainText(
      'Aucune commande trouvée avec les informations fournies.',
    );
    await expect(page.getByTestId('toast')).toContainText('Commande non trouvée');
  });
});
