// Which audio files outside the media folder the page may play. A dropped or picked file stays where the
// user keeps it (the history refers to it, it is not copied); main grants it an unguessable URL under the
// media route for this run of the app, and the protocol handler serves only granted files from there.
import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import { APP_ORIGIN, MEDIA_ROUTE, mediaUrlFor } from '../app-origin.ts';

/** The first segment under the media route that marks a granted file: `/media/@file/<token>/<name>`. */
export const GRANTED_SEGMENT = '@file';

/**
 * Which paths each window was handed by the user (issue 14, item 16). The page names files to main by
 * path; without this, any absolute path would do, and the refusals would tell a page what is on disk.
 * A path counts only when it reached this window from outside the page: a drop (the preload registers
 * what `webUtils.getPathForFile` resolved, see src-preload/index.ts), a native dialog main ran, or a file
 * main itself gave back (an opened, imported or saved audio file). Paths are compared as exact strings:
 * the page sends back what it was given, so no normalising is needed, and none can widen a grant.
 */
export interface WindowPaths {
  /** `path` reached window `ownerId` from the user or from main. */
  admit(ownerId: number, path: string): void;
  /** Whether window `ownerId` was handed exactly this path. */
  admits(ownerId: number, path: string): boolean;
  /** The window is gone: its paths go with it. */
  forgetOwner(ownerId: number): void;
}

/**
 * A window that keeps a very long session open drops many files; past this, the paths handed over
 * longest ago are forgotten first (re-adding such a file grants it again), so memory stays bounded.
 */
export const MAX_PATHS_PER_WINDOW = 10_000;

export function createWindowPaths(limit = MAX_PATHS_PER_WINDOW): WindowPaths {
  const byOwner = new Map<number, Set<string>>();
  return {
    admit(ownerId, path) {
      let paths = byOwner.get(ownerId);
      if (!paths) {
        paths = new Set();
        byOwner.set(ownerId, paths);
      }
      // Re-inserted so a path in use is the newest, not the first to be forgotten.
      paths.delete(path);
      paths.add(path);
      while (paths.size > limit) paths.delete(paths.values().next().value as string);
    },
    admits: (ownerId, path) => byOwner.get(ownerId)?.has(path) ?? false,
    forgetOwner: (ownerId) => {
      byOwner.delete(ownerId);
    },
  };
}

/**
 * Playable URLs for files outside the media folder, and the paths each window may name. They live in
 * one object because they are granted together (a file handed to a window is a file it may play) and
 * the host already passes this one object to the IPC layer; the protocol handler uses only the URLs.
 */
export interface MediaGrants extends WindowPaths {
  /**
   * The URL the page plays `path` from. Files in `<dataDir>/media` are served as they are; any other
   * path is granted (the caller has already checked it is a readable audio file). Stable per path.
   */
  urlFor(path: string): string;
  /** The granted file behind `<token>`, or `null`: anything not granted in this run is not served. */
  resolve(token: string): string | null;
}

export function createMediaGrants(dataDir: string): MediaGrants {
  const byToken = new Map<string, string>();
  const byPath = new Map<string, string>();
  return {
    ...createWindowPaths(),
    urlFor(path) {
      const inside = mediaUrlFor(dataDir, path);
      if (inside !== null) return inside;
      let token = byPath.get(path);
      if (!token) {
        token = randomBytes(16).toString('hex');
        byPath.set(path, token);
        byToken.set(token, path);
      }
      // The name is decoration (and gives the response its content type); only the token is looked up.
      return `${APP_ORIGIN}${MEDIA_ROUTE}${GRANTED_SEGMENT}/${token}/${encodeURIComponent(basename(path))}`;
    },
    resolve: (token) => byToken.get(token) ?? null,
  };
}
