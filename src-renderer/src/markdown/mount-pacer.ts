// How much of a long reply to mount in one task. A saved 200 KB reply (or a burst of streamed text) is
// mounted a slice per task, the first slice at once, so that the first screen shows quickly and no task
// grows long. The slice adapts to what mounting actually costs here: several times more on a cold page
// (markdown-it and React not yet optimised by the JIT) or a busy machine than on a warm one.

/** Characters mounted in the first task: several screens of prose, a few of tables. */
const FIRST_SLICE = 12_000;
const MIN_SLICE = 4_000;
const MAX_SLICE = 32_000;
/** What one task should cost, well under the 50 ms that makes a long task. */
const TARGET_MS = 25;
/** Smaller mounts (a streaming update) say too little about the cost per character. */
const MIN_SAMPLE = 3_000;

export class MountPacer {
  private slice = FIRST_SLICE;
  private startedAt = 0;
  private characters = 0;

  /** Characters of blocks to mount in this task. */
  get budget(): number {
    return this.slice;
  }

  /** A render is about to mount `characters` more characters. */
  begin(characters: number, now: number): void {
    this.startedAt = now;
    this.characters = characters;
  }

  /** Those blocks are committed: learn what they cost. */
  end(now: number): void {
    if (this.characters < MIN_SAMPLE) return;
    const perCharacter = Math.max(now - this.startedAt, 1) / this.characters;
    this.slice = Math.round(Math.min(MAX_SLICE, Math.max(MIN_SLICE, TARGET_MS / perCharacter)));
    this.characters = 0;
  }
}
