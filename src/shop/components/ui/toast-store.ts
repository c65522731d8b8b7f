import type { Refusal } from '../../../shared/domain/refusal.js';
import { createToastStore, TOAST_DURATION_MS, type Shown, type ToastText } from '../../../shared/stores/toast-store.js';

export { TOAST_DURATION_MS };

export type ToastVariant = 'default' | 'success' | 'destructive';

type ToastFields = ToastText & { variant: ToastVariant; duration: number };

export type Toast = Shown<ToastFields>;

/** At most one toast is visible: a new one replaces the current one. */
export const useToastStore = createToastStore<ToastFields>();

export const toast = (
  t: Omit<ToastFields, 'variant' | 'duration'> & Partial<Pick<ToastFields, 'variant' | 'duration'>>,
) => useToastStore.getState().show({ variant: 'default', duration: TOAST_DURATION_MS, ...t });

/**
 * A request that failed: the database's refusal in its own words when it gave one, else the form's own
 * `errorTitle` and `errorText`.
 */
export const toastFailure = (
  refusal: Refusal | null,
  fallback: { errorTitle: string; errorText: string },
  duration?: number,
) =>
  toast({
    title: refusal?.title ?? fallback.errorTitle,
    description: refusal?.message ?? fallback.errorText,
    variant: 'destructive',
    ...(duration === undefined ? {} : { duration }),
  });
