import { expect, test } from '../support/fixtures';
import { addToCart, openCart } from './shop-helpers';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('a toast never covers the open cart: the line just added stays visible and clickable', async ({ page }) => {
  await page.goto('/menu/grillades');
  await addToCart(page, 'Poulet entier grillé');
  await expect(page.getByTestId('toast')).toContainText('Article ajouté');
  await openCart(page);

  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Article ajouté');
  await expect(page.getByTestId('cart-panel').getByTestId('toast')).toBeVisible();
  const line = page.getByTestId('cart-line').first();
  await expect(line).toBeVisible();

  const toastBox = (await toast.boundingBox())!;
  for (const part of [line, page.getByTestId('cart-panel').locator('header'), page.getByTestId('order-button')]) {
    const box = (await part.boundingBox())!;
    expect(overlaps(toastBox, box), 'the toast overlaps the cart').toBe(false);
  }
  // What the customer sees at the line's centre is the line itself, not something laid over it.
  const onTop = await line.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
  });
  expect(onTop).toBe(true);
  await line.getByRole('button', { name: 'Ajouter un Poulet entier grillé' }).click();
  await expect(line.getByTestId('line-quantity')).toHaveText('2');

  await page.keyboard.press('Escape');
  await expect(page.getByTestId('cart-panel')).toHaveCount(0);
  await expect(page.getByTestId('toast')).toContainText('Quantité mise à jour');
});
