import { useToastDismiss } from '../../../shared/ui/use-toast-dismiss.js';
import { fr } from '../../i18n/fr.js';
import { useToastStore } from './toast-store.js';
import { CloseIcon } from './icons.js';

const tone = {
  default: 'bg-charcoal-900 text-cream-50 border-charcoal-700',
  success: 'bg-herb-700 text-white border-herb-600',
  destructive: 'bg-ember-600 text-white border-ember-700',
} as const;

const placement = {
  floating:
    'pointer-events-none fixed inset-x-0 top-16 z-[100] flex justify-center p-3 sm:inset-x-auto sm:top-20 sm:right-0 sm:justify-end sm:p-4',
  inline: 'flex justify-center px-3 pt-3 empty:hidden',
} as const;

/**
 * Floating over the page, or `inline` in the open cart's flow, where it pushes the lines down
 * instead of covering the line just added.
 */
export function Toaster({ inline = false }: { inline?: boolean }) {
  const current = useToastStore((s) => s.current);
  const dismiss = useToastStore((s) => s.dismiss);
  const { dx, handlers } = useToastDismiss(current && { id: current.id, durationMs: current.duration }, dismiss);

  return (
    <div
      data-modal-keep
      aria-live="polite"
      aria-label={fr.toast.region}
      data-testid={inline ? 'cart-toasts' : undefined}
      className={placement[inline ? 'inline' : 'floating']}
    >
      {current && (
        <div
          key={current.id}
          role={current.variant === 'destructive' ? 'alert' : 'status'}
          data-testid="toast"
          data-variant={current.variant}
          {...handlers}
          style={{
            transform: `translateX(${dx}px)`,
            opacity: 1 - Math.min(Math.abs(dx) / 200, 0.6),
            touchAction: 'pan-y',
          }}
          className={`pointer-events-auto flex w-full animate-toast-in ${inline ? '' : 'max-w-sm shadow-2xl'} items-start gap-3 rounded-xl border p-4 select-none ${tone[current.variant]}`}
        >
          <div className="flex-1">
            <p className="font-semibold">{current.title}</p>
            {current.description && <p className="mt-1 text-sm opacity-95">{current.description}</p>}
          </div>
          <button
            type="button"
            onClick={() => dismiss(current.id)}
            aria-label={fr.toast.dismiss}
            className="rounded p-1 opacity-80 hover:opacity-100"
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
      )}
    </div>
  );
}
