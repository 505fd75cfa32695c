// The app's store, assembled from slices (zustand's slices pattern). Components select narrowly:
// `useAppStore((s) => s.panel)`, never the whole state. Streams have a store of their own (streams.ts).
import { create } from 'zustand';
import { type AnnouncerSlice, createAnnouncerSlice } from './announcer.ts';
import { type CatalogueSlice, createCatalogueSlice } from './catalogue.ts';
import { createDialogSlice, type DialogSlice } from './dialogs.ts';
import { createNavigationSlice, type NavigationSlice } from './navigation.ts';
import { createPlaygroundSlice, type PlaygroundSlice } from './playground.ts';
import { createPrefsSlice, type PrefsSlice } from './prefs.ts';
import { createSettingsSlice, type SettingsSlice } from './settings.ts';
import { createSpeakSlice, type SpeakSlice } from './speak.ts';
import { createToastSlice, type ToastSlice } from './toasts.ts';
import { createTranscribeQueueSlice, type TranscribeQueueSlice } from './transcribe-queue.ts';
import { createTranscriptsSlice, type TranscriptsSlice } from './transcripts.ts';

export type AppState = NavigationSlice &
  AnnouncerSlice &
  SettingsSlice &
  ToastSlice &
  DialogSlice &
  PrefsSlice &
  CatalogueSlice &
  TranscriptsSlice &
  TranscribeQueueSlice &
  SpeakSlice &
  PlaygroundSlice;

export const useAppStore = create<AppState>()((...args) => ({
  ...createNavigationSlice(...args),
  ...createAnnouncerSlice(...args),
  ...createSettingsSlice(...args),
  ...createToastSlice(...args),
  ...createDialogSlice(...args),
  ...createPrefsSlice(...args),
  ...createCatalogueSlice(...args),
  ...createTranscriptsSlice(...args),
  ...createTranscribeQueueSlice(...args),
  ...createSpeakSlice(...args),
  ...createPlaygroundSlice(...args),
}));
