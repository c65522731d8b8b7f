import { create } from 'zustand';

export type ToastTone = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  title: string;
  description?: string;
  tone: ToastTone;
  durationMs: number;
}

/** Spec §4: at most one toast visible, 5000 ms by default. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

interface ToastState {
  toasts: Toast[];
  show(toast: Omit<Toast, 'id' | 'durationMs' | 'tone'> & Partial<Pick<Toast, 'durationMs' | 'tone'>>): void;
  dismiss(id: number): void;
}

let nextId = 1;

export const useToasts = create<ToastState>((set) => ({
  toasts: [],
  show: (toast) =>
    set((state) => ({
      toasts: [
        { id: nextId++, tone: 'info' as ToastTone, durationMs: TOAST_DURATION_MS, ...toast },
        ...state.toasts,
      ].slice(0, TOAST_LIMIT),
    })),
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
}));

export const toast = {
  success: (title: string, description?: string) => useToasts.getState().show({ title, description, tone: 'success' }),
  error: (title: string, description?: string) => useToasts.getState().show({ title, description, tone: 'error' }),
  info: (title: string, description?: string) => useToasts.getState().show({ title, description, tone: 'info' }),
};
