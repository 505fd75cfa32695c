// Which audio files outside the media folder the page may play. A dropped or picked file stays where the
// user keeps it (the history refers to it, it is not copied); main grants it an unguessable URL under the
// media route for this run of the app, and the protocol handler serves only granted files from there.
import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import { APP_ORIGIN, MEDIA_ROUTE, mediaUrlFor } from '../app-origin.ts';

/** The first segment under the media route that marks a granted file: `/media/@file/<token>/<name>`. */
export const GRANTED_SEGMENT = '@file';

export interface MediaGrants {
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
