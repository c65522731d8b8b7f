/**
 * The only script a prerendered page starts with (scripts/prerender.ts bundles it and puts it in place of
 * the app's entry). The page is already usable HTML: the app's code (React, the router, the data layer)
 * is evaluated once the page has loaded and painted and the browser is idle, or at once on the first
 * tap or key press, one module per task so that no evaluation blocks the page for long. A tap on a
 * button before React has taken the page over is held and replayed once it has (src/shop/app/router.tsx
 * marks that moment); a link still follows its address natively, to another prerendered page.
 */
import { HYDRATED_EVENT } from './app/prerender-data.js';

/** The app's modules, each after those it imports, the entry last (written in by scripts/prerender.ts). */
declare const SHOP_MODULES: string[];

const INPUTS = ['pointerdown', 'keydown', 'touchstart'] as const;
/** What a tap acts on through React only: a link or a form's native submit are not held. */
const HELD = 'button:not([type="submit"]), [role="button"], label, input[type="radio"], input[type="checkbox"]';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let started = false;
async function start() {
  if (started) return;
  started = true;
  for (const type of INPUTS) removeEventListener(type, start, true);
  // Every module is asked for at once (the page has no modulepreload links: they would compete with its
  // first paint), then evaluated one per task in order.
  for (const url of SHOP_MODULES) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = url;
    document.head.append(link);
  }
  for (const url of SHOP_MODULES) {
    await import(/* @vite-ignore */ url);
    await nextTask();
  }
}

const held: HTMLElement[] = [];
function hold(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>(HELD) : null;
  if (!target || !event.isTrusted) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held.push(target);
  void start();
}

function replay() {
  removeEventListener('click', hold, true);
  for (const target of held.splice(0)) {
    if (target.isConnected && !(target as HTMLButtonElement).disabled) target.click();
  }
}

// A category's page (/menu/<category>) opens at its category (the section marked data-landing), as the app
// scrolls to it: at once, before the first paint where the browser allows, unless the browser has already
// put the page somewhere else (back, reload).
if (scrollY === 0) document.querySelector('[data-landing]')?.scrollIntoView({ behavior: 'instant', block: 'start' });

addEventListener('click', hold, true);
document.addEventListener(HYDRATED_EVENT, replay, { once: true });
for (const type of INPUTS) addEventListener(type, start, { capture: true, passive: true });
// After the load event, the next frame (the page is painted) and a task, when the browser is idle.
const whenIdle = () =>
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => void start(), { timeout: 1000 });
      else void start();
    }, 0),
  );
if (document.readyState === 'complete') whenIdle();
else addEventListener('load', whenIdle, { once: true });
