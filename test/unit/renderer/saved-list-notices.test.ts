// What a list of saved items (conversations, speech clips) says above its items, as markup.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SavedListNotices } from '../../../src-renderer/src/components/SavedListNotices.tsx';

function render(props: Partial<Parameters<typeof SavedListNotices>[0]>): string {
  return renderToStaticMarkup(
    createElement(SavedListNotices, {
      movedAside: 0,
      fileNoun: 'conversation file',
      error: null,
      failedTitle: 'The conversations could not be listed',
      onRetry: () => {},
      ...props,
    }),
  );
}

describe('the notices above a saved list', () => {
  it('says nothing when every file was read and the listing worked', () => {
    expect(render({})).toBe('');
  });

  it('counts the files moved aside, in the singular and the plural', () => {
    expect(render({ movedAside: 1 })).toContain(
      'One conversation file could not be read and was moved aside.',
    );
    expect(render({ movedAside: 3, fileNoun: 'history file' })).toContain(
      '3 history files could not be read and were moved aside.',
    );
  });

  it('shows a failed listing with its message and a way to try again', () => {
    const html = render({ error: { code: 'file_error', message: 'The folder is not readable.' } });
    expect(html).toContain('The conversations could not be listed');
    expect(html).toContain('The folder is not readable.');
    expect(html).toContain('aria-label="Try again"');
  });
});
