import type { Locator, Page } from '@playwright/test';
import { test, expect, screenshot } from '../support/fixtures';
import { insertOrder, isPhone, loginAsAdmin } from './admin-helpers';

// The order's detail over a list and the navigation drawer exist below 1024 px: the phone project is 390 px wide,
// the desktop one looks at them in a 900 px window (a tablet), then widens it.
const NARROW = { width: 900, height: 800 };

/** The browser's own modal dialog holds the focus (not a hand-written trap). */
async function holdsFocus(dialog: Locator): Promise<boolean> {
  return dialog.evaluate(
    (d) => d instanceof HTMLDialogElement && d.matches(':modal') && d.contains(document.activeElement),
  );
}

/** An element of the page behind a modal dialog is inert: it cannot take the focus. */
async function takesFocus(element: Locator): Promise<boolean> {
  return element.evaluate((el) => {
    (el as HTMLElement).focus();
    return document.activeElement === el;
  });
}

async function narrow(page: Page): Promise<void> {
  if (!isPhone(page)) await page.setViewportSize(NARROW);
}

test.describe('the back office overlays are modal <dialog>s', () => {
  test("an order's detail over the archive: focus in, page inert, Escape closes, focus back on its row", async ({
    page,
    backend,
  }) => {
    await narrow(page);
    const order = await insertOrder(backend, { customer_name: 'Sobreposta Modal' });
    await loginAsAdmin(page, backend, '/admin/archive-commandes');
    const row = page.locator(`[data-testid="order-row"][data-order-id="${order.id}"]`);
    const tab = page.getByRole('tab', { name: 'Mês passado' });
    await row.focus();
    await page.keyboard.press('Enter');
    const overlay = page.getByRole('dialog', { name: `Encomenda #${order.id.slice(0, 8)}` });
    await expect(overlay.getByTestId('order-detail')).toBeVisible();
    expect(await holdsFocus(overlay)).toBe(true);
    expect(await takesFocus(tab)).toBe(false);
    // A toast of the detail shows over it, once (the page's toaster is inert behind it and steps aside).
    await overlay.getByRole('button', { name: /Eliminar/ }).click();
    await expect(overlay.getByTestId('toast')).toContainText('Action non disponible');
    await expect(page.getByTestId('toast')).toHaveCount(1);
    await screenshot(page, 'admin-order-overlay');

    // A dialog opened from the detail (« Ligar ») closes alone on Escape: the detail stays, holding the focus.
    await overlay.getByRole('button', { name: 'Ligar' }).click();
    const call = page.getByRole('dialog', { name: 'Ligar ao cliente?' });
    await expect(call).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(call).toHaveCount(0);
    await expect(overlay.getByTestId('order-detail')).toBeVisible();
    expect(await holdsFocus(overlay)).toBe(true);

    await page.keyboard.press('Escape');
    await expect(overlay).toHaveCount(0);
    await expect(row).toBeFocused();
    await expect(page.getByTestId('toast')).toHaveCount(1);
    expect(await takesFocus(tab)).toBe(true);

    // « Fechar » closes it the same way.
    await row.click();
    await expect(overlay).toBeVisible();
    await overlay.getByRole('button', { name: /Fechar/ }).click();
    await expect(overlay).toHaveCount(0);
    await expect(row).toBeFocused();

    if (!isPhone(page)) {
      // Wide again: the detail stands beside the list, no dialog, nothing inert.
      await row.click();
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(page.getByTestId('order-detail')).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      expect(await takesFocus(tab)).toBe(true);
    }
  });

  test('the navigation drawer: focus in, page inert, Escape, « Fechar menu », a tap beside or a link close it', async ({
    page,
    backend,
  }) => {
    await narrow(page);
    await loginAsAdmin(page, backend, '/admin/dashboard');
    const opener = page.getByRole('button', { name: 'Abrir menu' });
    const drawer = page.getByRole('dialog', { name: 'Navegação' });
    const storeStatus = page.getByTestId('store-status');

    await opener.click();
    await expect(drawer.getByRole('link', { name: 'Clientes' })).toBeVisible();
    expect(await holdsFocus(drawer)).toBe(true);
    expect(await takesFocus(storeStatus)).toBe(false);
    await screenshot(page, 'admin-nav-drawer', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(opener).toBeFocused();
    expect(await takesFocus(storeStatus)).toBe(true);

    await opener.click();
    await drawer.getByRole('button', { name: 'Fechar menu' }).click();
    await expect(drawer).toHaveCount(0);
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(drawer).toBeVisible();
    const size = page.viewportSize()!;
    await page.mouse.click(size.width - 10, size.height / 2);
    await expect(drawer).toHaveCount(0);

    await opener.click();
    await drawer.getByRole('link', { name: 'Clientes' }).click();
    await expect(page).toHaveURL(/\/admin\/customers$/);
    await expect(drawer).toHaveCount(0);

    if (!isPhone(page)) {
      // Opened, then the window widens past 1024 px: the sidebar stands beside the page, the drawer closes.
      await opener.click();
      await expect(drawer).toBeVisible();
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(drawer).toHaveCount(0);
      expect(await takesFocus(storeStatus)).toBe(true);
    }
  });
});
