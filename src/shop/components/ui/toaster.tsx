import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { fr } from '../../i18n/fr.js';
import { useToastStore } from './toast-store.js';
import { CloseIcon } from './icons.js';

const SWIPE_DISMISS_PX = 50;

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
  const [dx, setDx] = useState(0);
  const start = useRef<number | null>(null);

  useEffect(() => {
    setDx(0);
    if (!current) return;
    const timer = window.setTimeout(() => dismiss(current.id), current.duration);
    return () => window.clearTimeout(timer);
  }, [current, dismiss]);

  const onPointerDown = (e: PointerEvent) => {
    start.current = e.clientX;
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent) => {
    if (start.current !== null) setDx(e.clientX - start.current);
  };
  const onPointerUp = () => {
    if (current && Math.abs(dx) > SWIPE_DISMISS_PX) dismiss(current.id);
    else setDx(0);
    start.current = null;
  };

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
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
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
