/**
 * Makes everything outside `el` inert (no focus, no clicks, hidden from screen readers) until the
 * returned function is called: a modal panel keeps Tab inside itself. Elements marked
 * `data-modal-keep` (the toasts) stay usable.
 */
export function inertOutside(el: HTMLElement): () => void {
  const changed: HTMLElement[] = [];
  for (let node: HTMLElement | null = el; node && node !== document.body; node = node.parentElement) {
    const parent: HTMLElement | null = node.parentElement;
    if (!parent) break;
    for (const sibling of Array.from(parent.children) as Element[]) {
      if (sibling === node || !(sibling instanceof HTMLElement)) continue;
      if (sibling.inert || sibling.hasAttribute('data-modal-keep') || sibling.tagName === 'SCRIPT') continue;
      sibling.inert = true;
      changed.push(sibling);
    }
  }
  return () => {
    for (const s of changed) s.inert = false;
  };
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab cycling inside `el` (call from a keydown listener). */
export function keepTabInside(el: HTMLElement, e: KeyboardEvent): void {
  if (e.key !== 'Tab') return;
  const items = Array.from(el.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((x) => x.getClientRects().length > 0);
  if (items.length === 0) return;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = document.activeElement;
  if (e.shiftKey && (active === first || !el.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !el.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}
