// Whether a path lies inside a folder: the one check behind serving media, playing history audio and
// deleting recordings. Plain Node, no electron import.
import { isAbsolute, relative, sep } from 'node:path';

/** `path` lies strictly inside `folder` (both already resolved the same way: both real, or both plain). */
export function isInsideFolder(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel !== '' && !isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${sep}`);
}
