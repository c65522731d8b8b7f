import fs from 'node:fs';
import { test, expect, screenshot } from '../support/fixtures';
import { insertOrder, isPhone, loginAsAdmin, orderStatus } from './admin-helpers';

const SHOTS = 'test-results/screens';

test.describe('archive, customers, challenge, promotions', () => {
  test('the archive lists this week read-only', async ({ page, backend }) => {
    const order = await insertOrder(backend, { customer_name: 'Arquivo Semana' });
    await loginAsAdmin(page, backend, '/admin/archive-commandes');
    await expect(page.getByRole('tab', { name: 'Esta semana' })).toHaveAttribute('aria-selected', 'true');
    const row = page.locator(`[data-testid="order-row"][data-order-id="${order.id}"]`);
    await row.click();
    const detail = page.getByTestId('order-detail');
    // The status is text here: nothing looks editable that is not.
    await expect(page.getByTestId('archive-read-only')).toContainText('Só consulta');
    await expect(detail.getByTestId('status-text')).toHaveText('Pendente');
    await expect(detail.getByTestId('status-select')).toHaveCount(0);
    await expect(detail.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
    // Deleting happens on the order's own page, as the toast says.
    await detail.getByRole('button', { name: /Eliminar/ }).click();
    await expect(page.getByTestId('toast')).toContainText('Action non disponible');
    await expect(page.getByTestId('toast')).toContainText('Para eliminar uma, abra-a com «Abrir encomenda»');
    await expect(detail.getByRole('link', { name: 'Abrir encomenda' })).toHaveAttribute(
      'href',
      `/admin/order/${order.id}`,
    );
    expect(await orderStatus(backend, order.id)).toBe('En attente');
    await screenshot(page, 'admin-archive');
    // Below 1024px the detail is an overlay over the list.
    if ((page.viewportSize()?.width ?? 1280) < 1024) await page.getByRole('button', { name: /Fechar/ }).click();
    await page.getByRole('tab', { name: 'Mês passado' }).click();
    await expect(row).toHaveCount(0);
  });

  test('customers list their state and their orders; an order is deleted from its own page, which says it leaves the report', async ({
    page,
    backend,
  }) => {
    const customer = await backend.createCustomer();
    const order = await insertOrder(backend, { customer_email: customer.email, customer_name: 'Cliente Registado' });
    await loginAsAdmin(page, backend, '/admin/customers');
    // A row of the table on a wide screen, a card on a phone: its actions on screen, nothing scrolls sideways.
    const row = isPhone(page)
      ? page.getByTestId('record-card').filter({ hasText: customer.email })
      : page.getByRole('row').filter({ hasText: customer.email });
    await expect(row).toContainText('Vérifié');
    await expect(row).toContainText('Jamais');
    const link = row.getByRole('link', { name: 'Ver encomendas' });
    const box = (await link.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    if (isPhone(page)) await expect(page.getByTestId('customers-table')).toHaveCount(0);
    await screenshot(page, 'admin-customers');
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/customers-${isPhone(page) ? 390 : 1280}.png`, fullPage: true });
    await link.click();
    await expect(page).toHaveURL(
      new RegExp(`/admin/customers/${encodeURIComponent(customer.email).replace(/\./g, '\\.')}/orders$`),
    );
    await page.locator(`[data-testid="order-row"][data-order-id="${order.id}"]`).click();
    const detail = page.getByTestId('order-detail');
    await detail.getByRole('button', { name: /Eliminar/ }).click();
    await expect(page.getByTestId('toast')).toContainText('Action non disponible');
    await expect(page.getByTestId('toast')).toContainText('abra-a com «Abrir encomenda»');
    expect(await orderStatus(backend, order.id)).toBe('En attente');
    await screenshot(page, 'admin-customer-orders');
    await detail.getByRole('link', { name: 'Abrir encomenda' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/order/${order.id}$`));
    await page
      .getByTestId('order-detail')
      .getByRole('button', { name: /Eliminar/ })
      .click();
    await expect(page.getByRole('dialog')).toContainText('deixa de contar no relatório de vendas');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Eliminar/ })
      .click();
    await expect.poll(() => orderStatus(backend, order.id)).toBeNull();
  });

  test('challenge registrations are listed', async ({ page, backend }) => {
    await backend.service
      .from('challenge_registrations')
      .insert({ name: 'Bruno Desafio', email: 'bruno@exemple.lu', phone: null, agreed_to_terms: true });
    await loginAsAdmin(page, backend, '/admin/inscriptions-defi');
    const row = page.getByRole('row').filter({ hasText: 'Bruno Desafio' });
    await expect(row).toContainText('bruno@exemple.lu');
    await expect(row).toContainText('Sim');
  });

  test('the promotions composer validates, previews as text and sends to one consenting customer', async ({
    page,
    backend,
  }) => {
    const customer = await backend.createCustomer();
    // Only addresses that consented receive promotions; the screen says how many.
    await backend.db.query(`select public.record_promotion_consent($1, true, 'account')`, [customer.email]);
    const { rows } = await backend.db.query<{ n: number }>(
      `select count(*)::int as n from public.promotion_consents where consented`,
    );
    await loginAsAdmin(page, backend, '/admin/promotions');
    await expect(page.getByTestId('promotion-audience')).toContainText(`Só recebem as promoções os ${rows[0]!.n}`);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByTestId('toast')).toContainText('Champs requis');
    await page.getByLabel('Assunto').fill('Promo frango');
    await page.getByLabel('Mensagem (texto)').fill('<h1>Frango -20%</h1> Só hoje');
    // What the customer will read: the text as typed, markup included, never interpreted.
    await expect(page.getByTestId('promotion-preview')).toHaveText('<h1>Frango -20%</h1> Só hoje');
    await page.getByLabel('Um cliente').check();
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByTestId('toast')).toContainText('Aucun destinataire');
    await page.getByRole('combobox', { name: 'Escolha um cliente' }).selectOption(customer.email);
    await screenshot(page, 'admin-promotions');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByTestId('toast')).toContainText('Le message a été envoyé à 1 destinataire(s).');
    await expect(page.getByLabel('Assunto')).toHaveValue('');
    await expect
      .poll(async () => (await backend.mailbox(customer.email)).map((m) => m.subject))
      .toContain('Promo frango');
    const [sent] = await backend.mailbox(customer.email);
    expect(sent!.html).toContain('&#60;h1&#62;Frango -20%&#60;/h1&#62; Só hoje');
    expect(sent!.html).toMatch(/\/desinscription\?t=[0-9a-f]{64}/);
  });

  test('SMS and e-mail from the order detail reach the mailbox', async ({ page, backend }) => {
    const order = await insertOrder(backend, { status: 'En préparation' });
    await loginAsAdmin(page, backend, `/admin/order/${order.id}`);
    const detail = page.getByTestId('order-detail');
    await detail.getByRole('button', { name: 'SMS' }).click();
    const sms = page.getByRole('dialog', { name: 'Enviar SMS' });
    await expect(sms.getByRole('textbox')).toHaveValue(/est en préparation/);
    await sms.getByRole('button', { name: 'Prête' }).click();
    await expect(sms.getByRole('textbox')).toHaveValue(/est prête/);
    await sms.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByTestId('toast')).toContainText('SMS envoyé!');
    await expect
      .poll(async () =>
        (await backend.mailbox('+352691000111')).some((m) => m.kind === 'sms' && /est prête/.test(m.body ?? '')),
      )
      .toBe(true);

    await detail.getByRole('button', { name: 'E-mail' }).click();
    const mail = page.getByRole('dialog', { name: 'Notificar por e-mail' });
    await mail.getByLabel('Mensagem').fill('Bonjour,\nvotre commande arrive.');
    await mail.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByTestId('toast')).toContainText('Email envoyé!');
    await expect
      .poll(async () => (await backend.mailbox(order.customer_email!)).map((m) => m.subject))
      .toContain(`Votre commande #${order.id.slice(0, 8)}`);
  });
});
