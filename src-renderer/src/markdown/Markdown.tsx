import {
  type MouseEvent,
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
import { BlockSplitter } from './block-splitter.ts';
import { copyButtonAt, copyCode } from './code-copy.ts';
import { openableHref } from './links.ts';
import { MountPacer } from './mount-pacer.ts';
import { createNearViewport } from './near-viewport.ts';
import { ReferenceBook } from './references.ts';
import { ReplyDom } from './reply-dom.ts';
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
  /** The reply's nodes, once shown. */
  dom: ReplyDom | null;
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
    dom: null,
  };
}

/**
 * Markdown of a (possibly streaming) reply, rendered incrementally: the text is split into top-level
 * blocks; finished blocks are built once, as DOM nodes (reply-dom.ts); only the growing tail is parsed and
 * built again on each update, and patched into the nodes it had.
 */
export function Markdown({ text, streaming, appended, onOpenLink, className }: MarkdownProps) {
  const stateRef = useRef<ReplyState | null>(null);
  let state = stateRef.current;
  if (
    !state?.tail.follow(text, appended, (whole) => state!.splitter.continues(whole)) ||
    (state.endedAt !== null && text.length !== state.endedAt)
  ) {
    // A different text (not a continuation), or more text after the end: start over, from an empty
    // reply (the layout effect clears the old one's nodes), so nothing of the old split survives.
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
  const openLink = useRef(onOpenLink);
  const rootRef = useRef<HTMLDivElement>(null);
  const [nearViewport] = useState(() => createNearViewport(() => rootRef.current));
  /** The reply state whose blocks the DOM shows. */
  const shown = useRef<ReplyState | null>(null);

  // The growing blocks are shown in the group they will belong to once finished, so finishing one
  // keeps its nodes.
  state.groups.placeUpTo(blocks, mounted);
  const { groups } = state;
  useLayoutEffect(() => {
    openLink.current = onOpenLink;
    const root = rootRef.current!;
    if (shown.current !== state) {
      shown.current?.dom?.clear();
      state.dom = new ReplyDom(root, state.references, nearViewport);
      shown.current = state;
    }
    state.dom!.update({
      groups: groups.groups,
      isClosed: (index) => groups.isClosed(index),
      liveGroup: groups.liveGroup,
      live,
      streaming,
    });
    state.mounted = mounted;
    state.pacer.end(performance.now());
    // After the blocks subscribed to the labels they are waiting for.
    references.notify();
  });
  // Gone with the view: highlight requests and label subscriptions stop. (Under StrictMode's second
  // mount the next layout effect starts the blocks again from an empty root.)
  useLayoutEffect(
    () => () => {
      shown.current?.dom?.clear();
      shown.current = null;
    },
    [],
  );
  useEffect(() => {
    if (complete) return;
    return nextTask(continueMounting);
  });

  // Clicks are handled here, once, rather than on every anchor or button. Made once: new handlers on every
  // update had React set the root's `onclick` again on each one.
  const [{ onClick, onAuxClick }] = useState(() => clickHandlers(openLink));

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: links and buttons inside are keyboard-activated as such
    // biome-ignore lint/a11y/noStaticElementInteractions: the handler serves the anchors and buttons inside
    <div
      ref={rootRef}
      className={className ? `markdown ${className}` : 'markdown'}
      onClick={onClick}
      onAuxClick={onAuxClick}
    />
  );
}

/**
 * Clicks in the reply: a code block's copy button copies; on a link the page never navigates, and an https
 * link goes to `openLink`.
 */
function clickHandlers(openLink: RefObject<(url: string) => void>) {
  return {
    onClick(event: MouseEvent<HTMLDivElement>) {
      const copy = copyButtonAt(event.target, event.currentTarget);
      if (copy) {
        void copyCode(copy);
        return;
      }
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
