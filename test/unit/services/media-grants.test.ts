import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ORIGIN } from '../../../src-main/app-origin.ts';
import { createMediaGrants } from '../../../src-main/services/media-grants.ts';

describe('media grants: audio elsewhere on disk the page may play', () => {
  const dataDir = join('/', 'tmp', 'gs-data');

  it('serves files in the media folder by their own path, without a grant', () => {
    const grants = createMediaGrants(dataDir);
    expect(grants.urlFor(join(dataDir, 'media', 'recordings', 'a b.webm'))).toBe(
      `${APP_ORIGIN}/media/recordings/a%20b.webm`,
    );
  });

  it('grants any other file an unguessable, stable URL that resolves back to it', () => {
    const grants = createMediaGrants(dataDir);
    const path = join('/', 'home', 'ann', 'Talk #3.mp3');
    const url = grants.urlFor(path);
    const match = /^app:\/\/gateway-studio\/media\/@file\/([0-9a-f]{32})\/Talk%20%233\.mp3$/.exec(url);
    expect(match).not.toBeNull();
    expect(grants.urlFor(path)).toBe(url);
    expect(grants.resolve(match![1]!)).toBe(path);
  });

  it('resolves nothing it did not grant, and grants do not carry over to another run', () => {
    const first = createMediaGrants(dataDir);
    const url = first.urlFor('/home/ann/a.wav');
    const token = url.split('/')[5]!;
    expect(first.resolve('0'.repeat(32))).toBeNull();
    expect(createMediaGrants(dataDir).resolve(token)).toBeNull();
  });
});
