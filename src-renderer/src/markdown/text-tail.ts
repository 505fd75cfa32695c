// The end of a streamed reply's text, kept as a string of its own. A streamed text is a chain of appended
// pieces, and reading it whole (a search, a slice, a comparison) makes V8 copy it into one flat string
// first: a renderer that read the whole text on every update would copy the whole reply every time, more
// the longer it grows (and leave a reply's worth of garbage per update). Told what each update appended
// (the stream's `appended`, store/streams.ts), the renderer reads only that.

/** The text an update added to a streamed text, and the offset where it starts. */
export interface Appended {
  at: number;
  text: string;
}

export class TextTail {
  /** Offset of `text` in the whole text. */
  base = 0;
  /** The whole text from `base` on. */
  text = '';
  /** Counts the changes of the text seen (`drop` is none): what was read from the tail holds while it stays. */
  version = 0;
  /** The last `appended` taken in: the same one again is a render without a new update. */
  private taken: Appended | null = null;

  get end(): number {
    return this.base + this.text.length;
  }

  /**
   * Brings the tail up to `whole`: by `appended` alone when that is what came after the tail's end, else
   * by reading `whole` once. False when `whole` is not the text seen so far with more after it
   * (`continues` is asked, as reading it whole is the only way to tell).
   */
  follow(
    whole: string,
    appended: Appended | null | undefined,
    continues: (whole: string) => boolean,
  ): boolean {
    if (appended && appended.at + appended.text.length === whole.length) {
      // Rendered again without a new update: nothing new to read.
      if (appended === this.taken && whole.length === this.end) return true;
      if (appended.at === this.end) {
        this.text += appended.text;
        this.taken = appended;
        this.version++;
        return true;
      }
    }
    if (whole.length < this.base || !continues(whole)) return false;
    this.version++;
    this.text = whole.slice(this.base);
    this.taken = null;
    return true;
  }

  /** Forgets the text before `offset` (finished blocks: never read again). */
  drop(offset: number): void {
    if (offset <= this.base) return;
    this.text = this.text.slice(offset - this.base);
    this.base = offset;
  }
}
