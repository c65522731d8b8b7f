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
