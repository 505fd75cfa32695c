// Runs work in a later task, so that the browser can paint and handle input in between.

interface TaskScheduler {
  postTask(callback: () => void, options: { priority: 'user-visible'; signal: AbortSignal }): Promise<void>;
}

/** Calls `run` in a new task; the returned function cancels it. */
export function nextTask(run: () => void): () => void {
  const scheduler = (globalThis as { scheduler?: Partial<TaskScheduler> }).scheduler;
  if (typeof scheduler?.postTask === 'function') {
    const controller = new AbortController();
    scheduler.postTask(run, { priority: 'user-visible', signal: controller.signal }).catch(() => {});
    return () => controller.abort();
  }
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
}
