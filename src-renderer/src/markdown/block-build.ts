// One top-level block's nodes, built from its block tokens and kept, so that the same block's next tokens
// (it grew, or it finished) are built only from the first token that changed: the nodes of the tokens
// before it are left as they are. A growing block used to be built whole on every update and patched into
// the nodes shown, so an update's work grew with the block: at the end of an 800-item list the script per
// update was 7.8 ms, now 2.0 (long-blocks bench, CPU time). (Blocks of a few hundred characters, as in the
// long-stream bench's mixed reply, cost about the same either way.)
import { appendLeaf, type BuildContext, openBlock, type Wire } from './dom-build.ts';
import { type Kept, patchNodes } from './dom-patch.ts';
import type { Token } from './parser.ts';

/** Where building stood before a token: all that building again from that token needs. */
interface Resume {
  /** The open nodes, outermost (the block's root level) first. Never changed once made: shared. */
  stack: readonly Node[];
  /** The innermost open node's last child then, or null. */
  last: Node | null;
  /** That child's length when it is a text node (text built next joins it), else -1. */
  textLength: number;
}

export class BlockBuild {
  /** The block's top-level nodes, in order (normally one element). */
  readonly nodes: Node[] = [];
  private tokens: readonly Token[] = [];
  /** Before each token built, where building stood (only when `resumable`). */
  private resumes: Resume[] = [];
  /** What the built elements need once in the page, by the token each came from. */
  private wired: Array<{ at: number; wire: Wire }> = [];
  /** Top-level nodes built and not yet placed (see `place`). */
  private readonly root = document.createDocumentFragment();
  private stack: readonly Node[] = [this.root];
  /** Where the top-level nodes go when none is left to go after (all were built again). */
  private anchor: { parent: Node; before: Node | null } | null = null;
  /** Labels defined when the kept nodes were built: inline content built since a definition may differ. */
  private labels = -1;

  /** `resumable`: it will be built again from a later version of its tokens (a growing block). */
  constructor(private readonly resumable: boolean) {}

  /**
   * Builds `tokens`: the first time all of them; after that from the first token that differs from those
   * built last (one leaf that only changed its text is patched in place, so a growing paragraph or code
   * block keeps its elements and text node, and what the user selected or clicked in them).
   */
  build(tokens: readonly Token[], context: BuildContext): void {
    let from = firstDifference(this.tokens, tokens);
    // Labels defined since: only inline content that looked one up in vain can read differently now (the
    // first definition of a label wins, so one found before stays as it was). Building on starts at the
    // first such leaf at the latest; what comes before it keeps its nodes (a selection, a "Copied").
    const labels = context.inline.labels;
    if (labels !== this.labels) from = Math.min(from, this.firstAwaitingLabel());
    this.labels = labels;
    let next = from;
    if (from < this.tokens.length) {
      const token = tokens[from];
      if (token && this.canPatchLeaf(from, token)) {
        this.patchLeaf(from, token, context);
        next = from + 1;
      } else {
        this.rewind(from);
      }
    }
    this.tokens = tokens;
    this.run(tokens, next, context);
    this.place();
  }

  /** The first token whose inline content looked a label up in vain, or the count of tokens if none did. */
  private firstAwaitingLabel(): number {
    // In the order built: `wired` only grows at its end, past all it keeps.
    return this.wired.find(({ wire }) => wire.kind === 'labels')?.at ?? this.tokens.length;
  }

  /** What the built elements need once in the page (highlighting, labels awaited). */
  wires(): Wire[] {
    return this.wired.map(({ wire }) => wire);
  }

  private run(tokens: readonly Token[], from: number, context: BuildContext): void {
    for (let index = from; index < tokens.length; index++) {
      const token = tokens[index]!;
      if (this.resumable) this.resumes[index] = this.here();
      const parent = this.stack.at(-1)!;
      if (token.nesting === 1) {
        const { outer, inner } = openBlock(token);
        if (outer) parent.appendChild(outer);
        this.stack = [...this.stack, inner ?? parent];
      } else if (token.nesting === -1) {
        if (this.stack.length > 1) this.stack = this.stack.slice(0, -1);
      } else {
        appendLeaf(parent, token, context);
        this.takeWires(context, index, null);
      }
    }
  }

  private here(): Resume {
    const parent = this.stack.at(-1)!;
    const last = parent === this.root ? this.lastTopLevel() : parent.lastChild;
    const textLength = last?.nodeType === Node.TEXT_NODE ? (last as Text).length : -1;
    return { stack: this.stack, last, textLength };
  }

  private lastTopLevel(): Node | null {
    return this.root.lastChild ?? this.nodes.at(-1) ?? null;
  }

  /** Puts the top-level nodes just built after the block's others (into the page, if they are there). */
  private place(): void {
    if (!this.root.firstChild) return;
    const added = Array.from(this.root.childNodes);
    const last = this.nodes.at(-1);
    const parent = last ? last.parentNode : (this.anchor?.parent ?? null);
    // The node the block stood before may have gone since (the caller removes blocks that went away).
    const before = last ? last.nextSibling : (this.anchor?.before ?? null);
    if (parent) parent.insertBefore(this.root, before?.parentNode === parent ? before : null);
    // Not in the page yet (a first build): the caller puts `nodes` there.
    else this.root.replaceChildren();
    this.nodes.push(...added);
    this.anchor = null;
  }

