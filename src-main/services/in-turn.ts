/**
 * Work on one saved item runs one task after another (a save, a rename, a delete and the index's check of
 * the same file), while tasks on different items run at once. A failed task does not stop the next one.
 */
export function createTurns(): <T>(id: string, task: () => Promise<T>) => Promise<T> {
  const queues = new Map<string, Promise<unknown>>();
  return function inTurn<T>(id: string, task: () => Promise<T>): Promise<T> {
    const run = (queues.get(id) ?? Promise.resolve()).then(task);
    const settled = run.catch(() => undefined);
    queues.set(id, settled);
    // The queue is forgotten once its last task ends, so ids used once do not pile up.
    void settled.then(() => {
      if (queues.get(id) === settled) queues.delete(id);
    });
    return run;
  };
}
