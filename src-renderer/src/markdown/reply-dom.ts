// The DOM under a reply's markdown, kept by hand rather than by React. A streamed reply finishes a few
// blocks on every update; React made each block's fibers, set each prop through its generic path and walked
// them again to commit, which cost more per update than building the same nodes directly (measured in the
// long-stream bench: the script per update was ~1.6 ms against ~2.6 ms of style and layout). Here a
// finished block is built once and never touched again; a growing block is built on, on each update and
// when it finishes, from its first token that changed (block-build.ts), so it keeps its nodes.

import { BlockBuild, buildBlock } from './block-build.ts';
import type { BlockGroups } from './block-groups.ts';
import type { MarkdownBlock } from './block-splitter.ts';
import { takeSplitTokens } from './block-splitter.ts';
import {
  appendInlineTokens,
  type BuildContext,
  InlineCache,
  showHighlighted,
  type Wire,
} from './dom-build.ts';
import { requestHighlight } from './highlight-client.ts';
import type { NearViewport } from './near-viewport.ts';
import { parseBlockTokens } from './parser.ts';
import type { ReferenceBook } from './references.ts';
import type { LiveBlock } from './tail-repair.ts';

export interface ReplyLayout {
  /** The finished blocks to show, placed in groups; and the group the growing blocks go in. */
  groups: BlockGroups;
  /** The growing blocks, in order (none while some finished block is still to be shown). */
  live: readonly LiveBlock[];
  /** More text may come. */
  streaming: boolean;
}

interface Group {
  element: HTMLElement;
  /** How many of its finished blocks are shown. */
  shown: number;
  closed: boolean;
}

interface LiveNodes {
  built: BlockBuild;
  group: number;
}

export class ReplyDom {
  private groups: Group[] = [];
  /** How many groups, from the first, may be skipped while off screen (see `letSkip`). */
  private skippable = 0;
  /** Nodes of the growing blocks, by the block's start in the text. */
  private live = new Map<number, LiveNodes>();
  /** The growing blocks last shown. */
  private shownLive: readonly LiveBlock[] | null = null;
  private readonly inline: InlineCache;
  /** Undoes what wires started (highlight requests, label subscriptions). */
  private cleanups: Array<() => void> = [];

  constructor(
    private readonly root: HTMLElement,
    private readonly references: ReferenceBook,
    private readonly nearViewport: NearViewport,
  ) {
    this.inline = new InlineCache(references);
  }

  /** Shows `layout`: new finished blocks are added, growing ones built on. */
  update(layout: ReplyLayout): void {
    const { groups, liveGroup } = layout.groups;
    const groupCount = Math.max(groups.length, layout.live.length > 0 ? liveGroup + 1 : 0);
    for (let index = 0; index < groupCount; index++) {
      const group = this.group(index);
      const blocks = groups[index] ?? [];
      for (; group.shown < blocks.length; group.shown++) {
        this.showFinished(blocks[group.shown]!, index, layout.streaming);
      }
      if (!group.closed && layout.groups.isClosed(index)) {
        group.closed = true;
        // Only a closed group gets an estimate of its own: the open one is on screen while it grows.
        group.element.style.containIntrinsicSize = `auto ${estimateHeight(blocks)}px`;
      }
    }
    this.letSkip(groupCount - RECENT_GROUPS_NEVER_SKIPPED);
    // Shown again with no new text (a task mounting more, a prop of the view changed): nothing to build.
    if (layout.live === this.shownLive) return;
    this.shownLive = layout.live;
    const starts = new Set<number>();
    for (const block of layout.live) {
      starts.add(block.start);
      this.showLive(block, liveGroup);
    }
    for (const [start, shown] of this.live) {
      if (starts.has(start)) continue;
      for (const node of shown.built.nodes) node.parentNode?.removeChild(node);
      this.live.delete(start);
    }
    this.inline.settle();
  }

  /** Empties the reply and stops what its blocks started. */
  clear(): void {
    for (const cleanup of this.cleanups) cleanup();
    this.cleanups = [];
    this.groups = [];
    this.skippable = 0;
    this.live.clear();
    this.shownLive = null;
    this.inline.clear();
    this.root.replaceChildren();
  }

  private group(index: number): Group {
    while (this.groups.length <= index) {
      const element = document.createElement('div');
      element.className = 'markdown-group';
      element.style.containIntrinsicSize = OPEN_GROUP_SIZE;
      this.root.appendChild(element);
      this.groups.push({ element, shown: 0, closed: false });
    }
    return this.groups[index]!;
  }

