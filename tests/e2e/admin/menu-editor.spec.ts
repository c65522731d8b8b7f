import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { loginAsAdmin, customerBrowser } from './admin-helpers';

const SHOTS = 'test-results/screens';

/** A real PNG photo (a colour gradient) of the given size, as a phone would hand over. */
function pngPhoto(width: number, height: number): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    row[0] = 0;
    for (let x = 0; x < width; x++) {
      row[1 + x * 3] = Math.round((x / width) * 255);
      row[2 + x * 3] = Math.round((y / height) * 255);
      row[3 + x * 3] = 90;
    }
    rows.push(Buffer.from(row));
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  const project = test.info().project.name;
  await page.screenshot({ path: `${SHOTS}/${name}-${project}.png`, fullPage: false });
}

const category = (page: Page, id: string) => page.locator(`[data-testid="menu-category"][data-category-id="${id}"]`);

test.describe('menu editor', () => {
  test('add a dish with a photo and see it live in the shop; edit its price; hide it; reorder', async ({
    page,
    backend,
    browser,
  }) => {
    // One long story (admin and a customer's shop side by side) on a machine shared with other builds.
    test.setTimeout(240_000);
    const name = `Burger do Chef ${crypto.randomBytes(2).toString('hex')}`;
    await loginAsAdmin(page, backend, '/admin/menu');
    // A customer's phone or computer: its own browser, its own session.
    const { context: customer, shop } = await customerBrowser(browser);
    await shop.goto(`${backend.url}/menu/hungryburgers`);
    await expect(shop.locator('[data-testid="menu-item"]').first()).toBeVisible({ timeout: 30_000 });

    let createdId: string | null = null;
    try {
      const burgers = category(page, 'hamburgers');
      await burgers.getByRole('button', { name: '+ Adicionar prato' }).click();
      const form = page.getByTestId('dish-form');
      // Bad input gets a clear message and writes nothing.
      await form.getByRole('button', { name: 'Guardar' }).click();
      await expect(form.getByRole('alert')).toHaveText('Indique o nome do prato (até 120 caracteres).');
      await form.getByLabel('Nome').fill(name);
      await form.getByLabel('Preço (€)').fill('treze');
      await form.getByRole('button', { name: 'Guardar' }).click();
      await expect(form.getByRole('alert')).toHaveText(
        'Preço inválido: um valor entre 0,01 e 1000 €, ao cêntimo, por exemplo 12,50.',
      );

      await form.getByLabel('Descrição').fill('Pão brioche, carne maturada, queijo da Serra.');
      await form.getByLabel('Preço (€)').fill('13,50');
      await form.getByLabel('Texto da oferta especial').fill('Batata frita oferecida');
      await form
        .getByLabel('Escolher foto (telemóvel ou PC)')
        .setInputFiles({ name: 'burger.png', mimeType: 'image/png', buffer: pngPhoto(1200, 1000) });
      await expect(form.getByTestId('photo-preview')).toBeVisible();
      await form.getByLabel('Zoom').fill('1.2');
      await shot(page, 'dish-form-photo');
      await form.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByTestId('toast')).toContainText('Prato adicionado');

      const row = (await backend.service.from('menu_items').select('*').eq('name', name).single()).data as Record<
        string,
        unknown
      >;
      createdId = row.id as string;
      expect(row).toMatchObject({
        category_id: 'hamburgers',
        price: 13.5,
        hidden: false,
        unavailable: false,
        special_offer: { text: 'Batata frita oferecida', condition: '' },
      });
      expect(String(row.image_src)).toMatch(
        new RegExp(`^${backend.url}/storage/v1/object/public/menu-images/items/${createdId}-[a-z0-9]+\\.webp$`),
      );
      // The browser cropped and resized it to what the shop serves: an 800 × 600 WebP.
      const photo = await fetch(String(row.image_src));
      expect(photo.headers.get('content-type')).toBe('image/webp');
      const bytes = Buffer.from(await photo.arrayBuffer());
      expect(bytes.toString('ascii', 8, 12)).toBe('WEBP');

      // The open shop page shows the new dish with its photo, without a reload.
      const card = shop.locator(`[data-testid="menu-item"][data-item-id="${createdId}"]`);
      await expect(card).toContainText(name);
      await expect(card).toContainText('13,50');
      await expect(card.getByTestId('special-offer')).toContainText('Batata frita oferecida');
      const img = card.locator('img');
      await expect(img).toHaveAttribute('src', String(row.image_src));
      // The shop loads pictures lazily: bring the card into view first.
      await card.scrollIntoViewIfNeeded();
      // At the card's width, from Storage's image transformations, in the format the browser prefers: the same
      // pipeline as the committed pictures' AVIF copies.
      const render = String(row.image_src).replace('/storage/v1/object/public/', '/storage/v1/render/image/public/');
      await expect(img).toHaveAttribute(
        'srcset',
        `${render}?width=400&height=300&resize=cover 400w, ${render}?width=800&height=600&resize=cover 800w`,
      );
      // (natural sizes are in CSS pixels, divided by the picked width's density: 4:3 give or take a pixel)
      await expect
        .poll(() =>
          img.evaluate((el: HTMLImageElement) =>
            el.complete && el.naturalWidth > 0
              ? `${el.currentSrc.split('?')[0]} ${Math.abs(el.naturalWidth / el.naturalHeight - 4 / 3) < 0.01}`
              : '',
          ),
        )
        .toBe(`${render} true`);
      const served = await fetch(`${render}?width=400&height=300&resize=cover`, {
        headers: { Accept: 'image/avif,image/webp,*/*' },
      });
      expect(served.headers.get('content-type')).toBe('image/avif');
      await shot(shop, 'shop-new-dish');

      // Edit the price: the shop follows.
      const adminRow = page.locator(`[data-testid="menu-row"][data-item-id="${createdId}"]`);
      await adminRow.getByLabel(`Preço (€) ${name}`).fill('14.20');
      await adminRow.getByRole('button', { name: 'Guardar preço' }).click();
      await expect(adminRow).toContainText('14,20 €');
      await expect(card).toContainText('14,20');

      // Hide: gone from the shop, still in the editor, and place_order refuses it.
      await adminRow.getByRole('button', { name: 'Ocultar' }).click();
      await expect(page.getByTestId('toast')).toContainText('Prato ocultado na loja');
      await expect(adminRow).toContainText('Oculto na loja');
      await expect(card).toHaveCount(0);
      await shot(page, 'menu-list-hidden');
      await adminRow.getByRole('button', { name: 'Mostrar' }).click();
      await expect(card).toBeVisible();

      // Reorder: the first two burgers swap, in the editor and in the shop.
      const rows = burgers.getByTestId('menu-row');
      const firstId = await rows.nth(0).getAttribute('data-item-id');
      const secondId = await rows.nth(1).getAttribute('data-item-id');
      const shopOrder = () =>
        shop.locator('[data-testid="menu-item"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-item-id')));
      const before = await shopOrder();
      expect(before.indexOf(firstId)).toBeLessThan(before.indexOf(secondId));
      await rows
        .nth(0)
        .getByRole('button', { name: /^Descer/ })
        .click();
      await expect(page.getByTestId('toast')).toContainText('Ordem atualizada');
      await expect(rows.nth(0)).toHaveAttribute('data-item-id', secondId!);
      await expect
        .poll(async () => {
          const after = await shopOrder();
          return after.indexOf(secondId) < after.indexOf(firstId);
        })
        .toBe(true);
      await rows
        .nth(0)
        .getByRole('button', { name: /^Descer/ })
        .click();
      await expect(rows.nth(0)).toHaveAttribute('data-item-id', firstId!);

      // Rename a category: the name changes, the slug stays.
      const desserts = category(page, 'desserts');
      await desserts.getByRole('button', { name: 'Renomear' }).click();
      await desserts.getByLabel('Nome da categoria').fill('Sobremesas');
      await expect(desserts).toContainText('O endereço /menu/desserts não muda.');
      await desserts.getByRole('button', { name: 'Guardar', exact: true }).click();
      await expect(page.getByTestId('toast')).toContainText('Categoria renomeada');
      await expect(desserts.getByRole('heading', { name: 'Sobremesas' })).toBeVisible();
      expect(
        (await backend.service.from('menu_categories').select('name, slug').eq('id', 'desserts').single()).data,
      ).toEqual({ name: 'Sobremesas', slug: 'desserts' });
      // The open shop page follows without a reload: the section and its tab take the new name, the link stays.
      await expect(shop.locator('#titre-desserts')).toHaveText('Sobremesas');
      await expect(
        shop.getByRole('navigation', { name: 'Catégories du menu' }).locator('a[href="/menu/desserts"]'),
      ).toHaveText('Sobremesas');
      await category(page, 'hamburgers').scrollIntoViewIfNeeded();
      await shot(page, 'menu-list');

      // Delete: soft, so an order that named it keeps its history.
      await adminRow.getByRole('button', { name: 'Eliminar' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
      await expect(page.getByTestId('toast')).toContainText('Prato eliminado do menu');
      await expect(adminRow).toHaveCount(0);
      await expect(card).toHaveCount(0);
      const deleted = (
        await backend.service.from('menu_items').select('deleted_at, unavailable').eq('id', createdId).single()
      ).data as { deleted_at: string | null; unavailable: boolean };
      expect(deleted.deleted_at).not.toBeNull();
      expect(deleted.unavailable).toBe(true);
    } finally {
      await backend.service.from('menu_categories').update({ name: 'Desserts' }).eq('id', 'desserts');
      if (createdId)
        await backend.service
          .from('menu_items')
          .update({ deleted_at: new Date().toISOString(), hidden: true })
          .eq('id', createdId);
      await customer.close();
    }
  });
});
