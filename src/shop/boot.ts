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

/**
 * A link the browser is about to follow to another page (http(s), this tab, another path or query). The app
 * is not started under it: its router's first history.replaceState would cancel that navigation, and the
 * tap would seem lost.
 */
function leavingLink(target: EventTarget | null): boolean {
  const link = target instanceof Element ? target.closest<HTMLAnchorElement>('a[href]') : null;
  if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return false;
  const url = new URL(link.href, location.href);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.origin !== location.origin || url.pathname !== location.pathname || url.search !== location.search;
}

/**
 * Set while the page follows a link, however slow the next page is to come; cleared by the next tap or key
 * elsewhere (the visitor is still here: the navigation failed or was stopped) or a return from the
 * back-forward cache.
 */
let leaving = false;
function onLeavingClick(event: MouseEvent) {
  if (!started && event.isTrusted && !event.defaultPrevented && leavingLink(event.target)) leaving = true;
}

function onInput(event: Event) {
  if (leavingLink(event.target)) return;
  leaving = false;
  void start();
}

let started = false;
async function start() {
  if (started || leaving) return;
  started = true;
  for (const type of INPUTS) removeEventListener(type, onInput, true);
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
addEventListener('click', onLeavingClick, true);
document.addEventListener(HYDRATED_EVENT, replay, { once: true });
for (const type of INPUTS) addEventListener(type, onInput, { capture: true, passive: true });
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
addEventListener('pageshow', (event) => {
  if (!event.persisted || started) return;
  leaving = false;
  whenIdle();
});