  /**
   * Groups before `count` may be skipped by layout and paint while off screen (`content-visibility:
   * auto`, markdown.css). The newest never are: with every group skippable, four narrow columns following
   * their streams had groups go from skipped to shown and back up to four times each, laid out whole
   * each time they came back (frames with 30–120 ms of layout; compare-stream bench, traced). A skipped
   * group takes the size the browser last remembered of it (`contain-intrinsic-size: auto`), which for a
   * group just filled can be from before its last blocks came. Groups this far back have been on screen,
   * whole, so the size remembered for them is their real one.
   */
  private letSkip(count: number): void {
    for (; this.skippable < count; this.skippable++)
      this.groups[this.skippable]!.element.classList.add('markdown-group--skippable');
  }

  private showFinished(block: MarkdownBlock, groupIndex: number, streaming: boolean): void {
    const growing = this.live.get(block.start);
    const context = this.context(false, !streaming && !growing);
    const tokens = takeSplitTokens(block.text) ?? parseBlockTokens(block.text, {});
    const group = this.groups[groupIndex]!.element;
    if (growing) {
      // The block that was growing: built on from its first token that changed, in the nodes shown.
      this.live.delete(block.start);
      growing.built.build(tokens, context);
      if (growing.group !== groupIndex)
        for (const node of growing.built.nodes) group.insertBefore(node, this.firstLive(groupIndex));
      this.connect(growing.built.wires());
      return;
    }
    const built = buildBlock(tokens, context);
    const before = this.firstLive(groupIndex);
    for (const node of built.nodes) group.insertBefore(node, before);
    this.connect(built.wires());
  }

  private showLive(block: LiveBlock, groupIndex: number): void {
    const context = this.context(true, false);
    const shown = this.live.get(block.start);
    const group = this.groups[groupIndex]!.element;
    if (!shown) {
      const built = new BlockBuild(true);
      built.build(block.tokens, context);
      for (const node of built.nodes) group.appendChild(node);
      this.live.set(block.start, { built, group: groupIndex });
      return;
    }
    shown.built.build(block.tokens, context);
    if (shown.group !== groupIndex) {
      for (const node of shown.built.nodes) group.appendChild(node);
      shown.group = groupIndex;
    }
  }

  /** The first node of a growing block in the group (finished blocks go before it), or null. */
  private firstLive(groupIndex: number): Node | null {
    for (const shown of this.live.values())
      if (shown.group === groupIndex) return shown.built.nodes[0] ?? null;
    return null;
  }

  private context(live: boolean, colourKnownCode: boolean): BuildContext {
    return { live, colourKnownCode, inline: this.inline, wires: [] };
  }

  private connect(wires: readonly Wire[]): void {
    for (const wire of wires) {
      if (wire.kind === 'code') this.highlightWhenNear(wire.element, wire.language, wire.code);
      else this.rebuildWhenDefined(wire.element, wire.source, wire.missing);
    }
  }

  private highlightWhenNear(code: Element, language: string, text: string): void {
    let cancelRequest = () => {};
    const stopWatching = this.nearViewport.watch(code, () => {
      cancelRequest = requestHighlight(language, text, (html) => {
        if (html !== null) showHighlighted(code, html);
      });
    });
    this.cleanups.push(() => {
      stopWatching();
      cancelRequest();
    });
  }

  /** Inline content that used an undefined label: built again (in place) once one of them is defined. */
  private rebuildWhenDefined(awaiting: Element, source: string, missing: readonly string[]): void {
    const unsubscribe = this.references.whenDefined(missing, () => {
      const scratch = document.createElement('span');
      // Parsed afresh: a cached parse is the one that missed the label.
      const parsed = this.references.parseInline(source);
      appendInlineTokens(scratch, parsed.tokens);
      awaiting.replaceChildren(...scratch.childNodes);
      if (parsed.missing.length > 0) this.rebuildWhenDefined(awaiting, source, parsed.missing);
    });
    this.cleanups.push(unsubscribe);
  }
}

/** The group the growing blocks are in, and the one before it, are never skipped (see `letSkip`). */
const RECENT_GROUPS_NEVER_SKIPPED = 2;

/**
 * The open group's size while skipped, before the browser has laid it out (never, in practice: it is not
 * skippable while it grows); `auto` has the browser remember its real size from its first layout on.
 */
const OPEN_GROUP_SIZE = 'auto 600px';

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
