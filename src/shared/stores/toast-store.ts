import { create } from 'zustand';

/** Spec §4: a toast stays 5000 ms unless told otherwise. */
export const TOAST_DURATION_MS = 5000;

export type Shown<T> = T & { id: number };

/** What every toast says: a title, and a line under it if needed. */
export interface ToastText {
  title: string;
  description?: string;
}

export interface ToastStore<T> {
  /** The one toast on screen, or null. */
  current: Shown<T> | null;
  show(toast: T): void;
  /** Without an id, dismisses whatever shows; with one, only that toast (a late timer never hides a newer toast). */
  dismiss(id?: number): void;
}

/**
 * The toast rule both apps follow (spec §4): at most one toast visible, a new one replaces the
 * current one. Each app brings its own fields (the shop's variant, the admin's tone) and defaults.
 */
export function createToastStore<T extends ToastText>() {
  let nextId = 1;
  return create<ToastStore<T>>((set, get) => ({
    current: null,
    show: (toast) => set({ current: { ...toast, id: nextId++ } }),
    dismiss: (id) => {
      if (id === undefined || get().current?.id === id) set({ current: null });
    },
  }));
}
