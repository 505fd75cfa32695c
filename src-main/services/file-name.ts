// Names the save dialog suggests, made from titles the user or the app chose.

/**
 * `name` without the characters some systems do not allow in file names (a title may hold a time,
 * `12:04`, or a path, `a/b`), on one line and trimmed; `''` when nothing is left.
 */
export function fileNameSafe(name: string): string {
  return name
    .replace(/[\\/:*?"<>|]/g, '-')
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();
}
