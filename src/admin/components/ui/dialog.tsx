import { useEffect, useRef, type ReactNode } from 'react';

/** A modal built on <dialog> so focus trapping and Escape come from the browser. */
export function Dialog({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose(): void;
  title: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-label={title}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(32rem,calc(100vw-1.5rem))] rounded-2xl border-2 border-slate-300 p-0 shadow-2xl backdrop:bg-black/60"
    >
      {open && (
        <div className="p-6">
          <h2 className="mb-4 text-xl font-bold">{title}</h2>
          {children}
        </div>
      )}
    </dialog>
  );
}
