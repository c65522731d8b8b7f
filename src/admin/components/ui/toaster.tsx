import { useToastDismiss } from '../../../shared/ui/use-toast-dismiss.js';
import { useToasts, type Toast } from './toast-store.js';

const toneClass: Record<Toast['tone'], string> = {
  success: 'bg-green-700 text-white border-green-900',
  error: 'bg-red-700 text-white border-red-900',
  info: 'bg-slate-900 text-white border-black',
};

function ToastCard({ toast }: { toast: Toast }) {
  const dismiss = useToasts((s) => s.dismiss);
  const { dx, handlers } = useToastDismiss(toast, dismiss);

  return (
    <div
      role={toast.tone === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      data-tone={toast.tone}
      className={`pointer-events-auto w-full max-w-md rounded-xl border-2 px-5 py-4 shadow-2xl ${toneClass[toast.tone]}`}
      style={{ transform: `translateX(${dx}px)`, opacity: 1 - Math.min(Math.abs(dx) / 150, 0.7) }}
      {...handlers}
    >
      <div className="flex items-start gap-3">
        <div className="flex-1">
          <p className="text-lg font-bold">{toast.title}</p>
          {toast.description && <p className="mt-1 text-base opacity-95">{toast.description}</p>}
        </div>
        <button
          type="button"
          aria-label="×"
          className="-m-2 p-2 text-2xl leading-none"
          onClick={() => dismiss(toast.id)}
        >
          ×
        </button>
      </div>
    </div>
  );
}

export function Toaster() {
  const current = useToasts((s) => s.current);
  return (
    <div className="no-print pointer-events-none fixed inset-x-0 top-3 z-[100] flex flex-col items-center gap-2 px-3 sm:top-auto sm:bottom-4 sm:right-4 sm:left-auto sm:items-end">
      {current && <ToastCard key={current.id} toast={current} />}
    </div>
  );
}
