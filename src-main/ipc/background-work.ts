/**
 * The work main goes on doing after a call has answered: the sweep of an earlier run's litter, and each
 * store's index check and journal writes. `settled()` lets a host wait for it before the data folder goes
 * away (tests delete theirs; a folder removed while a journal is written fails with ENOTEMPTY).
 */
export interface BackgroundWork {
  /** A source of such work: `settled` resolves once its work so far is done. */
  add(settled: () => Promise<unknown>): void;
  /** Resolves once every source's work so far is done. Never rejects: a failure is its source's to log. */
  settled(): Promise<void>;
}

export function createBackgroundWork(): BackgroundWork {
  const sources: Array<() => Promise<unknown>> = [];
  return {
    add(settled) {
      sources.push(settled);
    },
    async settled() {
      await Promise.allSettled(sources.map((settled) => settled()));
    },
  };
}
