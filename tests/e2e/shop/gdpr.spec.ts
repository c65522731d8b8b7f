import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { expect, test } from '../support/fixtures';
import { signInAs } from './shop-helpers';

const line = { id: '32', name: 'Poulet entier grillé', price: 15, quantity: 1, options: [] };
const order = (email: string, userId: string | null, address: string) => ({
  customer_name: 'Carla Reis',
  customer_phone: '+352 691 777 888',
  customer_email: email,
  user_id: userId,
  delivery_method: 'delivery',
  customer_address: address,
  customer_postal_code: '4601',
  customer_city: 'Differdange',
  payment_method: 'card',
  order_items: [line],
  total_price: 15,
  delivery_fee: 2.5,
  grand_total: 17.5,
});

async function shot(page: Page, name: string, fullPage = true) {
  const project = test.info().project.name;
  // From the top, so the fixed header is drawn where it belongs on the full page.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screens/${name}-${project}.png`, fullPage });
}

// The refusal while her order is open comes as a 400, which the browser logs: this test uses its own page.
test('a customer downloads their data as JSON from /profil, then deletes their account', async ({
  browser,
  baseURL,
  backend,
}) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ baseURL, viewport: test.info().project.use.viewport });
  const page = await context.newPage();
  const customer = await backend.createCustomer();
  const other = await backend.createCustomer();
  const { data: mine, error } = await backend.service
    .from('orders')
    .insert(order(customer.email, customer.id, '7 avenue de la Liberté'))
    .select('id')
    .single();
  expect(error).toBeNull();
  await backend.service.from('orders').insert(order(other.email, other.id, '3 rue Bruno'));

  await signInAs(page, customer);
  const section = page.getByRole('region', { name: 'Vos données personnelles' });
  await expect(section).toBeVisible();
  // The welcome toast goes away by itself (5 s) before the screenshot.
  await expect(page.getByTestId('toast')).toBeHidden({ timeout: 15_000 });
  await shot(page, 'profile');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Télécharger mes données (JSON)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^mes-donnees-churrasqueira-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
  expect(exported.profile).toMatchObject({ id: customer.id, email: customer.email });
  expect(exported.orders.map((o: { id: string }) => o.id)).toEqual([mine!.id]);
  expect(exported.addresses).toEqual([
    expect.objectContaining({ address: '7 avenue de la Liberté', city: 'Differdange' }),
  ]);
  expect(JSON.stringify(exported)).not.toContain(other.email);
  await expect(page.getByTestId('toast')).toContainText('Données téléchargées');

  await section.getByRole('button', { name: 'Supprimer mon compte…' }).click();
  const confirm = page.getByRole('form', { name: 'Confirmer la suppression du compte' });
  await expect(confirm).toContainText('Vos commandes restent conservées 10 ans pour notre comptabilité');
  await confirm.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(confirm.getByText('Saisissez votre mot de passe pour confirmer.')).toBeVisible();
  const password = confirm.getByLabel('Pour confirmer, saisissez votre mot de passe');
  // Her delivery still waits for the counter: the account stays, and the form says why.
  await password.fill(customer.password);
  await confirm.getByRole('button', { name: 'Supprimer définitivement' }).click();
  const blocked = confirm.getByRole('alert');
  await expect(blocked).toContainText('Vous avez une commande en cours');
  await expect(blocked).toContainText('livrée, retirée ou refusée');
  await expect(blocked.getByRole('link', { name: 'Suivre mes commandes' })).toHaveAttribute('href', '/mes-commandes');
  await shot(page, 'delete-refused-open-order');
  const { data: waiting } = await backend.service.from('orders').select('*').eq('id', mine!.id).single();
  expect(waiting).toMatchObject({ customer_address: '7 avenue de la Liberté', user_id: customer.id });
  expect((await backend.service.auth.admin.getUserById(customer.id)).data.user?.id).toBe(customer.id);
  // Delivered: now she may go.
  await backend.service.from('orders').update({ status: 'Livrée' }).eq('id', mine!.id).throwOnError();

  await password.fill('pas-le-bon-mot-de-passe');
  await confirm.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(confirm.getByText('Mot de passe incorrect : votre compte n’a pas été supprimé.')).toBeVisible();
  await expect(confirm.getByRole('alert').filter({ hasText: 'commande en cours' })).toHaveCount(0);
  // Nothing was deleted by the unconfirmed click nor by the wrong password.
  expect((await backend.service.auth.admin.getUserById(customer.id)).data.user?.id).toBe(customer.id);
  await password.fill(customer.password);
  await shot(page, 'delete-confirmation');
  await confirm.getByRole('button', { name: 'Supprimer définitivement' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('toast')).toContainText('Compte supprimé');
  await shot(page, 'deleted', false);
  expect(await page.evaluate(() => localStorage.getItem('restaurant-shop-auth'))).toBeNull();
  await page.goto('/profil');
  await expect(page).toHaveURL(/\/login$/);

  // The account is gone and its password no longer signs in; the order stays, without her.
  const fresh = createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false },
    realtime: { transport: WebSocket as never },
  });
  const signIn = await fresh.auth.signInWithPassword({ email: customer.email, password: customer.password });
  expect(signIn.error?.code).toBe('invalid_credentials');
  const { data: kept } = await backend.service.from('orders').select('*').eq('id', mine!.id).single();
  expect(kept).toMatchObject({
    customer_name: 'Client anonymisé',
    customer_email: null,
    user_id: null,
    grand_total: 17.5,
  });
  const { data: theirs } = await backend.service.from('orders').select('customer_email').eq('user_id', other.id);
  expect(theirs).toEqual([{ customer_email: other.email }]);
  await context.close();
});
