import { ToastCard, type ToastLook } from '../../../shared/ui/toast-card.js';
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

const look = (inline: boolean, variant: keyof typeof tone): ToastLook => ({
  card: `pointer-events-auto w-full animate-toast-in ${inline ? '' : 'max-w-sm shadow-2xl'} rounded-xl border p-4 select-none ${tone[variant]}`,
  title: 'font-semibold',
  description: 'mt-1 text-sm opacity-95',
  close: 'rounded p-1 opacity-80 hover:opacity-100',
  fadePx: 200,
  fadeMax: 0.6,
  touchAction: 'pan-y',
});

/**
 * Floating over the page, or `inline` in the open cart's flow, where it pushes the lines down
 * instead of covering the line just added.
 */
export function Toaster({ inline = false }: { inline?: boolean }) {
  const current = useToastStore((s) => s.current);
  const dismiss = useToastStore((s) => s.dismiss);

  return (
    <div
      role="region"
      aria-live="polite"
      aria-label={fr.toast.region}
      data-testid={inline ? 'cart-toasts' : undefined}
      className={placement[inline ? 'inline' : 'floating']}
    >
      {current && (
        <ToastCard
          key={current.id}
          toast={{ ...current, durationMs: current.duration }}
          alert={current.variant === 'destructive'}
          dismiss={dismiss}
          look={look(inline, current.variant)}
          closeLabel={fr.toast.dismiss}
          closeContent={<CloseIcon className="size-4" />}
          data={{ 'data-variant': current.variant }}
        />
      )}
    </div>
  );
}
