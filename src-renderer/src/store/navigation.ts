import type { StateCreator } from 'zustand';
import type { AppState } from './index.ts';

export type PanelId = 'transcribe' | 'speak' | 'playground' | 'settings';

export interface NavigationSlice {
  panel: PanelId;
  showPanel(panel: PanelId): void;
}

export const createNavigationSlice: StateCreator<AppState, [], [], NavigationSlice> = (set) => ({
  panel: 'transcribe',
  showPanel: (panel) => set({ panel }),
});
