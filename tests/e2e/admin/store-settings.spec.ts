import { test, expect, screenshot } from '../support/fixtures';
import type { E2EBackend } from '../support/fixtures';
import { loginAsAdmin } from './admin-helpers';

async function setting(backend: E2EBackend, key: string): Promise<unknown> {
  const { data } = await backend.service.from('store_settings').select('value').eq('key', key).single();
  return (data as { value: unknown }).value;
}

// The worker's backend is shared with other tests: each test puts back what it changed.
test.describe('store settings, delivery zones, menu', () => {
  test('closing and reopening the store, and switching delivery', async ({ page, backend }) => {
    await loginAsAdmin(page, backend, '/admin/settings');
    try {
      await expect(page.getByTestId('ordering-state')).toHaveText('Loja Aberta');
      await page.getByRole('switch', { name: 'Aceitar Encomendas' }).click();
      await expect(page.getByTestId('toast')).toContainText('A loja está agora fechada para novas encomendas.');
      await expect(page.getByTestId('store-status')).toHaveText('Loja Fechada');
      expect(await setting(backend, 'ordering')).toEqual({
        is_enabled: false,
        message: 'As encomendas online estão temporariamente fechadas.',
      });
      await screenshot(page, 'admin-settings-closed');

      await page.getByRole('switch', { name: 'Aceitar Entregas' }).click();
      await expect(page.getByTestId('toast')).toContainText('As entregas estão agora desativadas.');
      await expect(page.getByTestId('delivery-state')).toHaveText('Desativadas');
      expect(await setting(backend, 'delivery_options')).toEqual({ is_enabled: false });

      // A change made elsewhere (another admin, the kiosk) shows up live.
      await backend.service
        .from('store_settings')
        .upsert({ key: 'ordering', value: { is_enabled: true, message: '' } }, { onConflict: 'key' });
      await expect(page.getByTestId('store-status')).toHaveText('Loja Aberta');
      await page.getByRole('switch', { name: 'Aceitar Entregas' }).click();
      await expect(page.getByTestId('delivery-state')).toHaveText('Ativadas');
    } finally {
      await backend.service.from('store_settings').upsert(
        [
          { key: 'ordering', value: { is_enabled: true, message: '' } },
          { key: 'delivery_options', value: { is_enabled: true } },
        ],
        { onConflict: 'key' },
      );
    }
  });

  test('delivery zones: the spec validation messages, then a saved zone', async ({ page, backend }) => {
    const before = await setting(backend, 'delivery_zones');
    await loginAsAdmin(page, backend, '/admin/delivery-settings');
    try {
      await page.getByRole('button', { name: '+ Adicionar zona' }).click();
      await page.getByRole('button', { name: 'Guardar zonas' }).click();
      await expect(page.getByTestId('toast')).toContainText('Erro de validação');
      await expect(page.getByTestId('toast')).toContainText(
        'Todos os campos de nome da zona e taxa devem ser preenchidos.',
      );

      const last = page.getByTestId('zone-list').locator('li').last();
      await last.getByLabel('Cidade').fill('Testville');
      await last.getByLabel('Taxa (€)').fill('-1');
      await expect(last.getByLabel('Taxa (€)')).toHaveAttribute('inputmode', 'decimal');
      await page.getByRole('button', { name: 'Guardar zonas' }).click();
      await expect(page.getByTestId('toast')).toContainText(
        'A taxa para a zona Testville deve ser um número de 0 a 50 €.',
      );

      await last.getByLabel('Taxa (€)').fill('4.75');
      await page.getByRole('button', { name: 'Guardar zonas' }).click();
      await expect(page.getByTestId('toast')).toContainText('As zonas de entrega foram atualizadas.');
      await expect
        .poll(async () => (await setting(backend, 'delivery_zones')) as unknown[])
        .toContainEqual({ name: 'Testville', fee: 4.75 });
      await screenshot(page, 'admin-delivery-zones');
    } finally {
      await backend.service
        .from('store_settings')
        .upsert({ key: 'delivery_zones', value: before }, { onConflict: 'key' });
    }
  });

  test('delivery zones: the postal codes a zone covers, checked and saved as four digits', async ({
    page,
    backend,
  }) => {
    const before = await setting(backend, 'delivery_zones');
    await loginAsAdmin(page, backend, '/admin/delivery-settings');
    try {
      await page.getByRole('button', { name: '+ Adicionar zona' }).click();
      const last = page.getByTestId('zone-list').locator('li').last();
      await last.getByLabel('Cidade').fill('Codeville');
      await last.getByLabel('Taxa (€)').fill('2.5');
      await last.getByLabel('Códigos postais (opcional)').fill('1111, 45');
      await page.getByRole('button', { name: 'Guardar zonas' }).click();
      await expect(page.getByTestId('toast')).toContainText(
        'Os códigos postais da zona Codeville devem ser códigos do Luxemburgo de 4 algarismos (ex.: 4501 ou L-4501).',
      );
      // The demo zones list the south-west's codes: Luxembourg City's are free. Each zone says what it covers.
      await last.getByLabel('Códigos postais (opcional)').fill('1111, L-1112');
      await expect(last.getByTestId('zone-coverage')).toHaveText('Cobre 2 códigos postais: Luxembourg.');
      const petange = page
        .getByTestId('zone-list')
        .locator('li')
        .filter({ has: page.locator('input[value="Pétange"]') });
      await expect(petange.getByTestId('zone-coverage')).toContainText('Pétange');
      await page.getByRole('button', { name: 'Guardar zonas' }).click();
      await expect(page.getByTestId('toast')).toContainText('As zonas de entrega foram atualizadas.');
      await expect
        .poll(async () => (await setting(backend, 'delivery_zones')) as unknown[])
        .toContainEqual({ name: 'Codeville', fee: 2.5, postal_codes: ['1111', '1112'] });
    } finally {
      await backend.service
        .from('store_settings')
        .upsert({ key: 'delivery_zones', value: before }, { onConflict: 'key' });
    }
  });

  test('menu: an item marked unavailable and a new price reach the shop', async ({ page, backend }) => {
    // The menu editor lists every dish with its photo: its full-page screenshot at phone size takes a while.
    test.setTimeout(120_000);
    const { data } = await backend.service
      .from('menu_items')
      .select('id, name, price')
      .eq('item_type', 'dish')
      .eq('unavailable', false)
      .order('sort_order')
      .limit(1)
      .single();
    const item = data as { id: string; name: string; price: number };
    await loginAsAdmin(page, backend, '/admin/menu');
    try {
      const row = page.locator(`[data-testid="menu-row"][data-item-id="${item.id}"]`);
      await row.getByRole('button', { name: 'Marcar indisponível' }).click();
      await expect(page.getByTestId('toast')).toContainText('Artigo atualizado');
      await expect(row).toContainText('Indisponível');
      await expect
        .poll(
          async () =>
            (
              (await backend.service.from('menu_items').select('unavailable').eq('id', item.id).single()).data as {
                unavailable: boolean;
              }
            ).unavailable,
        )
        .toBe(true);

      await row.getByLabel(/Preço/).fill('9.90');
      await row.getByRole('button', { name: 'Guardar preço' }).click();
      await expect(row).toContainText('9,90 €');
      await expect
        .poll(async () =>
          Number(
            (
              (await backend.service.from('menu_items').select('price').eq('id', item.id).single()).data as {
                price: number;
              }
            ).price,
          ),
        )
        .toBe(9.9);
      await screenshot(page, 'admin-menu');

      // What the shop reads: the public menu through the anon key.
      const r = await fetch(`${backend.url}/rest/v1/menu_items?id=eq.${item.id}&select=unavailable,price`, {
        headers: { apikey: backend.anonKey, Authorization: `Bearer ${backend.anonKey}` },
      });
      const [shopView] = (await r.json()) as { unavailable: boolean; price: number }[];
      expect(shopView!.unavailable).toBe(true);
      expect(Number(shopView!.price)).toBe(9.9);
    } finally {
      await backend.service.from('menu_items').update({ unavailable: false, price: item.price }).eq('id', item.id);
    }
  });
});
