// A quit stops main's work and waits, briefly, for what that work is still writing, then quits.
//
// Without the wait, the process exits as soon as the windows are closed: a stopped reply's inspector record, or
// a save the page asked for a moment before, can be cut between its temp file and the rename (the write is
// atomic, so nothing is damaged, but it is lost and its temp file stays until the next start's sweep).
//
// Electron's quit sequence (docs/api/app.md § Event: 'before-quit'; ELECTRON.md §4): `before-quit` comes
// first, and `event.preventDefault()` in it cancels the quit; calling `app.quit()` later starts the sequence
// again, `before-quit` included. So the first `before-quit` is held, the work is stopped and waited for, and
// the quit asked again; that second `before-quit` is let through.

/** The most a quit waits for writes: they take milliseconds; a stuck disk must not keep the app open. */
export const QUIT_WAIT_MS = 3_000;

/** What of Electron's `app` this needs. */
export interface QuittingApp {
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  quit(): void;
}

/** Main's running work (the IPC layer): `dispose` aborts it; `writesDone` resolves once its writes have ended. */
export interface StoppableWork {
  dispose(): void;
  /** Whether something is being written now (after `dispose`: a stopped stream's record, a save). */
  writing(): boolean;
  writesDone(): Promise<void>;
}

/**
 * Holds the app's quit until `work()` (if there is any yet) is stopped and its writes done, or `waitMs` has passed.
 * A second quit asked while waiting (the key pressed again) joins the first.
 */
export function quitAfterWork(
  app: QuittingApp,
  work: () => StoppableWork | null,
  waitMs = QUIT_WAIT_MS,
): void {
  let phase: 'running' | 'finishing' | 'done' = 'running';
  app.on('before-quit', (event) => {
    if (phase === 'done') return;
    const current = work();
    if (!current) return;
    if (phase === 'finishing') {
      event.preventDefault();
      return;
    }
    try {
      current.dispose();
    } catch {
      // Aborting failed: nothing to wait for that this could tell; the quit goes on.
    }
    // Held only while something is written: a held quit is a cancelled one (on macOS a system restart or
    // shutdown that reaches `before-quit` is interrupted by it), so an idle app quits at once, as before.
    if (!current.writing()) {
      phase = 'done';
      return;
    }
    event.preventDefault();
    phase = 'finishing';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    });
    void Promise.race([current.writesDone().catch(() => undefined), waited]).then(() => {
      clearTimeout(timer);
      phase = 'done';
      app.quit();
    });
  });
}
