import type { ReactNode } from 'react';
import { useT } from '../../i18n/index.js';
import { Card } from './card.js';

/** Inline beside the list on wide screens, an overlay on narrow ones. */
export function DetailPanel({
  overlay,
  onClose,
  children,
}: {
  overlay: boolean;
  onClose(): void;
  children: ReactNode;
}) {
  const t = useT();
  if (!overlay) return <Card className="sticky top-20 self-start">{children}</Card>;
  return (
    <div
      className="fixed inset-0 z-40 flex items-end justify-center bg-black/60 sm:items-center"
      role="dialog"
      aria-modal="true"
    >
      <div className="max-h-[92vh] w-full max-w-2xl overflow-y-auto rounded-t-2xl bg-white p-5 sm:rounded-2xl">
        <button
          type="button"
          onClick={onClose}
          className="mb-3 min-h-12 rounded-lg border-2 border-slate-400 px-4 font-semibold"
        >
          ← {t('common.close')}
        </button>
        {children}
      </div>
    </div>
  );
}
