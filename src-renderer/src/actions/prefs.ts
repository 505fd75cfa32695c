// Remembered choices: loaded once at start, changed in the store at once, saved to main shortly after
// (a burst of keystrokes in a prompt field becomes one write).
import type { PrefsPatch } from '../../../src-preload/contract.ts';
import { call } from '../api.ts';
import { useAppStore } from '../store/index.ts';
import { mergeSections } from '../store/prefs.ts';
import { toastError } from './feedback.ts';

const SAVE_DELAY_MS = 400;

let pending: PrefsPatch = {};
let timer: ReturnType<typeof setTimeout> | null = null;

export async function loadPrefs(): Promise<void> {
  const result = await call('prefs.get');
  // Without saved choices the defaults stand; the panels work either way.
  if (result.ok) useAppStore.getState().applyPrefs(result.data);
  else useAppStore.setState({ prefsLoaded: true });
}

/** Changes remembered choices now, and saves them a moment later. */
export function setPrefs(patch: PrefsPatch): void {
  useAppStore.getState().patchPrefs(patch);
  pending = mergeSections(pending, patch);
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => void flushPrefs(), SAVE_DELAY_MS);
}

/** Saves what is waiting (also called before the window goes away). */
export async function flushPrefs(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  const patch = pending;
  pending = {};
  if (Object.keys(patch).length === 0) return;
  const result = await call('prefs.update', patch);
  if (!result.ok) toastError(result.error);
}
