// Issue 14, item 17: the OS is handed the URL that was checked (its parsed `href`), never the raw string,
// and navigation in any frame is held to the same rule as navigation of the main frame.
import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_ENTRY_URL, createAppUrlMatcher } from '../../../src-main/app-origin.ts';
import { hardenWebContents, openExternalLink } from '../../../src-main/electron/security.ts';

const { openExternal } = vi.hoisted(() => ({ openExternal: vi.fn(async (_url: string) => {}) }));
vi.mock('electron', () => ({ shell: { openExternal } }));

const matcher = createAppUrlMatcher();

beforeEach(() => openExternal.mockClear());

describe('openExternalLink', () => {
  it.each([
    [' https://example.com/a', 'https://example.com/a'],
    ['https://example.com/a\\b\\c', 'https://example.com/a/b/c'],
    ['https:\\\\example.com\\docs', 'https://example.com/docs'],
    ['\thttps://EXAMPLE.com/a b\n', 'https://example.com/a%20b'],
    ['https://example.com/x?q=1#top', 'https://example.com/x?q=1#top'],
  ])('opens %j as %j', async (raw, href) => {
    expect(await openExternalLink(raw)).toBe(true);
    expect(openExternal).toHaveBeenCalledExactlyOnceWith(href);
  });

  it('a link opened from a new-window request is the parsed one too', () => {
    const contents = new FakeContents();
    hardenWebContents(contents as never, matcher);
    expect(contents.windowOpenHandler?.({ url: ' https://example.com\\a' })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledExactlyOnceWith('https://example.com/a');
  });
});

class FakeContents extends EventEmitter {
  windowOpenHandler?: (details: { url: string }) => { action: string };
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
  /** Emits one Electron-style details event (url, isMainFrame, frame); reports whether it was prevented. */
  fire(name: string, fields: { url: string; isMainFrame: boolean }): boolean {
    let prevented = false;
    const event = { ...fields, frame: { url: APP_ENTRY_URL }, preventDefault: () => (prevented = true) };
    this.emit(name, event);
    return prevented;
  }
  /**
   * A navigation the page starts, in Electron's order (ELECTRON.md §1.2): `will-frame-navigate`, then
   * `will-navigate` for the main frame only if the first was not prevented. Reports whether it was stopped.
   */
  navigate(url: string, isMainFrame: boolean): boolean {
    let prevented = false;
    const event = {
      url,
      isMainFrame,
      frame: { url: APP_ENTRY_URL },
      preventDefault: () => (prevented = true),
    };
    this.emit('will-frame-navigate', event);
    if (isMainFrame && !prevented) this.emit('will-navigate', event);
    return prevented;
  }
}

describe('will-frame-navigate', () => {
  let contents: FakeContents;
  beforeEach(() => {
    contents = new FakeContents();
    hardenWebContents(contents as never, matcher);
  });

  it('is handled', () => {
    expect(contents.listenerCount('will-frame-navigate')).toBe(1);
  });

  it.each([
    'https://evil.example.com/',
    'file:///etc/passwd',
    'http://insecure.example.com/',
    'javascript:alert(1)',
    'app://gateway-studio/media/a.mp3',
  ])('blocks a subframe navigating to %s and opens nothing', (url) => {
    expect(contents.fire('will-frame-navigate', { url, isMainFrame: false })).toBe(true);
    expect(contents.navigate(url, false)).toBe(true);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('blocks the main frame leaving our page, on its own as on will-navigate', () => {
    expect(contents.fire('will-frame-navigate', { url: 'file:///etc/passwd', isMainFrame: true })).toBe(true);
    expect(contents.navigate('file:///etc/passwd', true)).toBe(true);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('lets our own page navigate within itself', () => {
    expect(contents.fire('will-frame-navigate', { url: `${APP_ENTRY_URL}?reset`, isMainFrame: true })).toBe(
      false,
    );
    expect(contents.navigate(`${APP_ENTRY_URL}?reset`, true)).toBe(false);
  });

  it('a clicked https link in the main frame is stopped and opened in the browser once', () => {
    const url = 'https://docs.example.com/page';
    expect(contents.navigate(url, true)).toBe(true);
    expect(openExternal).toHaveBeenCalledExactlyOnceWith(url);
  });
});
