// Paths main hands back (where a file was saved), as a person reads them, whichever separator the
// platform uses.

/** The file name at the end of a path. */
export function fileNameOf(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}

/** The folder a path is in (the path itself when it has none). */
export function folderOf(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts.slice(0, -1).join(path.includes('\\') ? '\\' : '/') || path;
}
