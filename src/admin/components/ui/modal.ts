import { useLayoutEffect, useRef, type SyntheticEvent } from 'react';

/**
 * Shows a <dialog> as the browser's modal while the component is mounted: the page behind is inert, the
 * focus moves in (its first control), Escape closes it, and on unmount the focus goes back to what had it when
 * it opened (the row, the menu button). No focus trap or inert of our own. Spread the result on the <dialog>.
 */
export function useModalDialog(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  // Before the first paint: the dialog is never drawn as an ordinary box first.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  // A dialog opened inside this one (an SMS, a confirmation) sends its `cancel` and `close` up React's tree
  // too: only this dialog's own count.
  const own = (e: SyntheticEvent<HTMLDialogElement>) => e.target === e.currentTarget;
  return {
    ref,
    // Escape fires `cancel`: the caller closes (and unmounts) it.
    onCancel: (e: SyntheticEvent<HTMLDialogElement>) => {
      if (!own(e)) return;
      e.preventDefault();
      onClose();
    },
    // The browser may also close it without a `cancel` (a second Escape in a row).
    onClose: (e: SyntheticEvent<HTMLDialogElement>) => {
      if (own(e)) onClose();
    },
  };
}