  /** Removes what the tokens from `at` on built, back to where building stood before token `at`. */
  private rewind(at: number): void {
    const resume = this.resumes[at]!;
    const { stack } = resume;
    const innermost = stack.length - 1;
    for (let level = innermost; level >= 0; level--) {
      const parent = stack[level]!;
      // A token that makes no element (a tight list's paragraph) opens its parent again.
      if (level < innermost && stack[level + 1] === parent) continue;
      // The last child to keep: the innermost's as noted, else the one holding the element open inside it.
      const keep = level === innermost ? resume.last : this.childOn(parent, stack[level + 1]!);
      if (parent === this.root) this.removeTopLevelAfter(keep);
      else removeChildrenAfter(parent, keep);
    }
    const text = resume.last as Text | null;
    if (resume.textLength >= 0 && text && text.length > resume.textLength)
      text.deleteData(resume.textLength, text.length - resume.textLength);
    this.stack = stack;
    this.resumes.length = at;
    this.wired = this.wired.filter((wired) => wired.at < at);
  }

  /** The child of `parent` (the root level: a top-level node) that is or holds `node`. */
  private childOn(parent: Node, node: Node): Node | null {
    const isChild =
      parent === this.root
        ? (child: Node) => this.nodes.includes(child)
        : (child: Node) => child.parentNode === parent;
    let child: Node | null = node;
    while (child && !isChild(child)) child = child.parentNode;
    return child;
  }

  private removeTopLevelAfter(keep: Node | null): void {
    const removed = this.nodes.splice(keep ? this.nodes.indexOf(keep) + 1 : 0);
    const last = removed.at(-1);
    if (!last) return;
    if (this.nodes.length === 0 && last.parentNode)
      this.anchor = { parent: last.parentNode, before: last.nextSibling };
    for (const node of removed) node.parentNode?.removeChild(node);
  }

  /** Whether token `at` is a leaf whose nodes `fresh` can patch in place (same kind; only its text differs). */
  private canPatchLeaf(at: number, fresh: Token): boolean {
    const old = this.tokens[at]!;
    return (
      old.nesting === 0 &&
      old.type === fresh.type &&
      old.info === fresh.info &&
      PATCHED_LEAVES.has(old.type) &&
      // Its text did not join a text node before it (then its nodes are not its own).
      this.resumes[at]?.textLength === -1
    );
  }

  private patchLeaf(at: number, token: Token, context: BuildContext): void {
    if (at + 1 < this.tokens.length) this.rewind(at + 1);
    this.resumes.length = at + 1;
    this.wired = this.wired.filter((wired) => wired.at < at);
    const resume = this.resumes[at]!;
    this.stack = resume.stack;
    const parent = resume.stack.at(-1)!;
    const scratch = document.createDocumentFragment();
    appendLeaf(scratch, token, context);
    const fresh = Array.from(scratch.childNodes);
    const kept: Kept = new Map();
    if (parent === this.root) {
      const start = resume.last ? this.nodes.indexOf(resume.last) + 1 : 0;
      const old = this.nodes.slice(start);
      if (old.length === 0) this.root.append(...fresh);
      else this.nodes.splice(start, old.length, ...patchNodes(old, fresh, kept));
    } else {
      const old = childrenAfter(parent, resume.last);
      if (old.length === 0) parent.appendChild(scratch);
      else patchNodes(old, fresh, kept);
    }
    this.takeWires(context, at, kept);
  }

  /** Moves the wires the last leaf added to the context into this block's, as the elements in the page. */
  private takeWires(context: BuildContext, at: number, kept: Kept | null): void {
    if (context.wires.length === 0) return;
    for (const wire of context.wires.splice(0)) {
      const element = (kept?.get(wire.element) ?? wire.element) as Element;
      this.wired.push({ at, wire: { ...wire, element } });
    }
  }
}

/** One block's nodes, built once (a finished block shown as it is). */
export function buildBlock(tokens: readonly Token[], context: BuildContext): BlockBuild {
  const built = new BlockBuild(false);
  built.build(tokens, context);
  return built;
}

/** Leaves whose nodes are patched when only their text changed. */
const PATCHED_LEAVES = new Set(['inline', 'fence', 'code_block']);

/** The index of the first token of `b` that would not build what the same token of `a` built. */
function firstDifference(a: readonly Token[], b: readonly Token[]): number {
  const count = Math.min(a.length, b.length);
  let index = 0;
  while (index < count && sameToken(a[index]!, b[index]!)) index++;
  return index;
}

/** Everything the builder reads of a token (dom-build.ts), compared. */
function sameToken(a: Token, b: Token): boolean {
  return (
    a.type === b.type &&
    a.nesting === b.nesting &&
    a.tag === b.tag &&
    a.hidden === b.hidden &&
    a.content === b.content &&
    a.info === b.info &&
    sameAttributes(a.attrs, b.attrs)
  );
}

function sameAttributes(a: Token['attrs'], b: Token['attrs']): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every(([name, value], index) => b[index]![0] === name && b[index]![1] === value);
}

function childrenAfter(parent: Node, last: Node | null): Node[] {
  const children: Node[] = [];
  for (let child = last ? last.nextSibling : parent.firstChild; child; child = child.nextSibling)
    children.push(child);
  return children;
}

function removeChildrenAfter(parent: Node, keep: Node | null): void {
  for (let child = keep ? keep.nextSibling : parent.firstChild; child; ) {
    const next = child.nextSibling;
    parent.removeChild(child);
    child = next;
  }
}
