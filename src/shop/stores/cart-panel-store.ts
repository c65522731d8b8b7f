import { create } from 'zustand';

interface CartPanelState {
  isOpen: boolean;
  open(): void;
  close(): void;
}

export const useCartPanel = create<CartPanelState>((set) => ({
  isOpen: false,
  open: () => set({ isOpen: true }),
  close: () => set({ isOpen: false }),
}));
