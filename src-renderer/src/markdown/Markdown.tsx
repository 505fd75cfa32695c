import {
  type MouseEvent,
  memo,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { nextTask } from '../util/next-task.ts';
import { BlockGroups } from './block-groups.ts';
import { BlockSplitter, type MarkdownBlock } from './block-splitter.ts';
import { openableHref } from './links.ts';
import { MarkdownEnvContext } from './markdown-env.ts';
import { MountPacer } from './mount-pacer.ts';
import { createNearViewport, NearViewportContext } from './near-viewport.ts';
import { ReferenceBook } from './references.ts';
import { Block } from './render-block.tsx';
import { type LiveBlock, liveBlocks } from './tail-repair.ts';
import { type Appended, TextTail } from './text-tail.ts';
import './markdown.css';

export interface MarkdownProps {
  /** The whole text so far; while `streaming` it only grows (appends). */
  text: string;
  /** More text may still come: the last block is unfinished. */
  streaming: boolean;
  /**
   * While streaming, what the last update appended to `text` (store/streams.ts): then only that is read,
   * not the whole text (see text-tail.ts). Without it, or when it does not fit, the text is read whole.
   */
  appended?: Appended | null;
  /** A link was clicked (the renderer never navigates itself). Only https links are offered (see links.ts). */
  onOpenLink(url: string): void;
  /** Extra class on the root element. */
  className?: string;
}

interface ReplyState {
  splitter: BlockSplitter;
  /** Link reference definitions of the finished blocks. */
  references: ReferenceBook;
  /** Mounted blocks as last committed (progressive mounting starts from there). */
  mounted: number;
  pacer: MountPacer;
  groups: BlockGroups;
  /** Length of the text split as final (`streaming` false), whose last block is closed; else null. */
  endedAt: number | null;
  /** The text from the first unfinished block on: all that is read of it. */
  tail: TextTail;
}

function newReplyState(): ReplyState {
  return {
    splitter: new BlockSplitter(),
    references: new ReferenceBook(),
    mounted: 0,
    pacer: new MountPacer(),
    groups: new BlockGroups(),
    endedAt: null,
    tail: new TextTail(),
  };
}

/**
 * Markdown of a (possibly streaming) reply, rendered incrementally: the text is split into top-level
 * blocks; finished blocks render once, as memoised components keyed by their offset; only the growing
 * tail is parsed and rendered again on each update.
 */
export function Markdown({ text, streaming, appended, onOpenLink, className }: MarkdownProps) {
  const stateRef = useRef<ReplyState | null>(null);
  let state = stateRef.current;
  if (
    !state?.tail.follow(text, appended, (whole) => state!.splitter.continues(whole)) ||
    (state.endedAt !== null && text.length !== state.endedAt)
  ) {
    // A different text (not a continuation), or more text after the end: start over. The new reference
    // book re-renders every block, so nothing of the old split survives.
    state = newReplyState();
    state.tail.follow(text, null, () => true);
    stateRef.current = state;
  }
  state.endedAt = streaming ? null : text.length;
  const { splitter, tail } = state;
  // Split a little more than is mounted per task: blocks are mounted only once split.
  const splitPending = splitter.update(tail.text, !streaming, state.pacer.budget * 1.5, tail.base);
  const blocks = splitter.blocks;
  // Definitions first, then the blocks that use them: a `[text][label]` above its definition links
  // too, as it would in a whole-text parse. This stays cheap on every delta: each finished block is
  // looked at once, and parsed again only if its text has a `]:`. A finished block never re-renders
  // for it: only inline content that looked up a label in vain re-parses, once that label is defined.
  const { references } = state;
  references.collect(blocks);

  let mounted = Math.min(state.mounted, blocks.length);
  let mounting = 0;
  while (mounted < blocks.length && mounting < state.pacer.budget) {
    mounting += blocks[mounted]!.text.length;
    mounted++;
  }
  state.pacer.begin(mounting, performance.now());
  const complete = mounted === blocks.length && !splitPending;
  // The growing rest is shown once everything before it is: never a gap in the middle.
  const showLive = complete && streaming;
  const tailStart = splitter.end;
  // The tail sees the finished definitions; its own (perhaps cut mid-URL) are thrown away after. Parsed
  // again only when the text or the split moved (a render without an update keeps the blocks it had).
  const { version } = tail;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` says when `tail` (one object) changed
  const live = useMemo(
    () => (showLive ? liveBlocks(tail.text, tailStart, references.env, tail.base) : NO_LIVE_BLOCKS),
    [showLive, tail, version, tailStart, references],
  );
  // What is split is never read again.
  tail.drop(tailStart);

  const [, continueMounting] = useReducer((count: number) => count + 1, 0);
  useLayoutEffect(() => {
    state.mounted = mounted;
    state.pacer.end(performance.now());
    // After the blocks' own layout effects, which subscribed to the labels they are waiting for.
    references.notify();
  });
  useEffect(() => {
    if (complete) return;
    return nextTask(continueMounting);
  });

  const openLink = useRef(onOpenLink);
  useLayoutEffect(() => {
    openLink.current = onOpenLink;
  });
  const rootRef = useRef<HTMLDivElement>(null);
  const [nearViewport] = useState(() => createNearViewport(() => rootRef.current));

  // Links are handled here, once, rather than on every anchor: memoised blocks need no callback. Made once:
  // new handlers on every update had React set the root's `onclick` again on each one.
  const [{ onClick, onAuxClick }] = useState(() => linkHandlers(openLink));

  // The growing blocks are shown in the group they will belong to once finished, so finishing one
  // keeps its element (and DOM).
  state.groups.placeUpTo(blocks, mounted);
  const { groups } = state.groups;
  const liveGroup = live.length > 0 ? state.groups.liveGroup : -1;
  const wrappers = [];
  for (let index = 0; index < Math.max(groups.length, liveGroup + 1); index++) {
    wrappers.push(
      <BlockGroup
        key={index}
        blocks={groups[index] ?? NO_BLOCKS}
        live={index === liveGroup ? live : NO_LIVE_BLOCKS}
        closed={state.groups.isClosed(index)}
      />,
    );
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: links inside are anchors and keyboard-activated as such
    // biome-ignore lint/a11y/noStaticElementInteractions: the handler serves the anchors inside
    <div
      ref={rootRef}
      className={className ? `markdown ${className}` : 'markdown'}
      onClick={onClick}
      onAuxClick={onAuxClick}
    >
      <MarkdownEnvContext value={references}>
        <NearViewportContext value={nearViewport}>{wrappers}</NearViewportContext>
      </MarkdownEnvContext>
    </div>
  );
}

/** Clicks on the reply's links: the page never navigates; an https link goes to `openLink`. */
function linkHandlers(openLink: RefObject<(url: string) => void>) {
  return {
    onClick(event: MouseEvent<HTMLDivElement>) {
      const anchor = (event.target as Element).closest?.('a[href]');
      if (!anchor || !event.currentTarget.contains(anchor)) return;
      event.preventDefault();
      const href = openableHref(anchor.getAttribute('href'));
      if (href) openLink.current(href);
    },
    // A middle click would open a new window: the link goes to the system browser instead, like a click.
    onAuxClick(event: MouseEvent<HTMLDivElement>) {
      const anchor = (event.target as Element).closest?.('a[href]');
      if (!anchor) return;
      event.preventDefault();
      const href = openableHref(anchor.getAttribute('href'));
      if (href && event.button === 1) openLink.current(href);
    },
  };
}

const NO_LIVE_BLOCKS: LiveBlock[] = [];
const NO_BLOCKS: MarkdownBlock[] = [];

interface BlockGroupProps {
  blocks: MarkdownBlock[];
  /** Blocks of the growing tail shown in this group. */
  live: LiveBlock[];
  /** No block will be added. */
  closed: boolean;
}

const BlockGroup = memo(function BlockGroup({ blocks, live, closed }: BlockGroupProps) {
  // Only a closed group gets an estimate of its own: the open one is on screen while it grows (and
  // changing its style on every update would cost a style recalculation each time).
  const style = closed ? { containIntrinsicSize: `auto ${estimateHeight(blocks)}px` } : OPEN_GROUP_STYLE;
  return (
    <div className="markdown-group" style={style}>
      {/* One array: keys match across it, so a live block that finishes keeps its element. */}
      {[
        ...blocks.map((block) => <Block key={block.start} source={block.text} />),
        ...live.map((block) => <Block key={block.start} tokens={block.tokens} />),
      ]}
    </div>
  );
});

/** One object: the open group re-renders on every update, and React compares a new style object's values. */
const OPEN_GROUP_STYLE = { containIntrinsicSize: 'auto 600px' };

/**
 * A guess at a group's height before it is ever laid out (the browser remembers the real one after):
 * keeps the scrollbar roughly right while groups far below have not been rendered.
 */
function estimateHeight(blocks: readonly MarkdownBlock[]): number {
  let height = 0;
  for (const block of blocks) {
    const lines = countLines(block.text);
    const code = /^ {0,3}(```|~~~)/.test(block.text);
    height += code ? lines * 20 + 48 : Math.ceil(block.text.length / 90) * 21 + 12;
  }
  return Math.round(height);
}

function countLines(text: string): number {
  let lines = 1;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines++;
  return lines;
}
