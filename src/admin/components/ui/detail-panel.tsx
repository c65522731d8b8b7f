import type { ReactNode } from 'react';
import { useT } from '../../i18n/index.js';
import { Card } from './card.js';
import { useModalDialog } from './modal.js';
import { Toaster } from './toaster.js';

/** Inline beside the list on wide screens, a modal <dialog> over it on narrow ones. */
export function DetailPanel({
  overlay,
  label,
  onClose,
  children,
}: {
  overlay: boolean;
  /** The overlay's name for a screen reader (the order's number). */
  label: string;
  onClose(): void;
  children: ReactNode;
}) {
  if (!overlay) return <Card className="sticky top-20 self-start">{children}</Card>;
  return (
    <DetailOverlay label={label} onClose={onClose}>
      {children}
    </DetailOverlay>
  );
}

function DetailOverlay({ label, onClose, children }: { label: string; onClose(): void; children: ReactNode }) {
  const t = useT();
  const modal = useModalDialog(onClose);
  return (
    <dialog
      {...modal}
      aria-label={label}
      data-testid="detail-overlay"
      className="mx-auto mb-0 mt-auto max-h-[92vh] w-full max-w-2xl overflow-y-auto rounded-t-2xl bg-white p-5 backdrop:bg-black/60 sm:m-auto sm:rounded-2xl"
    >
      <button
        type="button"
        onClick={onClose}
        className="mb-3 min-h-12 rounded-lg border-2 border-slate-400 px-4 font-semibold"
      >
        ← {t('common.close')}
      </button>
      {children}
      {/* The page's toasts are inert behind the modal: the overlay shows them itself. */}
      <Toaster inModal />
    </dialog>
  );
}
