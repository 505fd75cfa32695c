// Upload progress as the page hears it: at most every PROGRESS_INTERVAL_MS, and always the last report.

/** Upload progress is reported at most this often: a 200 MB upload is thousands of chunks. */
const PROGRESS_INTERVAL_MS = 100;

/** Wraps `report` so that it passes on a report only when the interval has passed, or the upload is complete. */
export function throttledProgress(report: (sent: number, total: number) => void) {
  let last = Number.NEGATIVE_INFINITY;
  return (sent: number, total: number) => {
    const now = performance.now();
    if (sent < total && now - last < PROGRESS_INTERVAL_MS) return;
    last = now;
    report(sent, total);
  };
}
