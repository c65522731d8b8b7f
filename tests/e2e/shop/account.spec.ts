import { expect, screenshot, test, uniqueEmail } from '../support/fixtures';
import { addToCart, choosePreorder, expectFollowsUnavailable, openCart, signInAs } from './shop-helpers';

test.describe('customer accounts', () => {
  test('register checks the passwords, then signs up and goes home', async ({ page, backend }) => {
    await page.goto('/register');
    const form = page.getByRole('form', { name: "S'inscrire" });
    const email = uniqueEmail('inscrit');
    await form.getByLabel('E-mail').fill(email);
    await form.locator('#register-password').fill('secret1');
    await form.getByLabel('Confirmer le mot de passe').fill('secret2');
    await form.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(form.getByRole('alert')).toHaveText('Les mots de passe ne correspondent pas.');
    await form.getByLabel('Confirmer le mot de passe').fill('secret1');
    await form.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page.getByTestId('toast')).toContainText(
      'Veuillez vérifier votre e-mail pour confirmer votre compte.',
    );
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(async () => (await backend.mailbox(email)).length).toBeGreaterThan(0);
  });

  // The browser logs the expected 400 of a wrong password, so this test uses its own page.
  test('a wrong password is refused with a French message', async ({ browser, baseURL, backend }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const customer = await backend.createCustomer();
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Se connecter' });
    await form.getByRole('button', { name: 'Se connecter' }).click();
    await expect(form.getByRole('alert')).toHaveText('Veuillez saisir votre e-mail et votre mot de passe.');
    await form.getByLabel('E-mail').fill(customer.email);
    await form.getByLabel('Mot de passe').fill('wrong-password');
    await form.getByRole('button', { name: 'Se connecter' }).click();
    await expect(form.getByRole('alert')).toHaveText('E-mail ou mot de passe incorrect.');
    await expect(page.getByTestId('toast')).toContainText('Sign in Failed');
    await expect(page).toHaveURL(/\/login$/);
    await context.close();
  });

  test('a signed-out visit loads no sign-in code and stays live; signing in in another tab shows here', async ({
    page,
    backend,
  }, testInfo) => {
    // auth-js's password sign-in request: in the sign-in code only, whatever the minifier renames.
    const SIGN_IN_CODE = 'grant_type=password';
    const scripts: string[] = [];
    page.on('response', async (r) => {
      if (new URL(r.url()).pathname.endsWith('.js')) scripts.push(await r.text().catch(() => ''));
    });
    const caughtUp = page.waitForResponse((r) => new URL(r.url()).pathname === '/rest/v1/menu_categories');
    await page.goto('/menu/francesinhas');
    await caughtUp;
    // The menu's channel has joined (the catch-up reads once it has): a dish made unavailable now shows at once.
    await expectFollowsUnavailable(page, backend, testInfo.project.name === 'phone' ? 'fr-4' : 'fr-5');
    expect(scripts.length).toBeGreaterThan(5);
    expect(scripts.filter((code) => code.includes(SIGN_IN_CODE))).toEqual([]);
    await expect(page.locator('a[href="/login"]').first()).toBeAttached();

    // Another tab signs in: this one hears of it (a `storage` event) and shows the account.
    const customer = await backend.createCustomer();
    const other = await page.context().newPage();
    await signInAs(other, customer);
    await expect(page.locator('a[href="/login"]')).toHaveCount(0);
    await expect(page.locator('a[href="/profil"], button:has-text("Mon Compte")').first()).toBeAttached();
    expect(scripts.some((code) => code.includes(SIGN_IN_CODE))).toBe(true);
    await other.close();
  });

  test('login, profile, prefilled cart, history, latest order on tracking, sign-out', async ({ page, backend }) => {
    const customer = await backend.createCustomer();
    await signInAs(page, customer);
    await expect(page.getByTestId('toast')).toContainText('Bienvenue à nouveau !');
    await expect(page.getByTestId('profile-email')).toHaveText(customer.email);
    // The shop keeps its own session, apart from the admin's on the same origin.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('-auth')))).toEqual([
      'restaurant-shop-auth',
    ]);
    await screenshot(page, 'profile');

    await page.getByRole('link', { name: 'Mes Commandes' }).first().click();
    await expect(page).toHaveURL(/\/mes-commandes$/);
    await expect(page.getByText("Vous n'avez pas encore passé de commande.")).toBeVisible();

    await page.goto('/menu/desserts');
    await addToCart(page, 'Mousse au chocolat');
    await openCart(page);
    const panel = page.getByTestId('cart-panel');
    await expect(panel.getByLabel('E-mail')).toBeDisabled();
    await expect(panel.getByLabel('E-mail')).toHaveValue(customer.email);
    await panel.getByLabel('Nom complet').fill('Carla Reis');
    await panel.getByLabel('Téléphone').fill('+352 691 777 888');
    await panel.getByText('À emporter', { exact: true }).click();
    await choosePreorder(page);
    await panel.getByTestId('order-button').click();
    await expect(page.getByTestId('toast')).toContainText('Commande passée avec succès !');
    // The order's own page.
    await expect(page).toHaveURL(/\/commande\/[0-9a-f-]{36}$/);
    const orderPage = new URL(page.url()).pathname;

    // Signed in, the contact details stay for the next order.
    await openCart(page);
    await expect(page.getByText('Votre panier est vide.')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto('/menu/desserts');
    await addToCart(page, 'Mousse au chocolat');
    await openCart(page);
    await expect(panel.getByLabel('Nom complet')).toHaveValue('Carla Reis');
    await expect(panel.getByLabel('Téléphone')).toHaveValue('+352 691 777 888');
    await page.keyboard.press('Escape');

    await page.goto('/mes-commandes');
    await expect(page.getByTestId('history-order')).toHaveCount(1);
    await expect(page.getByTestId('history-order')).toContainText('Mousse au chocolat');
    await screenshot(page, 'order-history');

    await page.goto('/suivi-commande');
    await expect(page.getByText('Votre dernière commande')).toBeVisible();
    await expect(page.getByTestId('tracking-status')).toHaveText('En attente');

    // From the history: the order's page, and « Annuler ma commande » while the restaurant has not accepted it.
    await page.goto('/mes-commandes');
    const mine = page.getByTestId('history-order');
    await expect(mine.getByRole('link', { name: 'Suivre' })).toHaveAttribute('href', orderPage);
    await mine.getByTestId('cancel-order').click();
    await mine.getByTestId('cancel-order-confirm').click();
    await expect(mine.getByTestId('status-badge')).toHaveText('Annulée');
    await expect(mine.getByTestId('cancel-order')).toHaveCount(0);

    await page.goto('/profil');
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/profil');
    await expect(page).toHaveURL(/\/login$/);
  });
});
