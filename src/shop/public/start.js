// What every page of the shop does before the app has taken it over (deferred, so after the page is parsed).
// A category's page (/menu/<category>) opens at its category (the section marked data-landing), unless the
// browser has already put the page somewhere else (back, reload).
if (scrollY === 0) document.querySelector('[data-landing]')?.scrollIntoView({ behavior: 'instant', block: 'start' });
// The PWA's service worker (scripts/shop-build.ts writes it), once the page has loaded.
if ('serviceWorker' in navigator) {
  addEventListener('load', () => navigator.serviceWorker.register('/sw.js', { scope: '/' }));
}
