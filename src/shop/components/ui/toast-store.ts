import { create } from 'zustand';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
}

interface ToastState {
  current: Toast | null;
  show(toast: Omit<Toast, 'id' | 'variant' | 'duration'> & Partial<Pick<Toast, 'variant' | 'duration'>>): void;
  dismiss(id?: number): void;
}

export const TOAST_DURATION_MS = 5000;
let nextId = 1;

/** At most one toast is visible: a new one replaces the current one. */
export const useToastStore = create<ToastState>((set, get) => ({
  current: null,
  show: (toast) => set({ current: { variant: 'default', duration: TOAST_DURATION_MS, ...toast, id: nextId++ } }),
  dismiss: (id) => {
    if (id === undefined || get().current?.id === id) set({ current: null });
  },
}));

export const toast = (t: Parameters<ToastState['show']>[0]) => useToastStore.getState().show(t);
