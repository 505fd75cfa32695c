// Issue 14, item 8, in the inspector: a reply's record is read from main when shown; when that read fails
// (the file locked or unreadable for a moment), the inspector says so with main's words and offers to try
// again, rather than staying on the failure until the window is reloaded.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { InspectorPanel } from '../../../src-renderer/src/panels/playground/inspector/InspectorPanel.tsx';
import type { DetailState } from '../../../src-renderer/src/store/playground.ts';
import { assistantMessage } from '../../support/conversation-fixtures.ts';

const render = (detail: DetailState | null) =>
  renderToStaticMarkup(
    createElement(InspectorPanel, {
      item: assistantMessage('Rayleigh scattering.', { hasDetail: true }),
      detail,
      onClose: () => {},
      onRetryDetail: () => {},
    }),
  );

/** The markup's text, tags removed. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('a record the inspector could not read', () => {
  it('says why, in main’s words, and offers to try again', () => {
    const html = render({
      status: 'failed',
      error: {
        code: 'file_error',
        message: 'The inspector’s record of this reply could not be read.',
        hint: 'Check that the app data folder is readable, then try again.',
      },
    });
    expect(html).toContain('data-testid="inspector-detail-failed"');
    expect(text(html)).toContain('The record could not be read.');
    expect(text(html)).toContain('Check that the app data folder is readable, then try again.');
    expect(html).toMatch(/<button[^>]*>.*Try again<\/button>/);
  });

  it('offers nothing to retry while loading, nor for a record no longer kept', () => {
    for (const detail of [{ status: 'loading' } as const, { status: 'gone' } as const]) {
      expect(render(detail)).not.toContain('Try again');
    }
  });
});
