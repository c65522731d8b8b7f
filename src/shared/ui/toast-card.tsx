import type { CSSProperties, ReactNode } from 'react';
import { useToastDismiss } from './use-toast-dismiss.js';

/** How an app dresses its toast; the structure, roles and dismissal are the same in both. */
export interface ToastLook {
  /** The card's classes (it is a flex row: the words, then the close button). */
  card: string;
  title: string;
  description: string;
  close: string;
  /** A swipe of `fadePx` fades the toast by `fadeMax`, the most it fades. */
  fadePx: number;
  fadeMax: number;
  touchAction?: CSSProperties['touchAction'];
}

/**
 * The toast on screen: a status (an alert for an error) with its title and words and a close button; it
 * goes after its duration or when swiped sideways (`useToastDismiss`). Mount it with `key={toast.id}`.
 */
export function ToastCard({
  toast,
  alert,
  dismiss,
  look,
  closeLabel,
  closeContent,
  data,
}: {
  toast: { id: number; title: string; description?: string; durationMs: number };
  alert: boolean;
  dismiss(id: number): void;
  look: ToastLook;
  closeLabel: string;
  closeContent: ReactNode;
  /** `data-*` attributes for the tests (the toast's tone). */
  data: Record<`data-${string}`, string>;
}) {
  const { dx, handlers } = useToastDismiss(toast, dismiss);
  return (
    <div
      role={alert ? 'alert' : 'status'}
      data-testid="toast"
      {...data}
      {...handlers}
      style={{
        transform: `translateX(${dx}px)`,
        opacity: 1 - Math.min(Math.abs(dx) / look.fadePx, look.fadeMax),
        touchAction: look.touchAction,
      }}
      className={`flex items-start gap-3 ${look.card}`}
    >
      <div className="flex-1">
        <p className={look.title}>{toast.title}</p>
        {toast.description && <p className={look.description}>{toast.description}</p>}
      </div>
      <button type="button" onClick={() => dismiss(toast.id)} aria-label={closeLabel} className={look.close}>
        {closeContent}
      </button>
    </div>
  );
}
