import { createToastStore, TOAST_DURATION_MS, type Shown, type ToastText } from '../../../shared/stores/toast-store.js';

export { TOAST_DURATION_MS };

export type ToastTone = 'success' | 'error' | 'info';

type ToastFields = ToastText & { tone: ToastTone; durationMs: number };

export type Toast = Shown<ToastFields>;

/** Spec §4: at most one toast visible, 5000 ms by default (the shared rule in src/shared/stores). */
export const useToasts = createToastStore<ToastFields>();

const show = (tone: ToastTone) => (title: string, description?: string) =>
  useToasts.getState().show({ title, description, tone, durationMs: TOAST_DURATION_MS });

export const toast = { success: show('success'), error: show('error'), info: show('info') };
