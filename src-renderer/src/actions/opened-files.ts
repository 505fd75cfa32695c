// "Open with Gateway Studio": audio files the OS asked the app to open wait in main; the window takes them
// once it has loaded its settings and choices, and again whenever main says more arrived, and adds them
// to the Transcribe queue as dropped files are added (`audio.open`, the refused ones listed, the rest queued).
import { call, subscribe } from '../api.ts';
import { useAppStore } from '../store/index.ts';
import { toastError } from './feedback.ts';

const store = () => useAppStore.getState();

/** Takes every waiting file (main hands them out a call's worth at a time) into the Transcribe queue. */
async function takeOpenedFiles(): Promise<void> {
  for (;;) {
    const taken = await call('openedFiles.take');
    if (!taken.ok || taken.data.paths.length === 0) return;
    // Loaded only when a file came: the first screen carries none of the queue's code.
    const { enqueueAudio } = await import('./transcribe-queue.ts');
    // The user opened these to transcribe them: show where they went.
    store().showPanel('transcribe');
    // No model chosen yet (a first start) is no reason to drop them: main has handed them over for good, so
    // they are queued held back with why (as a recording is) and Retry sends them once a model is chosen.
    const opened = await call('audio.open', { paths: taken.data.paths });
    if (!opened.ok) {
      toastError(opened.error);
      continue;
    }
    store().setRefusedAudio(opened.data.refused);
    enqueueAudio(opened.data.files);
  }
}

/**
 * Follows opened files for the window's lifetime, from `ready` on (settings and choices loaded: the
 * queue needs the chosen model). Subscribed before the first take, so a file that arrives in between is
 * announced; one announced earlier is still waiting in main and comes with the first take.
 */
export function followOpenedFiles(ready: Promise<unknown>): void {
  let taking = Promise.resolve();
  const take = () => {
    taking = taking.then(takeOpenedFiles, takeOpenedFiles);
  };
  void ready.then(() => {
    subscribe('openedFiles.available', take);
    take();
  });
}
