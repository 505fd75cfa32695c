// A reply's link reference definitions (`[label]: url`), kept apart from the text still being written.
// CommonMark collects every definition before any inline content is parsed, so `[text][label]` links
// even when the definition comes later; and the first definition of a label wins for good. Rendering a
// reply block by block while it streams breaks both unless the definitions are handled here:
// - only *finished* blocks define labels (a definition in the growing tail may still be cut mid-URL, and
//   first-wins would freeze the cut URL), so the tail is parsed with a throw-away layer over this map;
// - definitions are collected from finished blocks before those blocks render, and inline content that
//   looked up a label not yet defined is told when it is, so it (and only it) parses again.
import type { MarkdownBlock } from './block-splitter.ts';
import { type MarkdownEnv, parseBlockTokens, parseInline, type Token } from './parser.ts';

type References = NonNullable<MarkdownEnv['references']>;
type Listener = () => void;

/** A definition needs `]:` somewhere in its block's text: other blocks skip the extra parse. */
const MAY_DEFINE = /\]:/;

export class ReferenceBook {
  /** Definitions from finished blocks, in text order, first wins (labels normalised by markdown-it). */
  private readonly references: References = {};
  /**
   * The finished definitions as a parse environment, for the growing tail (parseLiveTail never writes to
   * it: the tail's own definitions go to a throw-away layer).
   */
  readonly env: MarkdownEnv = { references: this.references };
  /** Finished blocks already looked at: each is looked at once. */
  private collected = 0;
  /** Labels looked up and not found, with whom to tell once they are defined. */
  private readonly waiting = new Map<string, Set<Listener>>();
  private defined = 0;
  /** Labels defined since the last `notify`. */
  private fresh: string[] = [];

  /**
   * Takes the definitions of `blocks[collected…)` (finished blocks, in order). Call before rendering
   * them, so that a use earlier in the same batch already finds its target.
   */
  collect(blocks: readonly MarkdownBlock[]): void {
    for (; this.collected < blocks.length; this.collected++) {
      const { text } = blocks[this.collected]!;
      if (!MAY_DEFINE.test(text)) continue;
      const scratch: MarkdownEnv = {};
      parseBlockTokens(text, scratch);
      for (const [label, reference] of Object.entries(scratch.references ?? {})) {
        if (Object.hasOwn(this.references, label)) continue;
        this.references[label] = reference;
        this.defined++;
        this.fresh.push(label);
      }
    }
  }

  /**
   * Tells the inline content waiting for the labels defined since last time. Called after a commit
   * (collect runs during render, where another component's state must not be set).
   */
  notify(): void {
    if (this.fresh.length === 0) return;
    const defined = this.fresh;
    this.fresh = [];
    for (const label of defined) {
      const listeners = this.waiting.get(label);
      if (!listeners) continue;
      this.waiting.delete(label);
      for (const listener of listeners) listener();
    }
  }

  /** Where `lookups` records the labels looked up in vain, during one `parseInline` only. */
  private recording: string[] | null = null;
  /**
   * The env inline content is parsed with: one per reply, so that a parse costs no extra allocation.
   * markdown-it's link and image rules read `env.references[label]` (nothing else does), so the proxy
   * sees every label a paragraph tries and does not find.
   */
  private readonly lookups: MarkdownEnv = {
    references: new Proxy(this.references, {
      get: (target, label) => {
        const found = Reflect.get(target, label);
        if (found === undefined && typeof label === 'string' && this.recording) {
          if (!this.recording.includes(label)) this.recording.push(label);
        }
        return found;
      },
    }),
  };

  /** Inline tokens of `source`, and the labels it uses that are not defined (yet). */
  parseInline(source: string): { tokens: Token[]; missing: readonly string[] } {
    const missing: string[] = [];
    this.recording = missing;
    try {
      return { tokens: parseInline(source, this.lookups), missing };
    } finally {
      this.recording = null;
    }
  }

  /** How many labels are defined: a parse made with fewer may have missed one. */
  get size(): number {
    return this.defined;
  }

  isDefined(label: string): boolean {
    return Object.hasOwn(this.references, label);
  }

  /**
   * Calls `listener` once any of `labels` is defined (at once if one already is). Returns the
   * unsubscribe function.
   */
  whenDefined(labels: readonly string[], listener: Listener): () => void {
    if (labels.some((label) => this.isDefined(label))) {
      listener();
      return () => {};
    }
    for (const label of labels) {
      const listeners = this.waiting.get(label) ?? new Set<Listener>();
      this.waiting.set(label, listeners);
      listeners.add(listener);
    }
    return () => {
      for (const label of labels) {
        const listeners = this.waiting.get(label);
        listeners?.delete(listener);
        if (listeners?.size === 0) this.waiting.delete(label);
      }
    };
  }
}
