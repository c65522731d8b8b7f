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
 * A link the browser is about to follow to another page (http(s), this tab, another path or query). The app's
 * entry is not run under it: its router would rewrite the history entry (history.replaceState) of the page
 * being left and take over its links, which could cancel that navigation and make the tap seem lost.
 */
function leavingLink(target: EventTarget | null): boolean {
  const link = target instanceof Element ? target.closest<HTMLAnchorElement>('a[href]') : null;
  if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return false;
  const url = new URL(link.href, location.href);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.origin !== location.origin || url.pathname !== location.pathname || url.search !== location.search;
}

/**
 * Where the boot is. 'waiting' for the browser to be idle or for a first tap; 'loading' the app's modules;
 * 'leaving' while the page follows a link, before the app's entry has run: nothing more is evaluated (the
 * entry would start the router under the navigation) until the visitor is known to be still here, by a tap
 * or key elsewhere (the navigation failed or was stopped) or a return from the back-forward cache, however
 * slow the next page is to come; 'running' once the entry has run.
 */
let phase: 'waiting' | 'loading' | 'leaving' | 'running' = 'waiting';
/** Set by the loading when it stops for 'leaving': goes on where it stopped. */
let goOn = () => {};
const whileLeaving = () => (phase === 'leaving' ? new Promise<void>((resolve) => (goOn = resolve)) : undefined);

function onLeavingClick(event: MouseEvent) {
  if (phase !== 'waiting' && phase !== 'loading') return;
  if (!event.isTrusted || event.defaultPrevented || !leavingLink(event.target)) return;
  const waiting = phase === 'waiting';
  phase = 'leaving';
  // Not started yet: the loading starts stopped, asking for no module while the next page loads.
  if (waiting) void load();
}

/** The visitor is still here: the loading goes on, or starts. */
function stay() {
  if (phase === 'leaving') {
    phase = 'loading';
    goOn();
  } else start();
}

function onInput(event: Event) {
  if (!leavingLink(event.target)) stay();
}

function start() {
  if (phase !== 'waiting') return;
  phase = 'loading';
  void load();
}

/** Resolves once a module is fetched (its modulepreload link loaded, or failed: its import will say so). */
function preload(url: string): Promise<unknown> {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = url;
  document.head.append(link);
  return new Promise((resolve) => {
    link.onload = resolve;
    link.onerror = resolve;
  });
}

async function load() {
  await whileLeaving();
  // Every module is asked for at once (the page has no modulepreload links: they would compete with its
  // first paint), then evaluated one per task in order. An import() evaluates its module as soon as it has
  // arrived: each is imported once fetched and only if the page is not leaving, so that a tap on a link
  // while the modules arrive holds the entry back.
  const fetched = SHOP_MODULES.map(preload);
  for (const [i, url] of SHOP_MODULES.entries()) {
    await fetched[i];
    await whileLeaving();
    await import(/* @vite-ignore */ url);
    await nextTask();
  }
  phase = 'running';
  for (const type of INPUTS) removeEventListener(type, onInput, true);
  removeEventListener('click', onLeavingClick, true);
}

const held: HTMLElement[] = [];
function hold(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>(HELD) : null;
  if (!target || !event.isTrusted) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held.push(target);
  stay();
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
const whenIdle = (then: () => void) =>
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(then, { timeout: 1000 });
      else then();
    }, 0),
  );
if (document.readyState === 'complete') whenIdle(start);
else addEventListener('load', () => whenIdle(start), { once: true });
addEventListener('pageshow', (event) => {
  if (event.persisted) whenIdle(stay);
});
