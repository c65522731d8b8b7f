import type { Page, TestInfo } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { insertOrder, isPhone, loginAsAdmin, untilOrdersLive } from './admin-helpers';
import { installFakeKiosk, kioskLog } from './printer-kiosk';

const shot = (page: Page, info: TestInfo, name: string) =>
  page.screenshot({ path: `test-results/screens/printer-${name}-${info.project.name}.png`, fullPage: true });

async function openNav(page: Page) {
  if (isPhone(page)) await page.getByRole('button', { name: 'Abrir menu' }).click();
  return page.getByRole('navigation', { name: 'Admin' }).last();
}

const online = { online: true, lastError: null, pending: 0, jobs: [] };
const push = (page: Page, status: unknown) =>
  page.evaluate((s) => (window as unknown as { pushPrinterStatus(s: unknown): void }).pushPrinterStatus(s), status);

test.describe('the counter kiosk printer in the admin', () => {
  test('settings screen: loads, saves, shows a refused setting, test print success and failure', async ({
    page,
    backend,
  }, info) => {
    await installFakeKiosk(page);
    await loginAsAdmin(page, backend);
    const nav = await openNav(page);
    await nav.getByRole('link', { name: 'Impressora' }).click();
    await expect(page).toHaveURL(/\/admin\/printer$/);
    await expect(page.getByRole('heading', { name: 'Impressora do balcão' })).toBeVisible();

    const address = page.getByLabel('Ligação');
    await expect(address).toHaveValue('tcp://192.168.1.100:9100');
    await expect(page.getByTestId('kiosk-version')).toHaveText('Versão do quiosque: 1.4.2');
    await expect(page.getByText('/dev/usb/lp0')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Iniciar com o computador' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    await page.getByLabel('STAR').check();
    await address.fill('tcp://10.0.0.7:9100');
    await page.getByLabel('Largura do papel').selectOption('48');
    await page.getByLabel('Cópias (1 a 5)').fill('2');
    await page.getByRole('switch', { name: 'Talão de cozinha' }).click();
    await page.getByRole('switch', { name: 'Gaveta de dinheiro' }).click();
    await page.getByRole('switch', { name: 'Impressão automática' }).click();
    // Pre-orders: their tickets print on their day, 45 min before by default; a receipt slip if the owner wants one.
    await expect(page.getByLabel('Pré-encomendas: imprimir antes da hora (min, 0 a 240)')).toHaveValue('45');
    await page.getByLabel('Pré-encomendas: imprimir antes da hora (min, 0 a 240)').fill('30');
    await page.getByRole('switch', { name: 'Talão de receção das pré-encomendas' }).click();
    await page.getByRole('switch', { name: 'Iniciar com o computador' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByTestId('toast')).toContainText('Definições da impressora guardadas.');
    let log = await kioskLog(page);
    expect(log.saved.at(-1)).toEqual({
      type: 'star',
      interface: 'tcp://10.0.0.7:9100',
      width: 48,
      copies: 2,
      kitchenTicket: true,
      cashDrawer: true,
      autoPrint: false,
      preorderLeadMinutes: 30,
      preorderAcknowledgement: true,
    });
    expect(log.autoLaunch).toEqual([false]);

    // What the kiosk kept is what the screen shows after a reload.
    await page.reload();
    await expect(page.getByLabel('Ligação')).toHaveValue('tcp://10.0.0.7:9100');
    await expect(page.getByLabel('STAR')).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Iniciar com o computador' })).toHaveAttribute(
      'aria-checked',
      'false',
    );

    await page.getByLabel('Ligação').fill('imprimante-du-bar');
    await page.getByRole('button', { name: 'Guardar' }).click();
    const refused = page.getByTestId('printer-refused');
    await expect(refused).toHaveText(
      'Données refusées : interface – Adresse inconnue : tcp://IP:9100, /dev/usb/lp0, COM3 ou \\\\PC\\Imprimante.',
    );
    await expect(page.getByTestId('toast')).toContainText('Definições recusadas');
    await shot(page, info, 'refused');
    log = await kioskLog(page);
    // The log starts again with the reload: only the refused attempt is in it.
    expect(log.saved).toEqual([expect.objectContaining({ interface: 'imprimante-du-bar' })]);

    await page.getByLabel('Ligação').fill('\\\\CAISSE\\Imprimante');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByTestId('toast')).toContainText('Definições da impressora guardadas.');
    await expect(refused).toHaveCount(0);

    await page.getByRole('button', { name: 'Imprimir teste' }).click();
    await expect(page.getByTestId('toast')).toContainText('Talão de teste enviado para a impressora.');
    await page.evaluate(
      () => ((window as unknown as { testPrintFails: string }).testPrintFails = 'connect ECONNREFUSED 10.0.0.7:9100'),
    );
    await page.getByRole('button', { name: 'Imprimir teste' }).click();
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Falha no talão de teste');
    await expect(toast).toContainText('connect ECONNREFUSED 10.0.0.7:9100');
    await expect(toast).not.toContainText('Error invoking');
    expect((await kioskLog(page)).testPrints).toBe(2);

    if (!isPhone(page)) {
      await page.getByRole('button', { name: 'fr', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Imprimante du comptoir' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Ticket de test' })).toBeVisible();
      await page.getByRole('button', { name: 'pt', exact: true }).click();
    }
    await shot(page, info, 'settings');
  });

  test('top bar: error pushed by the kiosk, retry, back online; waiting count', async ({ page, backend }, info) => {
    await installFakeKiosk(page);
    await loginAsAdmin(page, backend);
    const indicator = page.getByTestId('printer-status');
    await expect(indicator).toHaveAttribute('data-state', 'online');
    await expect(indicator).toContainText('Impressora pronta');

    const at = new Date().toISOString();
    await push(page, {
      online: false,
      lastError: 'Sem papel',
      pending: 2,
      jobs: [
        {
          orderId: '11111111-aaaa-4bbb-8ccc-000000000001',
          state: 'failed',
          attempts: 3,
          lastError: 'Sem papel',
          updatedAt: at,
        },
        {
          orderId: '11111111-aaaa-4bbb-8ccc-000000000002',
          state: 'queued',
          attempts: 0,
          lastError: null,
          updatedAt: at,
        },
      ],
    });
    await expect(indicator).toHaveAttribute('data-state', 'error');
    await expect(indicator.getByRole('link')).toHaveAccessibleName('Impressora: Sem papel');
    await shot(page, info, 'topbar-error');

    const before = (await kioskLog(page)).saved.length;
    const retriesBefore = (await kioskLog(page)).retries;
    // On a phone the top bar keeps the coloured icon; the message and the retry are on the printer screen.
    if (isPhone(page)) {
      await indicator.getByRole('link').click();
      await page.getByRole('main').getByRole('button', { name: 'Tentar de novo' }).click();
    } else await indicator.getByRole('button', { name: 'Tentar de novo' }).click();
    await expect(page.getByTestId('toast')).toContainText('A tentar imprimir de novo...');
    // Retry asks the kiosk to retry its queue: nothing is saved and no second ticket is queued.
    const log = await kioskLog(page);
    expect(log.retries).toBe(retriesBefore + 1);
    expect(log.saved).toHaveLength(before);
    // Other tests' waiting orders may print themselves (reason 'auto'); the retry itself prints nothing.
    expect(log.printed.filter((p) => p.reason !== 'auto')).toEqual([]);

    await indicator.getByRole('link').click();
    await expect(page).toHaveURL(/\/admin\/printer$/);
    await expect(page.getByTestId('printer-jobs')).toContainText('Falhou (3 tentativas)');

    await push(page, {
      online: true,
      lastError: null,
      pending: 1,
      jobs: [
        {
          orderId: '11111111-aaaa-4bbb-8ccc-000000000002',
          state: 'printing',
          attempts: 1,
          lastError: null,
          updatedAt: at,
        },
      ],
    });
    await expect(indicator).toHaveAttribute('data-state', 'waiting');
    await expect(indicator.getByRole('link')).toHaveAccessibleName('1 talões em espera');
    await push(page, online);
    await expect(indicator).toHaveAttribute('data-state', 'online');
    await expect(indicator.locator('a')).toHaveAttribute('title', 'Impressora pronta');
    // A phone's top bar has no room: a printer that needs nothing is not shown there.
    if (isPhone(page)) await expect(indicator).toBeHidden();
    else await expect(indicator).toBeVisible();
    await expect(indicator.getByRole('button', { name: 'Tentar de novo' })).toHaveCount(0);
  });

  test('a ticket the kiosk refuses shows at once, stays in the printer status and prints on retry', async ({
    page,
    backend,
  }, info) => {
    await installFakeKiosk(page);
    await loginAsAdmin(page, backend);
    const indicator = page.getByTestId('printer-status');
    await expect(indicator).toHaveAttribute('data-state', 'online');
    // Worded as the kiosk's IPC handler refuses a request it cannot validate (src/main/ipc-handlers.ts).
    const reason = 'Données refusées : order.order_items – Invalid input';
    await page.evaluate((r) => ((window as unknown as { printOrderRefuses: string }).printOrderRefuses = r), reason);
    await untilOrdersLive(page);
    const fresh = await insertOrder(backend, { customer_name: 'Talão Recusado' });
    const number = fresh.id.slice(0, 8);

    // Refusals that come together share one toast (the dashboard's first read may hand other waiting orders too).
    const refusalToast = page.getByTestId('toast').filter({ hasText: /não impress/ });
    await expect(refusalToast.filter({ hasText: `#${number}` })).toContainText(reason);
    await expect.poll(() => kioskLog(page).then((l) => l.refused)).toContainEqual({ id: fresh.id, reason: 'auto' });
    await expect(indicator).toHaveAttribute('data-state', 'error');
    await expect(indicator.getByRole('link')).toHaveAccessibleName(`Impressora: ${reason}`);
    const row = page.locator(`[data-testid="order-row"][data-order-id="${fresh.id}"]`);
    await expect(row.getByTestId('print-badge')).toHaveText('Falha de impressão');
    await shot(page, info, 'refused');

    await indicator.getByRole('link').click();
    await expect(page).toHaveURL(/\/admin\/printer$/);
    const jobs = page.getByTestId('printer-jobs');
    const refusedRow = jobs.locator('[data-print-state="refused"]').filter({ hasText: `#${number}` });
    await expect(refusedRow).toContainText('Recusado pelo quiosque');
    await expect(refusedRow).toContainText(reason);

    // The kiosk accepts again: the retry hands the same order over once more, and the refusal goes away.
    await page.evaluate(() => ((window as unknown as { printOrderRefuses: null }).printOrderRefuses = null));
    await page.getByRole('main').getByRole('button', { name: 'Tentar de novo' }).click();
    await expect.poll(() => kioskLog(page).then((l) => l.printed)).toContainEqual({ id: fresh.id, reason: 'auto' });
    await expect(page.locator('[data-print-state="refused"]').filter({ hasText: `#${number}` })).toHaveCount(0);
    await expect(indicator).not.toHaveAttribute('data-state', 'error');

    // Two orders refused one after the other: each one's « Nova encomenda » comes between, yet one toast names both.
    await page.evaluate((r) => ((window as unknown as { printOrderRefuses: string }).printOrderRefuses = r), reason);
    const first = await insertOrder(backend, { customer_name: 'Recusada Um' });
    await expect.poll(() => kioskLog(page).then((l) => l.refused)).toContainEqual({ id: first.id, reason: 'auto' });
    const second = await insertOrder(backend, { customer_name: 'Recusada Dois' });
    const both = refusalToast
      .filter({ hasText: `#${first.id.slice(0, 8)}` })
      .filter({ hasText: `#${second.id.slice(0, 8)}` });
    await expect(both).toContainText(/\d+ talões não impressos/);
    await expect(both).toContainText(reason);
  });

  test('dashboard: each order shows whether this kiosk printed it', async ({ page, backend }, info) => {
    const earlier = await insertOrder(backend, { customer_name: 'Já Impressa' });
    const notPrinted = await insertOrder(backend, { customer_name: 'Entregue Antes', status: 'Livrée' });
    await installFakeKiosk(page, { printedIds: [earlier.id] });
    await loginAsAdmin(page, backend);
    const row = (id: string) => page.locator(`[data-testid="order-row"][data-order-id="${id}"]`);
    await expect(row(earlier.id).getByTestId('print-badge')).toHaveText('Impresso');
    await expect(row(notPrinted.id)).toBeVisible();
    await expect(row(notPrinted.id).getByTestId('print-badge')).toHaveCount(0);

    await untilOrdersLive(page);
    const fresh = await insertOrder(backend, { customer_name: 'Nova Com Talão' });
    await expect(row(fresh.id)).toBeVisible();
    await expect.poll(() => kioskLog(page).then((l) => l.printed)).toContainEqual({ id: fresh.id, reason: 'auto' });
    await expect(row(fresh.id).getByTestId('print-badge')).toHaveText('Impresso');
    await expect(row(notPrinted.id).getByTestId('print-badge')).toHaveCount(0);

    await push(page, {
      online: false,
      lastError: 'Tampa aberta',
      pending: 1,
      jobs: [
        {
          orderId: notPrinted.id,
          state: 'failed',
          attempts: 1,
          lastError: 'Tampa aberta',
          updatedAt: new Date().toISOString(),
        },
      ],
    });
    await expect(row(notPrinted.id).getByTestId('print-badge')).toHaveText('Falha de impressão');
    await shot(page, info, 'dashboard');

    await page.goto(`/admin/order/${earlier.id}`);
    await expect(page.getByTestId('order-detail').getByTestId('print-badge')).toHaveText('Impresso');
  });

  test('in a plain browser there is no printer entry, no indicator, and the screen explains the print pages', async ({
    page,
    backend,
  }, info) => {
    await loginAsAdmin(page, backend);
    await expect(page.getByTestId('store-status')).toBeVisible();
    await expect(page.getByTestId('printer-status')).toHaveCount(0);
    const nav = await openNav(page);
    await expect(nav.getByRole('link', { name: 'Definições' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Impressora' })).toHaveCount(0);
    await expect(page.getByTestId('print-badge')).toHaveCount(0);

    await page.goto('/admin/printer');
    await expect(page.getByTestId('printer-browser')).toContainText('páginas de impressão');
    await expect(page.getByTestId('printer-browser')).toContainText('instale a aplicação de quiosque');
    await expect(page.getByLabel('Ligação')).toHaveCount(0);
    await shot(page, info, 'browser');
  });
});
