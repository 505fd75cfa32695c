// @vitest-environment happy-dom
// A streamed reply's nodes from one update to the next (reply-dom.ts): what is on screen is patched, not
// made again, so the browser lays out only what changed, a finished block is never touched again, and a
// copy button's "Copied" survives the growing block it is in.
import { afterEach, describe, expect, it } from 'vitest';
import { liveText, useStreamStore } from '../../../src-renderer/src/store/streams.ts';
import { type MountedMarkdown, mountMarkdown } from './markdown-dom.ts';

let mounted: MountedMarkdown | null = null;

/** Renders the test's one component (mounted on first use) with these props; returns its root element. */
function show(...args: Parameters<MountedMarkdown['show']>): HTMLElement {
  mounted ??= mountMarkdown();
  return mounted.show(...args);
}

afterEach(() => {
  mounted?.unmount();
  mounted = null;
});

describe('a streamed reply’s nodes', () => {
  it('keeps a growing paragraph’s element and text node as it grows and when it finishes', () => {
    const first = show('The reply begins', true).querySelector('p')!;
    const text = first.firstChild!;
    const grown = show('The reply begins and goes on', true).querySelector('p')!;
    expect(grown).toBe(first);
    expect(grown.firstChild).toBe(text);
    expect(text.textContent).toBe('The reply begins and goes on');
    const reply = show('The reply begins and goes on.\n\nA second paragraph', true);
    expect(reply.querySelector('p')).toBe(first);
    expect(reply.querySelectorAll('p')).toHaveLength(2);
    show('The reply begins and goes on.\n\nA second paragraph.', false);
    expect(first.isConnected).toBe(true);
    expect(first.textContent).toBe('The reply begins and goes on.');
  });

  it('never touches a finished block again: its nodes stay while later blocks grow', () => {
    const reply = show('- one\n- two\n\nNext', true);
    const list = reply.querySelector('ul')!;
    const items = Array.from(list.children);
    show('- one\n- two\n\nNext paragraph, longer', true);
    show('- one\n- two\n\nNext paragraph, longer.\n\n## Heading', false);
    expect(reply.querySelector('ul')).toBe(list);
    expect(Array.from(list.children)).toEqual(items);
    expect(reply.querySelector('h2')?.textContent).toBe('Heading');
  });

  it('turns a half-written emphasis into the finished one in place', () => {
    const paragraph = show('Some **bol', true).querySelector('p')!;
    expect(paragraph.innerHTML).toBe('Some <strong>bol</strong>');
    show('Some **bold** text', true);
    expect(paragraph.innerHTML).toBe('Some <strong>bold</strong> text');
    const done = show('Some **bold** text.\n', false);
    expect(done.querySelector('p')).toBe(paragraph);
    expect(done.querySelectorAll('p')).toHaveLength(1);
  });

  it('leaves a growing code block’s copy button as its click left it', () => {
    const reply = show('```ts\nconst a = 1;\n', true);
    const button = reply.querySelector('button.markdown-code__copy') as HTMLButtonElement;
    expect(button.dataset.state).toBe('idle');
    // What a click shows (code-copy.ts), while the block still grows:
    button.dataset.state = 'copied';
    button.setAttribute('aria-label', 'Code copied');
    show('```ts\nconst a = 1;\nconst b = 2;\n', true);
    expect(reply.querySelector('button.markdown-code__copy')).toBe(button);
    expect(button.getAttribute('aria-label')).toBe('Code copied');
    expect(reply.querySelector('code')?.textContent).toBe('const a = 1;\nconst b = 2;\n');
  });

  it('lets the browser skip groups off screen, never the two newest', () => {
    // A group holds at most 32 blocks (block-groups.ts): 100 paragraphs make four groups.
    const paragraphs = Array.from({ length: 100 }, (_, index) => `Paragraph ${index + 1}.`);
    const skippable = (reply: HTMLElement) =>
      Array.from(reply.querySelectorAll('.markdown-group'), (group) =>
        group.classList.contains('markdown-group--skippable'),
      );
    let reply = show(paragraphs.slice(0, 20).join('\n\n'), true);
    expect(skippable(reply)).toEqual([false]);
    reply = show(paragraphs.slice(0, 70).join('\n\n'), true);
    expect(skippable(reply)).toEqual([true, false, false]);
    reply = show(paragraphs.join('\n\n'), false);
    expect(skippable(reply)).toEqual([true, true, false, false]);
  });

  it('starts over, keeping nothing, when the text is not a continuation', () => {
    const reply = show('# First reply\n\nIts text.', false);
    const heading = reply.querySelector('h1')!;
    show('Another reply altogether.', false);
    expect(heading.isConnected).toBe(false);
    expect(reply.textContent).toBe('Another reply altogether.');
    expect(reply.querySelectorAll('.markdown-group')).toHaveLength(1);
  });
});

describe('a reply following its stream', () => {
  const send = (streamId: string, text: string) =>
    useStreamStore
      .getState()
      .applyStreamBatch({ streamId, final: false, events: [{ type: 'text-delta', text }] });

  it('shows each batch as it is folded into the store, with no render of its own, then ends on the saved text', () => {
    send('s1', 'The first ');
    const reply = show('', true, { follow: liveText('s1') });
    const commitsAtStart = mounted!.commits;
    expect(reply.textContent).toBe('The first');
    const paragraph = reply.querySelector('p')!;
    send('s1', 'words, then');
    expect(reply.textContent).toBe('The first words, then');
    // Another stream's batch is not this reply's update.
    send('s2', '# Elsewhere');
    send('s1', ' more.\n\n- a list');
    expect(reply.querySelector('p')).toBe(paragraph);
    expect(reply.querySelector('li')?.textContent).toBe('a list');
    expect(mounted!.commits).toBe(commitsAtStart);
    // The stream ended: the reply is shown from the saved text, and keeps its nodes.
    const saved = useStreamStore.getState().streams.s1!.text;
    show(saved, false);
    expect(reply.querySelector('p')).toBe(paragraph);
    expect(reply.querySelector('ul')?.textContent).toBe('a list');
    // Unfollowed: later batches of the stream change nothing.
    send('s1', ' and after');
    expect(reply.querySelector('ul')?.textContent).toBe('a list');
  });
});
