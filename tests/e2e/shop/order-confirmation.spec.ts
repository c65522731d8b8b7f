import crypto from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, test, type E2EBackend } from '../support/fixtures';
import { insertOrder, loginAsAdmin } from '../admin/admin-helpers';
import { REFUSALS } from '../../../src/shared/domain/refusals';
import { addToCart, choosePreorder, fillContact, openCart } from './shop-helpers';

/** Screenshots to look at, kept out of the repository. */
const SHOTS = 'test-results/screens';
const width = () => (test.info().project.name === 'phone' ? 390 : 1280);
const UUID = /\/commande\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** « Prête vers 19:45 », or « Prête le 29/11 vers 00:15 » when accepted shortly before midnight. */
function readyText(readyAtIso: string, start: string): string {
  const readyAt = new Date(readyAtIso);
  const lux = (options: Intl.DateTimeFormatOptions) => (d: Date) =>
    new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Luxembourg', ...options }).format(d);
  const hhmm = lux({ hour: '2-digit', minute: '2-digit' })(readyAt);
  const ddmm = lux({ day: '2-digit', month: '2-digit' });
  const day = ddmm(readyAt) === ddmm(new Date()) ? '' : ` le ${ddmm(readyAt)}`;
  return `${start}${day} vers ${hhmm}`;
}

async function accept(backend: E2EBackend, id: string): Promise<string> {
  const { data, error } = await backend.service.rpc('accept_order', { p_order_id: id, p_minutes: 20 });
  expect(error).toBeNull();
  return (data as { ready_at: string }).ready_at;
}

/** The counter's dashboard in its own browser, at the counter's width, sound unlocked. */
async function counter(browser: Browser, backend: E2EBackend): Promise<Page> {
  const context = await browser.newContext({ baseURL: backend.url, viewport: { width: 1280, height: 800 } });
  const admin = await context.newPage();
  await loginAsAdmin(admin, backend);
  await admin.getByRole('heading', { name: 'Dashboard' }).click();
  return admin;
}

test.describe('the customer’s own order page', () => {
  test.describe.configure({ timeout: 240_000 });

  test('« Commander » lands on /commande/<id>, a reload keeps it, the acceptance shows live and ends the cancelling', async ({
    page,
    backend,
  }) => {
    await page.goto('/menu/grillades');
    await addToCart(page, 'Poulet entier grillé');
    await openCart(page);
    const panel = page.getByTestId('cart-panel');
    await fillContact(page, { name: 'Inês Confirma', phone: '+352 691 444 555', email: 'ines.confirma@exemple.lu' });
    await panel.getByText('À emporter', { exact: true }).click();
    await choosePreorder(page);
    await panel.getByTestId('order-button').click();

    await expect(page).toHaveURL(UUID);
    const id = UUID.exec(new URL(page.url()).pathname)![1]!;
    const number = id.slice(0, 8);
    const view = page.getByTestId('tracked-order');
    const check = async () => {
      await expect(view.getByText(`Commande n° ${number}`)).toBeVisible();
      await expect(view.getByTestId('tracking-status')).toHaveText('En attente de confirmation');
      await expect(view).toContainText('1 × Poulet entier grillé');
      await expect(view).toContainText('15,00');
      await expect(view.getByTestId('order-payment')).toHaveText('Paiement : Espèces');
      await expect(view).toContainText('À retirer au restaurant');
      await expect(view.getByRole('link', { name: /Appelez-nous au/ })).toHaveAttribute('href', /^tel:/);
      await expect(view.getByTestId('cancel-order')).toBeVisible();
    };
    await check();
    await expect(page).toHaveTitle('Votre commande · Churrasqueira Differdange');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/confirmation-waiting-${width()}.png`, fullPage: true });
    await page.reload();
    await check();

    // The restaurant accepts: no reload, the page reads « Prête vers HH:MM » within seconds.
    const readyAt = await accept(backend, id);
    await expect(view.getByTestId('tracking-ready')).toHaveText(readyText(readyAt, 'Prête'), { timeout: 10_000 });
    await expect(view.getByTestId('tracking-status')).toHaveText('Commande reçue');
    // Too late to cancel: the button is gone, and the database refuses in French.
    await expect(view.getByTestId('cancel-order')).toHaveCount(0);
    const refused = await fetch(`${backend.url}/rest/v1/rpc/cancel_my_order`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        authorization: `Bearer ${backend.anonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ p_order_id: id }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      details: 'cancel_too_late',
      message: REFUSALS.cancel_too_late.message,
    });
    expect(await backend.service.from('orders').select('status').eq('id', id).single()).toMatchObject({
      data: { status: 'Bien reçu' },
    });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/confirmation-accepted-${width()}.png`, fullPage: true });

    // The 8-character number or a guessed id shows nothing.
    for (const guess of [number, crypto.randomUUID()]) {
      await page.goto(`/commande/${guess}`);
      await expect(page.getByTestId('confirmation-not-found')).toBeVisible();
      await expect(page.getByTestId('tracked-order')).toHaveCount(0);
    }
  });

  test('a customer cancels a waiting order: the counter stops ringing at once and sees who cancelled', async ({
    page,
    backend,
    browser,
  }) => {
    const order = await insertOrder(backend, { customer_name: 'Cliente Desiste' });
    const admin = await counter(browser, backend);
    const waiting = admin.getByTestId('acceptance-panel').locator(`[data-order-id="${order.id}"]`);
    await expect(waiting).toBeVisible();
    await expect(admin.locator('html')).toHaveAttribute('data-ringing', 'true');

    await page.goto(`/commande/${order.id}`);
    await expect(page.getByTestId('tracking-status')).toHaveText('En attente de confirmation');
    await page.getByTestId('cancel-order').click();
    await page.getByTestId('cancel-order-confirm').click();
    await expect(page.getByTestId('tracking-status')).toHaveText('Annulée');
    await expect(page.getByTestId('tracking-cancelled')).toHaveText('Annulée à votre demande.');
    await expect(page.getByTestId('cancel-order')).toHaveCount(0);

    // The counter: out of the waiting list, no more ringing (realtime, no reload).
    await expect(waiting).toHaveCount(0, { timeout: 10_000 });
    await expect(admin.locator('html')).toHaveAttribute('data-ringing', 'false');
    await admin.goto(`/admin/order/${order.id}`);
    await expect(admin.getByTestId('cancelled-by-customer')).toHaveText('Cancelada pelo cliente');

    // A reload keeps the cancellation.
    await page.reload();
    await expect(page.getByTestId('tracking-cancelled')).toHaveText('Annulée à votre demande.');
    await admin.context().close();
  });
});
