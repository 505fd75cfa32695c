import type { StateCreator } from 'zustand';
import type { AppState } from './index.ts';

export type ToastTone = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  tone: ToastTone;
  title: string;
  detail?: string;
}

export interface ToastSlice {
  toasts: Toast[];
  pushToast(toast: Omit<Toast, 'id'>): number;
  dismissToast(id: number): void;
}

// More than a handful of toasts at once is noise; the oldest make way.
const MAX_TOASTS = 3;
let nextToastId = 1;

export const createToastSlice: StateCreator<AppState, [], [], ToastSlice> = (set) => ({
  toasts: [],
  pushToast: (toast) => {
    const id = nextToastId++;
    set((current) => {
      // The same message twice in a row is shown once, freshly timed.
      const others = current.toasts.filter((t) => t.title !== toast.title || t.detail !== toast.detail);
      return { toasts: [...others, { ...toast, id }].slice(-MAX_TOASTS) };
    });
    return id;
  },
  dismissToast: (id) => set((current) => ({ toasts: current.toasts.filter((t) => t.id !== id) })),
});
