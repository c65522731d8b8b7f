import { test, expect } from '../support/fixtures';
import { insertOrder, loginAsAdmin, untilOrdersLive } from './admin-helpers';

const chimes = (page: import('@playwright/test').Page) =>
  page
    .locator('html')
    .getAttribute('data-chimes-played')
    .then((v) => Number(v ?? 0));
/** How often a waiting order rings again (RING_EVERY_MS in src/admin/lib/sound/notification-sound.ts). */
const RING_EVERY_MS = 4000;

test.describe('notification sound and the counter kiosk', () => {
  test('sound off shows the banner; "ring until acknowledged" keeps ringing until the order is accepted', async ({
    page,
    backend,
  }) => {
    const mp3 = await page.request.get('/admin/notification.mp3');
    expect(mp3.status()).toBe(200);
    expect((await mp3.body()).subarray(0, 3).toString('latin1')).toBe('ID3');
    // The page runs on a clock the test drives: the chime's repeat timer fires when the test moves it on.
    await page.clock.install();
    await loginAsAdmin(page, backend);
    await page.getByRole('heading', { name: 'Dashboard' }).click();
    await page.getByRole('switch', { name: 'Som ligado' }).click();
    await expect(page.getByTestId('sound-disabled-banner')).toContainText('O som das notificações está desativado.');
    await page.getByTestId('sound-disabled-banner').getByRole('button', { name: 'Ativar som' }).click();
    await expect(page.getByTestId('sound-disabled-banner')).toHaveCount(0);

    await page.getByLabel('Tocar até confirmar').check();
    await untilOrdersLive(page);
    await insertOrder(backend, { customer_name: 'Toca Sempre' });
    await expect(page.getByTestId('acceptance-panel')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-ringing', 'true');
    // One repeat period later it has rung again, and again after the next.
    const first = await chimes(page);
    await page.clock.runFor(RING_EVERY_MS);
    const second = await chimes(page);
    expect(second).toBeGreaterThan(first);
    await page.clock.runFor(RING_EVERY_MS);
    expect(await chimes(page)).toBeGreaterThan(second);
    await page.getByTestId('acceptance-panel').getByRole('button', { name: 'Aceitar — pronta em 30 min' }).click();
    await expect(page.getByTestId('acceptance-panel')).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('data-ringing', 'false');
    // Accepted: two repeat periods go by without a chime.
    const after = await chimes(page);
    await page.clock.runFor(2 * RING_EVERY_MS);
    expect(await chimes(page)).toBe(after);
  });

  test('in the kiosk, waiting and new orders print themselves and Imprimir goes to the printer', async ({
    page,
    backend,
  }) => {
    // A stand-in for the preload's window.kiosk with the whole KioskApi contract (src/shared/ipc.ts).
    await page.addInitScript(() => {
      const jobs: { id: string; reason: string }[] = [];
      (window as unknown as { kioskJobs: typeof jobs }).kioskJobs = jobs;
      const beats: unknown[] = [];
      (window as unknown as { kioskBeats: typeof beats }).kioskBeats = beats;
      const status = { online: true, lastError: null, pending: 0, jobs: [] };
      const settings = {
        type: 'epson',
        interface: 'tcp://127.0.0.1:9100',
        width: 42,
        copies: 1,
        kitchenTicket: false,
        cashDrawer: false,
        autoPrint: true,
      };
      (window as unknown as { kiosk: unknown }).kiosk = {
        isKiosk: true,
        getVersion: async () => 'test',
        getPrinterStatus: async () => status,
        getPrinterSettings: async () => settings,
        setPrinterSettings: async (s: unknown) => s,
        printOrder: async (req: { order: { id: string }; reason: string }) => {
          jobs.push({ id: req.order.id, reason: req.reason });
          return { queued: true, status: null };
        },
        testPrint: async () => undefined,
        getAutoLaunch: async () => true,
        setAutoLaunch: async (v: boolean) => v,
        getPrintedOrderIds: async () => jobs.map((j) => j.id),
        heartbeat: async (state: unknown) => void beats.push(state),
        onPrinterStatus: () => () => undefined,
      };
    });
    const waiting = await insertOrder(backend, { customer_name: 'Espera Impressão' });
    const done = await insertOrder(backend, { customer_name: 'Já Entregue', status: 'Livrée' });
    await loginAsAdmin(page, backend);
    const jobs = () =>
      page.evaluate(() => (window as unknown as { kioskJobs: { id: string; reason: string }[] }).kioskJobs);
    await expect.poll(jobs).toContainEqual({ id: waiting.id, reason: 'auto' });
    expect((await jobs()).some((j) => j.id === done.id)).toBe(false);
    // The watchdog hears from the app: signed in, realtime joined, online, one order waiting.
    const lastBeat = () => page.evaluate(() => (window as unknown as { kioskBeats: unknown[] }).kioskBeats.at(-1));
    await expect
      .poll(lastBeat, { timeout: 10_000 })
      .toEqual({ signedIn: true, realtimeJoined: true, online: true, unacceptedOrders: 1 });
    // In the kiosk an order rings until it is accepted, without any setting.
    await expect(page.getByLabel('Tocar até confirmar')).toBeChecked();

    await untilOrdersLive(page);
    const fresh = await insertOrder(backend, { customer_name: 'Nova Impressão' });
    await expect.poll(jobs).toContainEqual({ id: fresh.id, reason: 'auto' });

    await page.goto(`/admin/order/${fresh.id}`);
    await page.getByTestId('order-detail').getByRole('button', { name: 'Imprimir' }).click();
    await expect(page.getByTestId('toast')).toContainText('Talão enviado para a impressora.');
    await expect.poll(jobs).toContainEqual({ id: fresh.id, reason: 'manual' });
    expect(page.context().pages()).toHaveLength(1);
  });
});
