import { useEffect } from 'react';
import { create } from 'zustand';
import { ToastCard, type ToastLook } from '../../../shared/ui/toast-card.js';
import { useToasts, type Toast } from './toast-store.js';

const toneClass: Record<Toast['tone'], string> = {
  success: 'bg-green-700 text-white border-green-900',
  error: 'bg-red-700 text-white border-red-900',
  info: 'bg-slate-900 text-white border-black',
};

const look = (tone: Toast['tone']): ToastLook => ({
  card: `pointer-events-auto w-full max-w-md rounded-xl border-2 px-5 py-4 shadow-2xl ${toneClass[tone]}`,
  title: 'text-lg font-bold',
  description: 'mt-1 text-base opacity-95',
  close: '-m-2 p-2 text-2xl leading-none',
  fadePx: 150,
  fadeMax: 0.7,
});

/** How many modal overlays show the toasts themselves (`inModal`); the page's toaster steps aside meanwhile. */
const useModalToasters = create<{ count: number }>(() => ({ count: 0 }));

/**
 * The one toast on screen. A modal <dialog> makes the page behind it inert and draws over it, so an overlay that
 * holds its own `<Toaster inModal />` (the order's detail on a phone) shows the toasts, and the page's toaster
 * renders nothing until it closes: one toast, readable, never two.
 */
export function Toaster({ inModal = false }: { inModal?: boolean }) {
  const current = useToasts((s) => s.current);
  const dismiss = useToasts((s) => s.dismiss);
  const modalToasters = useModalToasters((s) => s.count);
  useEffect(() => {
    if (!inModal) return;
    useModalToasters.setState((s) => ({ count: s.count + 1 }));
    return () => useModalToasters.setState((s) => ({ count: s.count - 1 }));
  }, [inModal]);
  if (!inModal && modalToasters > 0) return null;
  return (
    <div className="no-print pointer-events-none fixed inset-x-0 top-3 z-[100] flex flex-col items-center gap-2 px-3 sm:top-auto sm:bottom-4 sm:right-4 sm:left-auto sm:items-end">
      {current && (
        <ToastCard
          key={current.id}
          toast={current}
          alert={current.tone === 'error'}
          dismiss={dismiss}
          look={look(current.tone)}
          closeLabel="×"
          closeContent="×"
          data={{ 'data-tone': current.tone }}
        />
      )}
    </div>
  );
}
