import type { StateCreator } from 'zustand';
import type { AppState } from './index.ts';

/**
 * What the shell's one status region says (`StatusRegion`): finished work, said once ("Transcript ready:
 * talk.mp3", "Clip ready", "Reply finished" and their failures). A screen reader reads a polite live region
 * when its text changes, so the same words said again are cleared first and set a moment later.
 */
export interface AnnouncerSlice {
  announcement: string;
  announce(text: string): void;
}

/** Long enough for a screen reader to notice the empty region before the words come back. */
export const REANNOUNCE_DELAY_MS = 100;

let pending: ReturnType<typeof setTimeout> | null = null;

export const createAnnouncerSlice: StateCreator<AppState, [], [], AnnouncerSlice> = (set, get) => ({
  announcement: '',
  announce: (text) => {
    if (pending !== null) clearTimeout(pending);
    pending = null;
    if (get().announcement !== text) {
      set({ announcement: text });
      return;
    }
    set({ announcement: '' });
    pending = setTimeout(() => {
      pending = null;
      set({ announcement: text });
    }, REANNOUNCE_DELAY_MS);
  },
});
