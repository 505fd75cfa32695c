// Finished blocks gathered into wrappers that the browser can skip while they are off screen
// (`content-visibility: auto`). A group closes at a number of blocks or of characters, whichever comes
// first, so that no group is so big that bringing it on screen costs a long layout. A closed group's
// array never changes again: its memoised wrapper never re-renders.
import type { MarkdownBlock } from './block-splitter.ts';

const MAX_BLOCKS = 32;
const MAX_CHARACTERS = 12_000;

export class BlockGroups {
  readonly groups: MarkdownBlock[][] = [];
  private placed = 0;
  private openCharacters = 0;
  private lastClosed = true;

  /** Places `blocks[placed…count)` in groups, in order. */
  placeUpTo(blocks: readonly MarkdownBlock[], count: number): void {
    for (; this.placed < count; this.placed++) {
      const block = blocks[this.placed]!;
      if (this.lastClosed) {
        this.groups.push([]);
        this.openCharacters = 0;
        this.lastClosed = false;
      }
      // A new array for the open group, so its wrapper sees the change.
      const group = [...this.groups.at(-1)!, block];
      this.groups[this.groups.length - 1] = group;
      this.openCharacters += block.text.length;
      this.lastClosed = group.length >= MAX_BLOCKS || this.openCharacters >= MAX_CHARACTERS;
    }
  }

  isClosed(index: number): boolean {
    return index < this.groups.length - 1 || (index === this.groups.length - 1 && this.lastClosed);
  }

  /** The group the growing blocks are shown in: the open one, or the next. */
  get liveGroup(): number {
    return this.lastClosed ? this.groups.length : this.groups.length - 1;
  }
}
