import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// Until the web fonts arrive (font-display: swap) a page is drawn in their fallbacks (src/shop/styles/fonts.css,
// scripts/make-shop-fonts.mjs): system fonts scaled to their widths, with their heights. The page laid out in them
// must be the one laid out in the web fonts, or its lines move when they swap in (layout shift).

/**
 * The height of the page and of each title and paragraph of <main>, in the order of the page. The two notes drawn
 * over the page for a while (the category bar's swipe hint, gone a few seconds after it came; the store's notice,
 * « Ouvre à … », when the page goes live at a closed hour) move nothing, and whether each is on screen depends on
 * when the page is measured: they are not counted.
 */
const LAYOUT = () => {
  const overlays = '[data-testid="swipe-hint"], [data-testid="store-notice"]';
  const inFlow = [...document.querySelectorAll('main h1, main h2, main h3, main p')].filter(
    (el) => !el.closest(overlays),
  );
  const blocks = inFlow.map((el) => {
    const box = el.getBoundingClientRect();
    return { text: (el.textContent ?? '').trim().slice(0, 50), top: Math.round(box.top + scrollY), height: box.height };
  });
  return { height: document.documentElement.scrollHeight, blocks };
};
type Layout = ReturnType<typeof LAYOUT>;

async function layoutOf(page: Page, route: string): Promise<Layout> {
  await page.goto(route);
  // The live reads have answered and the fonts (or their fallbacks) are there.
  await expect(page.locator('main h3').last()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  // The menu's categories away from the screen are drawn only near it (content-visibility: auto), at a guessed
  // height until then: every one laid out, the two pages compare the fonts, not how far each was scrolled.
  await page.addStyleTag({ content: 'main section { content-visibility: visible !important; }' });
  return page.evaluate(LAYOUT);
}

test('the page drawn in the fallback fonts has the lines and height it has in the web fonts', async ({
  page,
  browser,
}) => {
  const route = '/menu/hungryburgers';
  const withFonts = await layoutOf(page, route);
  const used = await page.evaluate(() =>
    [...document.fonts].filter((f) => f.status === 'loaded').map((f) => `${f.family} ${f.weight}`),
  );
  expect(used).toEqual(expect.arrayContaining(['Oswald 700', 'Source Sans 3 400']));

  // A visitor whose web fonts have not arrived: the same page, its woff2 requests refused.
  const context = await browser.newContext({ viewport: page.viewportSize(), serviceWorkers: 'block' });
  const fallbackPage = await context.newPage();
  await fallbackPage.route('**/*.woff2', (route) => route.abort());
  const withFallbacks = await layoutOf(fallbackPage, route);
  const fallbacks = await fallbackPage.evaluate(() =>
    [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family),
  );
  await context.close();
  // Chromium here has the Liberation fonts (Arial's metrics): the fallbacks are those faces, not a system font.
  expect(fallbacks).toEqual(expect.arrayContaining(['Oswald Fallback Narrow', 'Source Sans 3 Fallback Arial']));
  expect(fallbacks).not.toContain('Oswald');

  expect(withFallbacks.blocks.map((b) => b.text)).toEqual(withFonts.blocks.map((b) => b.text));
  const moved = withFonts.blocks.filter((b, i) => Math.abs(b.height - withFallbacks.blocks[i].height) > 2);
  // A line breaks elsewhere in a few of the blocks at most, and the page keeps its height within 1 %.
  expect(moved.length, JSON.stringify(moved.slice(0, 5))).toBeLessThanOrEqual(withFonts.blocks.length * 0.03);
  expect(Math.abs(withFallbacks.height - withFonts.height)).toBeLessThanOrEqual(withFonts.height * 0.01);
});
