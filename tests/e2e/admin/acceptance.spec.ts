import fs from 'node:fs';
import { test, expect } from '../support/fixtures';
import { insertOrder, isPhone, loginAsAdmin, untilOrdersLive } from './admin-helpers';

const chimes = (page: import('@playwright/test').Page) =>
  page
    .locator('html')
    .getAttribute('data-chimes-played')
    .then((v) => Number(v ?? 0));
const SHOTS = 'test-results/screens';
/** How often a waiting order rings again (RING_EVERY_MS in src/admin/lib/sound/notification-sound.ts). */
const RING_EVERY_MS = 4000;

test.describe('order acceptance at the counter', () => {
  // Several engineers share a small machine: give the browser time, the assertions stay strict.
  test.describe.configure({ timeout: 240_000 });
  test('orders waiting at load and placed while the dashboard loads ring and show in the alert panel on every screen', async ({
    page,
    backend,
  }) => {
    const before = await insertOrder(backend, {
      customer_name: 'Já Esperava',
      delivery_method: 'pickup',
      customer_address: null,
      customer_postal_code: null,
      customer_city: null,
      delivery_fee: 0,
      grand_total: 42.5,
      is_preorder: true,
      preorder_date: '2030-06-07',
      preorder_time: '19:30:00',
    });
    await loginAsAdmin(page, backend);
    // Reload, and place an order during that second (as in the issue): it rings too.
    const reload = page.reload();
    const during = await insertOrder(backend, { customer_name: 'Durante Recarga' });
    await reload;
    const panel = page.getByTestId('acceptance-panel');
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId('waiting-order')).toHaveCount(2);
    await expect(panel).toContainText('2 encomenda(s) por aceitar');
    const waitingBefore = panel.locator(`[data-order-id="${before.id}"]`);
    await expect(waitingBefore).toContainText('Levantamento');
    await expect(waitingBefore).toContainText('Pré-encomenda para 07/06/2030 às 19:30');
    await expect(waitingBefore).toContainText('2 x Poulet grillé entier');
    await expect(waitingBefore).toContainText('42,50 €');
    await expect(waitingBefore.getByRole('button', { name: 'Aceitar para 19:30' })).toBeVisible();
    const waitingDuring = panel.locator(`[data-order-id="${during.id}"]`);
    await expect(waitingDuring).toContainText('Entrega');
    await expect(waitingDuring).toContainText('45,50 €');
    // Quick choices, the default (30 min) first in colour.
    for (const m of [15, 20, 30, 45, 60])
      await expect(waitingDuring.getByRole('button', { name: `Aceitar — pronta em ${m} min` })).toBeVisible();
    await expect(waitingDuring.locator('[data-default="true"]')).toHaveText('30 min');
    // Tab title and favicon carry the count.
    await expect(page).toHaveTitle(/^\(2\) por aceitar/);
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,.*%3E2%3C/);
    // Orders already waiting ring as soon as sound may play (a click unlocks it where the browser asks
    // for one), and keep ringing until accepted: the default in a browser as in the kiosk.
    await page.getByRole('heading', { name: 'Dashboard' }).click();
    await expect(page.getByTestId('sound-locked-banner')).toHaveCount(0);
    await expect.poll(() => chimes(page)).toBeGreaterThanOrEqual(1);
    await expect(page.locator('html')).toHaveAttribute('data-ringing', 'true');

    fs.mkdirSync(SHOTS, { recursive: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/alert-panel-${isPhone(page) ? 390 : 1280}.png`, fullPage: false });

    // Another screen: the panel is there too.
    await page.goto('/admin/reservations');
    await expect(page.getByTestId('acceptance-panel').getByTestId('waiting-order')).toHaveCount(2);

    // Refuse with a reason: needs one, then the order leaves the panel.
    const row = page.getByTestId('acceptance-panel').locator(`[data-order-id="${during.id}"]`);
    await row.getByRole('button', { name: 'Recusar' }).click();
    await row.getByRole('button', { name: 'Confirmar recusa' }).click();
    await expect(row.getByRole('alert')).toHaveText('Escreva o motivo (pelo menos 3 caracteres).');
    await row.getByRole('button', { name: 'Article épuisé' }).click();
    if (!isPhone(page)) await page.screenshot({ path: `${SHOTS}/refuse-1280.png` });
    await row.getByRole('button', { name: 'Confirmar recusa' }).click();
    await expect(row).toHaveCount(0);
    const { data: refused } = await backend.service
      .from('orders')
      .select('status, refusal_reason')
      .eq('id', during.id)
      .single();
    expect(refused).toEqual({ status: 'Annulée', refusal_reason: 'Article épuisé' });

    // The pre-order is accepted for its requested time; nothing waits, the title is back.
    await page.getByTestId('acceptance-panel').getByRole('button', { name: 'Aceitar para 19:30' }).click();
    await expect(page.getByTestId('acceptance-panel')).toHaveCount(0);
    await expect(page).not.toHaveTitle(/por aceitar/);
    const { data: accepted } = await backend.service
      .from('orders')
      .select('status, ready_at')
      .eq('id', before.id)
      .single();
    expect(accepted!.status).toBe('Bien reçu');
    expect(new Date(accepted!.ready_at as string).toISOString()).toBe('2030-06-07T17:30:00.000Z');
  });

  test('accepting on one device silences the other; the customer gets the ready time by e-mail', async ({
    page,
    backend,
  }) => {
    // Both devices run on a clock the test drives (one per browser context): the repeat timer of the chime
    // fires when the test moves the clock on, so "it rings again" and "it rang no more" need no real waiting.
    await page.clock.install();
    await loginAsAdmin(page, backend);
    const other = await page.context().newPage();
    await other.goto('/admin/settings');
    await expect(other.getByRole('heading', { name: 'Definições da Loja' })).toBeVisible();
    for (const p of [page, other]) {
      // A tap on the page (its title: nothing to cover it, unlike a corner under the sticky top bar) lets it play sound.
      await p.getByRole('heading', { level: 1 }).first().click();
    }
    // Each device keeps its own choice: both ring until the order is accepted.
    for (const p of [page, other]) await p.getByLabel('Tocar até confirmar').check();
    for (const p of [page, other]) await untilOrdersLive(p);
    const order = await insertOrder(backend, { customer_name: 'Dois Ecrãs' });
    for (const p of [page, other]) {
      await expect(p.getByTestId('acceptance-panel').locator(`[data-order-id="${order.id}"]`)).toBeVisible();
      await expect(p.locator('html')).toHaveAttribute('data-ringing', 'true');
    }
    // Both ring, and keep ringing while it waits: one repeat period later each has rung again.
    const ringingOther = await chimes(other);
    const ringingPage = await chimes(page);
    await page.clock.runFor(RING_EVERY_MS);
    expect(await chimes(other)).toBeGreaterThan(ringingOther);
    expect(await chimes(page)).toBeGreaterThan(ringingPage);

    await page.getByTestId('acceptance-panel').getByRole('button', { name: 'Aceitar — pronta em 20 min' }).click();
    const clicked = Date.now();
    // The other device stops ringing (how fast: npm run bench -- acceptance-silence).
    await expect(other.locator('html')).toHaveAttribute('data-ringing', 'false');
    await expect(other.locator('html')).toHaveAttribute('data-waiting-orders', '0');
    await expect(other.getByTestId('acceptance-panel')).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('data-ringing', 'false');
    // And stays silent: two repeat periods go by on both clocks without a chime.
    const afterOther = await chimes(other);
    const afterPage = await chimes(page);
    await page.clock.runFor(2 * RING_EVERY_MS);
    expect(await chimes(other)).toBe(afterOther);
    expect(await chimes(page)).toBe(afterPage);

    // The outbox holds the acceptance message with the ready time, in Luxembourg time.
    const { data: row } = await backend.service.from('orders').select('ready_at').eq('id', order.id).single();
    const hhmm = new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'Europe/Luxembourg',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(row!.ready_at as string));
    expect(Math.abs(Date.parse(row!.ready_at as string) - (clicked + 20 * 60_000))).toBeLessThan(90_000);
    const { data: outbox } = await backend.service
      .from('notification_outbox')
      .select('kind, recipient, payload')
      .eq('order_id', order.id)
      .eq('kind', 'order_status');
    expect(outbox).toHaveLength(1);
    expect(outbox![0]!.recipient).toBe(order.customer_email);
    // Accepted shortly before midnight, the order is ready the next day and the text says which.
    const ddmm = (d: Date) =>
      new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Luxembourg', day: '2-digit', month: '2-digit' }).format(d);
    const readyAt = new Date(row!.ready_at as string);
    const day = ddmm(readyAt) === ddmm(new Date()) ? '' : ` le ${ddmm(readyAt)}`;
    expect((outbox![0]!.payload as { ready_text: string }).ready_text).toBe(`Livraison prévue${day} vers ${hhmm}`);
  });

  test('auto-accept: the order is accepted at once, rings once and does not wait', async ({ page, backend }) => {
    await page.clock.install();
    await loginAsAdmin(page, backend, '/admin/settings');
    // A tap on the page (its title: nothing to cover it, unlike a corner under the sticky top bar) lets it play sound.
    await page.getByRole('heading', { level: 1 }).first().click();
    const form = page.getByTestId('acceptance-settings');
    await form.getByLabel('Tempo de preparação por defeito (min)').fill('2');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(form.getByRole('alert')).toHaveText('O tempo por defeito deve estar entre 5 e 240 minutos.');
    await form.getByLabel('Tempo de preparação por defeito (min)').fill('25');
    await form.getByLabel('Levantamentos por intervalo').fill('abc');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'A capacidade deve ser um número inteiro entre 1 e 500, ou vazio.',
    );
    await form.getByLabel('Levantamentos por intervalo').fill('');
    await form.getByRole('switch', { name: 'Aceitar automaticamente' }).click();
    await expect(form.getByRole('switch', { name: 'Aceitar automaticamente' })).toHaveAttribute('aria-checked', 'true');
    if (!isPhone(page)) await page.screenshot({ path: `${SHOTS}/settings-1280.png`, fullPage: true });
    try {
      const { data: setting } = await backend.service
        .from('store_settings')
        .select('value')
        .eq('key', 'order_acceptance')
        .single();
      expect(setting!.value).toEqual({
        default_ready_minutes: 25,
        auto_accept: true,
        capacity: { delivery: null, pickup: null },
      });
      await untilOrdersLive(page);
      const { data: placed, error } = await backend.service.rpc('place_order', {
        p_order: {
          customer: { name: 'Auto Aceite', phone: '+352 621 000 999', email: 'auto@exemple.lu' },
          delivery_method: 'pickup',
          payment_method: 'cash',
          items: [{ menuItemId: '32', quantity: 1 }],
        },
        // Wednesday noon in Luxembourg: the kitchen is open whatever the clock of this run says.
        p_now: '2025-11-19T11:00:00Z',
      });
      expect(error).toBeNull();
      expect((placed as { status: string }).status).toBe('Bien reçu');
      await expect(page.getByTestId('toast')).toContainText(`aceite automaticamente`);
      await expect.poll(() => chimes(page)).toBe(1);
      // It does not ring again: two repeat periods go by on the page's clock without a chime.
      await page.clock.runFor(2 * RING_EVERY_MS);
      await expect(page.locator('html')).not.toHaveAttribute('data-ringing', 'true');
      expect(await chimes(page)).toBe(1);
      await expect(page.getByTestId('acceptance-panel')).toHaveCount(0);
    } finally {
      await backend.service
        .from('store_settings')
        .update({
          value: { default_ready_minutes: 30, auto_accept: false, capacity: { delivery: null, pickup: null } },
        })
        .eq('key', 'order_acceptance');
    }
  });
});
