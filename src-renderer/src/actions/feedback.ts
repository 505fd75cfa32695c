// One way to tell the user how an action went, so every action sounds the same.
import type { AppError } from '../../../src-preload/contract.ts';
import { useAppStore } from '../store/index.ts';

export function toastSuccess(title: string, detail?: string): void {
  useAppStore.getState().pushToast({ tone: 'success', title, ...(detail ? { detail } : {}) });
}

/** Says finished work once, through the app's one status region (for screen readers). */
export function announce(text: string): void {
  useAppStore.getState().announce(text);
}

export function toastError(error: AppError): void {
  useAppStore
    .getState()
    .pushToast({ tone: 'error', title: error.message, ...(error.hint ? { detail: error.hint } : {}) });
}
