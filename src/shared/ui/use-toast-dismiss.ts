import { useEffect, useRef, useState, type PointerEvent } from 'react';

/** How far a toast is swiped sideways before it goes. */
export const SWIPE_DISMISS_PX = 50;

/**
 * The dismissal both apps' toasters share: the toast on screen goes after its duration, or when swiped
 * sideways past SWIPE_DISMISS_PX (a shorter swipe springs back). `dx` is the swipe's offset, for the style;
 * `handlers` go on the toast's element.
 */
export function useToastDismiss(
  toast: { id: number; durationMs: number } | null,
  dismiss: (id: number) => void,
): {
  dx: number;
  handlers: {
    onPointerDown(e: PointerEvent): void;
    onPointerMove(e: PointerEvent): void;
    onPointerUp(): void;
    onPointerCancel(): void;
  };
} {
  const [dx, setDx] = useState(0);
  const start = useRef<number | null>(null);
  const id = toast?.id;
  const durationMs = toast?.durationMs;

  useEffect(() => {
    setDx(0);
    if (id === undefined || durationMs === undefined) return;
    const timer = setTimeout(() => dismiss(id), durationMs);
    return () => clearTimeout(timer);
  }, [id, durationMs, dismiss]);

  const end = () => {
    if (id !== undefined && Math.abs(dx) > SWIPE_DISMISS_PX) dismiss(id);
    else setDx(0);
    start.current = null;
  };
  return {
    dx,
    handlers: {
      onPointerDown: (e) => {
        start.current = e.clientX;
        (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
      },
      onPointerMove: (e) => {
        if (start.current !== null) setDx(e.clientX - start.current);
      },
      onPointerUp: end,
      onPointerCancel: end,
    },
  };
}
