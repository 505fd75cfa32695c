// Whether a file system error only says that the file (or folder) is not there: for the stores and sweeps,
// where "not there yet" or "gone meanwhile" is an ordinary answer rather than a failure.
export const isMissing = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'ENOENT';
