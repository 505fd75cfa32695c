// What the update banner shows for each state main pushes (src-main/updates/update-controller.ts): quiet
// unless there is something to act on or the user asked; the offer, the progress and the restart.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MAX_REPORTED_MESSAGE, MAX_REPORTED_STACK, type UpdateState } from '../../../src-preload/contract.ts';
import { UpdateBannerView } from '../../../src-renderer/src/maintenance/UpdateBannerView.tsx';
import { errorReport } from '../../../src-renderer/src/maintenance/window-diagnostics.ts';

const base: UpdateState = {
  status: 'idle',
  currentVersion: '1.0.0',
  version: null,
  percent: null,
  userInitiated: false,
  message: null,
};

const noop = { check: () => {}, download: () => {}, restart: () => {}, dismiss: () => {} };
const render = (state: Partial<UpdateState>) =>
  renderToStaticMarkup(createElement(UpdateBannerView, { state: { ...base, ...state }, actions: noop }));
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
/** Each button by what it says: its text, or its label when it shows only an icon. */
const buttons = (html: string) =>
  [...html.matchAll(/<button([^>]*)>(.*?)<\/button>/g)].map(
    (m) => /aria-label="([^"]*)"/.exec(m[1] ?? '')?.[1] ?? text(m[2] ?? ''),
  );

describe('the update banner', () => {
  it.each([
    ['a build that cannot update', { status: 'unsupported' }],
    ['nothing going on', { status: 'idle' }],
    ['a check at start', { status: 'checking' }],
    ['a check at start that found nothing', { status: 'not-available' }],
    ['a check at start that failed', { status: 'error', message: 'Could not check for updates.' }],
  ] as Array<[string, Partial<UpdateState>]>)('shows nothing for %s', (_name, state) => {
    expect(render(state)).toBe('');
  });

  it('offers a release found: "Version X is available — Download / Later"', () => {
    const html = render({ status: 'available', version: '1.2.0' });
    expect(text(html)).toContain('Gateway Studio 1.2.0 is available.');
    expect(buttons(html)).toEqual(['Download', 'Later']);
  });

  it('shows the download progress, with nothing to click', () => {
    const html = render({ status: 'downloading', version: '1.2.0', percent: 73, userInitiated: true });
    expect(text(html)).toContain('Downloading Gateway Studio 1.2.0… 73%');
    expect(html).toMatch(/<progress[^>]*max="100"[^>]*value="73"/);
    expect(buttons(html)).toEqual([]);
  });

  it('offers "Restart now / Later" once downloaded', () => {
    const html = render({ status: 'downloaded', version: '1.2.0', percent: 100, userInitiated: true });
    expect(text(html)).toContain('Gateway Studio 1.2.0 is ready to install.');
    expect(buttons(html)).toEqual(['Restart now', 'Later']);
  });

  it('a check the user asked for says what it found, or that it failed', () => {
    expect(text(render({ status: 'checking', userInitiated: true }))).toContain('Checking for updates…');
    expect(text(render({ status: 'not-available', userInitiated: true }))).toContain(
      'Gateway Studio 1.0.0 is the newest version.',
    );
    const failed = render({ status: 'error', userInitiated: true, message: 'Could not check for updates.' });
    expect(failed).toContain('role="alert"');
    expect(text(failed)).toContain('Could not check for updates.');
    expect(buttons(failed)).toEqual(['Try again', 'Dismiss']);
  });

  it('a failed download can be tried again', () => {
    const html = render({
      status: 'error',
      userInitiated: true,
      version: '1.2.0',
      message: 'The update could not be downloaded.',
    });
    expect(buttons(html)).toEqual(['Try again', 'Dismiss']);
  });
});

describe("the window's error report", () => {
  it('names the error and keeps its stack, cut to what main accepts', () => {
    const error = new TypeError('x'.repeat(MAX_REPORTED_MESSAGE * 2));
    error.stack = `TypeError: x\n${'    at f (a.js:1:1)\n'.repeat(2_000)}`;
    const report = errorReport('error', error);
    expect(report.kind).toBe('error');
    expect(report.message.startsWith('TypeError: xxx')).toBe(true);
    expect(report.message.length).toBe(MAX_REPORTED_MESSAGE);
    expect(report.stack?.length).toBe(MAX_REPORTED_STACK);
  });

  it('a rejection with a plain value is reported as text', () => {
    expect(errorReport('unhandledrejection', 42)).toEqual({ kind: 'unhandledrejection', message: '42' });
  });
});
