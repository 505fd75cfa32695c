// The app's one store, assembled from slices (zustand's slices pattern). Components select narrowly:
// `useAppStore((s) => s.panel)`, never the whole state.
import { create } from 'zustand';
import { createDialogSlice, type DialogSlice } from './dialogs.ts';
import { createNavigationSlice, type NavigationSlice } from './navigation.ts';
import { createSettingsSlice, type SettingsSlice } from './settings.ts';
import { createStreamsSlice, type StreamsSlice } from './streams.ts';
import { createToastSlice, type ToastSlice } from './toasts.ts';

export type AppState = NavigationSlice & SettingsSlice & ToastSlice & DialogSlice & StreamsSlice;

export const useAppStore = create<AppState>()((...args) => ({
  ...createNavigationSlice(...args),
  ...createSettingsSlice(...args),
  ...createToastSlice(...args),
  ...createDialogSlice(...args),
  ...createStreamsSlice(...args),
}));
