// A reply's markdown, shown incrementally into one element: the text is split into top-level blocks;
// finished blocks are built once, as DOM nodes (reply-dom.ts); only the growing tail is parsed again on
// each update, and built on in the nodes it had from where it changed. Plain TypeScript, not a component: a streamed
// update is shown straight from the stream store (Markdown.tsx), without a React render.
import { BlockGroups } from './block-groups.ts';
import { BlockSplitter } from './block-splitter.ts';
import { MountPacer } from './mount-pacer.ts';
import { createNearViewport, type NearViewport } from './near-viewport.ts';
import { ReferenceBook } from './references.ts';
import { ReplyDom } from './reply-dom.ts';
import { type LiveBlock, liveBlocks } from './tail-repair.ts';
import { type Appended, TextTail } from './text-tail.ts';

/** One text shown: a reply, from its first update to its last. */
interface ReplyState {
  splitter: BlockSplitter;
  /** Link reference definitions of the finished blocks. */
  references: ReferenceBook;
  /** Blocks shown so far (progressive mounting goes on from there). */
  mounted: number;
  pacer: MountPacer;
  groups: BlockGroups;
  /** Length of the text split as final (`streaming` false), whose last block is closed; else null. */
  endedAt: number | null;
  /** The text from the first unfinished block on: all that is read of it. */
  tail: TextTail;
  /** The growing blocks as last parsed, and from which tail (its version and start) they were. */
  live: { blocks: LiveBlock[]; version: number; start: number };
  dom: ReplyDom;
}

const NO_LIVE_BLOCKS: LiveBlock[] = [];

export class ReplyRenderer {
  private state: ReplyState | null = null;
  private readonly nearViewport: NearViewport;

  constructor(private readonly root: HTMLElement) {
    this.nearViewport = createNearViewport(() => root);
  }

  /**
   * Shows `text` (while `streaming` it only grows; `appended` is what its last update added, see
   * text-tail.ts). Returns true when blocks are left to mount: call again, with the text as it is then,
   * in a later task (a long saved reply is mounted a slice per task).
   */
  show(text: string, streaming: boolean, appended: Appended | null | undefined): boolean {
    let state = this.state;
    if (
      !state?.tail.follow(text, appended, (whole) => state!.splitter.continues(whole)) ||
      (state.endedAt !== null && text.length !== state.endedAt)
    ) {
      // A different text (not a continuation), or more text after the end: start over, from an empty
      // element, so nothing of the old split survives.
      state?.dom.clear();
      state = this.newState();
      state.tail.follow(text, null, () => true);
      this.state = state;
    }
    state.endedAt = streaming ? null : text.length;
    const { splitter, tail, references } = state;
    // Split a little more than is mounted per task: blocks are mounted only once split.
    const splitPending = splitter.update(tail.text, !streaming, state.pacer.budget * 1.5, tail.base);
    const blocks = splitter.blocks;
    // Definitions first, then the blocks that use them: a `[text][label]` above its definition links
    // too, as it would in a whole-text parse. This stays cheap on every delta: each finished block is
    // looked at once, and parsed again only if its text has a `]:`. A finished block is never built again
    // for it: only inline content that looked up a label in vain is, once that label is defined.
    references.collect(blocks);

    let mounted = Math.min(state.mounted, blocks.length);
    let mounting = 0;
    while (mounted < blocks.length && mounting < state.pacer.budget) {
      mounting += blocks[mounted]!.text.length;
      mounted++;
    }
    state.pacer.begin(mounting, performance.now());
    const complete = mounted === blocks.length && !splitPending;
    // The growing rest is shown once everything before it is: never a gap in the middle. The tail sees
    // the finished definitions; its own (perhaps cut mid-URL) are thrown away after. Parsed again only
    // when the text or the split moved.
    const live = complete && streaming ? this.liveBlocks(state) : NO_LIVE_BLOCKS;
    // What is split is never read again.
    tail.drop(splitter.end);

    // The growing blocks are shown in the group they will belong to once finished, so finishing one
    // keeps its nodes.
    state.groups.placeUpTo(blocks, mounted);
    state.dom.update({ groups: state.groups, live, streaming });
    state.mounted = mounted;
    state.pacer.end(performance.now());
    // After the blocks subscribed to the labels they are waiting for.
    references.notify();
    return !complete;
  }

  /** Empties the element and stops what its blocks started (highlight requests, label subscriptions). */
  clear(): void {
    this.state?.dom.clear();
    this.state = null;
  }

  private liveBlocks(state: ReplyState): LiveBlock[] {
    const { tail, splitter, live } = state;
    if (live.version !== tail.version || live.start !== splitter.end) {
      state.live = {
        blocks: liveBlocks(tail.text, splitter.end, state.references.env, tail.base),
        version: tail.version,
        start: splitter.end,
      };
    }
    return state.live.blocks;
  }

  private newState(): ReplyState {
    const references = new ReferenceBook();
    return {
      splitter: new BlockSplitter(),
      references,
      mounted: 0,
      pacer: new MountPacer(),
      groups: new BlockGroups(),
      endedAt: null,
      tail: new TextTail(),
      live: { blocks: NO_LIVE_BLOCKS, version: -1, start: -1 },
      dom: new ReplyDom(this.root, references, this.nearViewport),
    };
  }
}
