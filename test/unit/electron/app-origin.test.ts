import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  APP_ORIGIN,
  createAppUrlMatcher,
  devServerOrigin,
  mediaUrlFor,
} from '../../../src-main/app-origin.ts';

describe('isAppUrl', () => {
  const { isAppUrl } = createAppUrlMatcher();

  it.each([
    APP_ENTRY_URL,
    `${APP_ORIGIN}/`,
    `${APP_ORIGIN}/index.html#/speak`,
    `${APP_ORIGIN}/index.html?x=1`,
  ])('accepts our page %s', (url) => {
    expect(isAppUrl(url)).toBe(true);
  });

  it.each([
    'https://gateway-studio/index.html',
    'app://evil.example/index.html',
    'app://gateway-studio.evil.example/index.html',
    'app://gateway-studio:8080/index.html',
    'app://user@gateway-studio/index.html',
    'file:///work/out/renderer/index.html',
    'http://localhost:5173/',
    'about:blank',
    'devtools://devtools/bundled/inspector.html',
    'not a url',
    '',
  ])('refuses %s', (url) => {
    expect(isAppUrl(url)).toBe(false);
  });

  it('does not count a media file as our page (it must never host the bridge)', () => {
    expect(isAppUrl(`${APP_ORIGIN}/media/speech/clip.mp3`)).toBe(false);
  });

  it('accepts the loopback dev server when given one, and only its origin', () => {
    const dev = createAppUrlMatcher('http://localhost:5173/');
    expect(dev.isAppUrl('http://localhost:5173/index.html')).toBe(true);
    expect(dev.isAppUrl('http://localhost:5174/')).toBe(false);
    expect(dev.isAppUrl('https://localhost:5173/')).toBe(false);
    expect(dev.isAppUrl(APP_ENTRY_URL)).toBe(true);
  });

  it('ignores a dev server URL that is not loopback', () => {
    const dev = createAppUrlMatcher('https://evil.example.com/');
    expect(dev.isAppUrl('https://evil.example.com/')).toBe(false);
    expect(devServerOrigin('https://evil.example.com/')).toBeNull();
    expect(devServerOrigin('ftp://localhost/')).toBeNull();
    expect(devServerOrigin('http://127.0.0.1:5173/x')).toBe('http://127.0.0.1:5173');
  });
});

describe('isAppOrigin', () => {
  const { isAppOrigin } = createAppUrlMatcher('http://localhost:5173');

  it('accepts our origin with or without a trailing slash (Chromium sends both forms)', () => {
    expect(isAppOrigin(APP_ORIGIN)).toBe(true);
    expect(isAppOrigin(`${APP_ORIGIN}/`)).toBe(true);
    expect(isAppOrigin('http://localhost:5173')).toBe(true);
  });

  it.each(['https://example.com', 'app://other', `${APP_ORIGIN}/index.html`, 'null', '', 'file://'])(
    'refuses %j',
    (origin) => {
      expect(isAppOrigin(origin)).toBe(false);
    },
  );
});

describe('mediaUrlFor', () => {
  const dataDir = join('/', 'home', 'u', '.config', 'Gateway Studio');

  it('maps a file under <dataDir>/media to an app:// URL with encoded segments', () => {
    expect(mediaUrlFor(dataDir, join(dataDir, 'media', 'speech', 'clip #1.mp3'))).toBe(
      `${APP_ORIGIN}/media/speech/clip%20%231.mp3`,
    );
  });

  it('gives no URL for files outside the media folder', () => {
    expect(mediaUrlFor(dataDir, join(dataDir, 'settings.json'))).toBeNull();
    expect(mediaUrlFor(dataDir, join(dataDir, 'media'))).toBeNull();
    expect(mediaUrlFor(dataDir, join(dataDir, 'media', '..', 'x.mp3'))).toBeNull();
    expect(mediaUrlFor(dataDir, join(dataDir, 'media-other', 'x.mp3'))).toBeNull();
  });
});
