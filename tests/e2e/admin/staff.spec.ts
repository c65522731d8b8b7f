// The owner's « Equipa » screen (issue 32): an invitation by e-mail, accepted from the mailbox's link, and the
// counter's account seeing only the counter's screens.
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from '../support/fixtures';
import { isPhone, loginAsAdmin } from './admin-helpers';

const SHOTS = 'test-results/screens';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}-${test.info().project.name}.png`, fullPage: true });

async function openMenu(page: Page) {
  if (isPhone(page)) await page.getByRole('button', { name: 'Abrir menu' }).click();
}

test('the owner invites a counter member, who chooses a password from the e-mail and sees only the counter', async ({
  page,
  backend,
}) => {
  await loginAsAdmin(page, backend, '/admin/staff');
  await expect(page.getByRole('heading', { name: 'Equipa' })).toBeVisible();
  const email = uniqueEmail('balcao');
  await page.getByTestId('invite-form').getByLabel('E-mail').fill(email);
  await page.getByTestId('invite-form').getByRole('combobox').selectOption('staff');
  await page.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(page.getByText(`Convite enviado para ${email}`)).toBeVisible();
  const row = page.getByTestId(isPhone(page) ? 'team-table-cards' : 'team-table').getByText(email);
  await expect(row).toBeVisible();
  await shot(page, 'equipa');

  await openMenu(page);
  await page.getByRole('button', { name: 'Terminar Sessão' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);

  const [mail] = await backend.mailbox(email);
  expect(mail!.subject).toBe('Convite para a equipa / Invitation dans l’équipe');
  const link = /href="([^"]*\/auth\/v1\/verify\?[^"]*)"/.exec(mail!.html!)![1]!.replace(/&amp;/g, '&');
  await page.goto(link);
  await expect(page).toHaveURL(/\/admin\/convite/);
  await expect(page.getByRole('heading', { name: 'Bem-vindo(a) à equipa' })).toBeVisible();
  const password = 'Frango-no-balcao-2026';
  await page.getByLabel('Nova palavra-passe').fill(password);
  await page.getByLabel('Repita a palavra-passe').fill(password);
  await shot(page, 'convite');
  await page.getByRole('button', { name: 'Guardar e entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await openMenu(page);
  const nav = page.getByRole('navigation', { name: 'Admin' }).last();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Reservas' })).toBeVisible();
  for (const hidden of ['Relatórios', 'Clientes', 'Promoções', 'Menu', 'Definições', 'Equipa', 'Arquivo de Encomendas'])
    await expect(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  await expect(nav.getByTestId('staff-role')).toHaveText('Balcão');
  await shot(page, 'balcao-menu');

  // Typed by hand: « Sem acesso », and no request for the report was made.
  await page.goto('/admin/reports');
  await expect(page.getByTestId('no-access')).toContainText('Sem acesso');
  await shot(page, 'sem-acesso');
  await page.goto('/admin/customers');
  await expect(page.getByTestId('no-access')).toBeVisible();

  // The invitation is spent: the same link again shows that it was used.
  await page.goto(link);
  await expect(page.getByText('Esta ligação já foi usada ou expirou.', { exact: false })).toBeVisible();
});

test('a refusal of the team function is told in the screen’s language: a customer’s address, in French', async ({
  page,
  backend,
}) => {
  // The function answers 409, which the page's console shows.
  test.info().annotations.push({ type: 'server-refusal', description: '/functions/v1/staff' });
  const customer = await backend.createCustomer();
  await loginAsAdmin(page, backend, '/admin/staff');
  await openMenu(page);
  await page.getByRole('button', { name: 'fr', exact: true }).click();
  if (isPhone(page)) await page.getByRole('button', { name: 'Fermer le menu' }).click();
  await expect(page.getByRole('heading', { name: 'Équipe' })).toBeVisible();
  await page.getByTestId('invite-form').getByLabel('E-mail').fill(customer.email);
  await page.getByRole('button', { name: 'Envoyer l’invitation' }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Invitation non envoyée');
  await expect(toast).toContainText('Cette adresse a déjà un compte confirmé.');
  await expect(toast).not.toContainText('Este endereço');
});
