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
