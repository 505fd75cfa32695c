// An inverted index in memory: token → the numbers of the items holding it (search in main, issue 19). An
// item saved again gets a new number and its old one is dropped (skipped by a search until the next
// packing removes it), so a save costs the item's own tokens, never the whole index.
//
// Memory decides the layout: 5,000 long transcripts hold about 5 million postings. Kept as one growing typed
// array per token, they took ~100,000 small allocations that doubled and were freed again; the process then
// held ~60 MB more than the index itself (the allocator's leftovers), and loading took 3 s. Now:
// - the bulk is *packed*: every token's item numbers, ascending, written as the gaps between them in 7-bit
//   groups (most gaps take one byte), in one byte array found through one offsets array — two allocations
//   whatever the count;
// - what was set since the last packing is *pending*: one growing array of token numbers, with where each
//   item's run starts, looked through by a search (a few saves' worth: cheap);
// - `pack()` merges the two, leaving out dropped items, in slices that yield to main's other work. It runs
//   once a load is done, and again when pending tokens or dropped items pile up (`wantsPacking`).
// A token is copied when it becomes a key, since a token cut from a long line would keep the line alive.
import { BACKGROUND_SLICE_MS, TimeSlice } from './time-slice.ts';
import type { QueryTerm } from './tokens.ts';

/** A copy of a string that holds no reference to a larger one it was cut from. */
const detached = (text: string) => (text.length > 12 ? Buffer.from(text, 'utf8').toString('utf8') : text);

/** Pending tokens beyond which a packing is due (a search looks through them all: ~1 ms per 100,000). */
const PACK_PENDING = 200_000;

/** Bytes a gap takes in 7-bit groups. */
const gapBytes = (gap: number) =>
  gap < 0x80 ? 1 : gap < 0x4000 ? 2 : gap < 0x20_0000 ? 3 : gap < 0x1000_0000 ? 4 : 5;

export class WordIndex {
  private readonly idOf = new Map<string, number>();
  private readonly tokens: string[] = [];
  /** Packed lists: token `t`'s gaps are `packed[offsets[t]]` up to `packed[offsets[t + 1]]`, for t < packedTokens. */
  private packed = new Uint8Array(0);
  private offsets = new Uint32Array(1);
  private packedTokens = 0;
  /** Pending: token numbers of the items set since the last packing, one run per item. */
  private pending = new Uint32Array(4096);
  private pendingLength = 0;
  private runStarts: number[] = [];
  private runItems: number[] = [];
  /** Item key by number; `undefined` once dropped. */
  private readonly keys: Array<string | undefined> = [];
  private readonly numberOf = new Map<string, number>();
  /** Dropped numbers whose postings may still be held. */
  private dropped = 0;
  private packing: Promise<void> | null = null;
  /** Token numbers sorted by token, for prefix lookups (built at the first), and those added since. */
  private sorted: number[] | null = null;
  private unsorted: number[] = [];

  get size(): number {
    return this.numberOf.size;
  }

  has(key: string): boolean {
    return this.numberOf.has(key);
  }

  /** Sets the item's tokens (replacing those it had). */
  set(key: string, tokens: Iterable<string>): void {
    this.delete(key);
    const number = this.keys.length;
    this.keys.push(key);
    this.numberOf.set(key, number);
    this.runStarts.push(this.pendingLength);
    this.runItems.push(number);
    for (const token of tokens) {
      let id = this.idOf.get(token);
      if (id === undefined) {
        id = this.tokens.length;
        const own = detached(token);
        this.tokens.push(own);
        this.idOf.set(own, id);
        if (this.sorted) this.unsorted.push(id);
      }
      if (this.pendingLength === this.pending.length) {
        const grown = new Uint32Array(this.pending.length * 2);
        grown.set(this.pending);
        this.pending = grown;
      }
      this.pending[this.pendingLength++] = id;
    }
  }

  delete(key: string): void {
    const number = this.numberOf.get(key);
    if (number === undefined) return;
    this.keys[number] = undefined;
    this.numberOf.delete(key);
    this.dropped++;
  }

  /** Whether enough pending tokens or dropped items piled up to be worth a packing. */
  get wantsPacking(): boolean {
    return (
      this.packing === null &&
      (this.pendingLength > PACK_PENDING || (this.dropped > 1000 && this.dropped > this.numberOf.size))
    );
  }

  /**
   * Merges the pending tokens into the packed lists and leaves out dropped items, yielding to `yieldTo`
   * every few milliseconds (a large index never holds the thread). Searches, sets and deletes meanwhile
   * see the index as it was, plus their own changes; one packing at a time.
   */
  pack(yieldTo: () => Promise<void>): Promise<void> {
    this.packing ??= this.packNow(yieldTo).finally(() => {
      this.packing = null;
    });
    return this.packing;
  }

  private async packNow(yieldTo: () => Promise<void>): Promise<void> {
    // What this packing takes in: the pending runs now, the tokens known now, the drops counted now.
    const runs = this.runItems.length;
    const taken = this.pendingLength;
    const tokenCount = this.tokens.length;
    const droppedNow = this.dropped;
    const { packed, offsets, packedTokens, pending } = this;
    // Which items are live, as of now: one dropped while this runs is skipped by searches until the next.
    const alive = new Uint8Array(this.keys.length);
    for (let number = 0; number < alive.length; number++)
      alive[number] = this.keys[number] === undefined ? 0 : 1;
    const live = (number: number) => alive[number] === 1;
    const slice = new TimeSlice(BACKGROUND_SLICE_MS, yieldTo);
    const pause = async () => {
      if (slice.over) await slice.next();
    };

    // 1. How many live numbers each token keeps: its packed ones, then its pending ones.
    const starts = new Uint32Array(tokenCount + 1);
    for (let token = 0; token < packedTokens; token++) {
      let kept = 0;
      this.eachPacked(packed, offsets, token, (number) => {
        if (live(number)) kept++;
      });
      starts[token + 1] = kept;
      if ((token & 1023) === 0) await pause();
    }
    for (let run = 0; run < runs; run++) {
      if (!live(this.runItems[run]!)) continue;
      const end = run + 1 < runs ? this.runStarts[run + 1]! : taken;
      for (let i = this.runStarts[run]!; i < end; i++) {
        const next = pending[i]! + 1;
        starts[next] = starts[next]! + 1;
      }
      if ((run & 255) === 0) await pause();
    }
    for (let token = 0; token < tokenCount; token++) starts[token + 1] = starts[token + 1]! + starts[token]!;

    // 2. The numbers in place, ascending per token: packed numbers are older than every pending one.
    const numbers = new Uint32Array(starts[tokenCount]!);
    const cursor = starts.slice(0, tokenCount);
    for (let token = 0; token < packedTokens; token++) {
      this.eachPacked(packed, offsets, token, (number) => {
        if (!live(number)) return;
        numbers[cursor[token]!] = number;
        cursor[token] = cursor[token]! + 1;
      });
      if ((token & 1023) === 0) await pause();
    }
    for (let run = 0; run < runs; run++) {
      const item = this.runItems[run]!;
      if (!live(item)) continue;
      const end = run + 1 < runs ? this.runStarts[run + 1]! : taken;
      for (let i = this.runStarts[run]!; i < end; i++) {
        const token = pending[i]!;
        numbers[cursor[token]!] = item;
        cursor[token] = cursor[token]! + 1;
      }
      if ((run & 255) === 0) await pause();
    }

    // 3. Written as gaps: sized first, then filled.
    const byteOffsets = new Uint32Array(tokenCount + 1);
    for (let token = 0; token < tokenCount; token++) {
      let bytes = 0;
      let previous = -1;
      for (let i = starts[token]!; i < starts[token + 1]!; i++) {
        bytes += gapBytes(numbers[i]! - previous);
        previous = numbers[i]!;
      }
      byteOffsets[token + 1] = byteOffsets[token]! + bytes;
      if ((token & 1023) === 0) await pause();
    }
    const bytes = new Uint8Array(byteOffsets[tokenCount]!);
    let at = 0;
    for (let token = 0; token < tokenCount; token++) {
      let previous = -1;
      for (let i = starts[token]!; i < starts[token + 1]!; i++) {
        let gap = numbers[i]! - previous;
        previous = numbers[i]!;
        while (gap >= 0x80) {
          bytes[at++] = (gap & 0x7f) | 0x80;
          gap >>>= 7;
        }
        bytes[at++] = gap;
      }
      if ((token & 1023) === 0) await pause();
    }

    // 4. In use from now; the runs set meanwhile stay pending.
    this.packed = bytes;
    this.offsets = byteOffsets;
    this.packedTokens = tokenCount;
    const left = this.pendingLength - taken;
    const kept = new Uint32Array(Math.max(4096, 2 ** Math.ceil(Math.log2(left + 1))));
    kept.set(this.pending.subarray(taken, this.pendingLength));
    this.pending = kept;
    this.pendingLength = left;
    this.runStarts = this.runStarts.slice(runs).map((start) => start - taken);
    this.runItems = this.runItems.slice(runs);
    this.dropped -= droppedNow;
  }

  /** Calls `visit` with each number of a packed token's list, ascending. */
  private eachPacked(
    packed: Uint8Array,
    offsets: Uint32Array,
    token: number,
    visit: (number: number) => void,
  ) {
    const end = offsets[token + 1]!;
    let number = -1;
    for (let at = offsets[token]!; at < end; ) {
      let gap = 0;
      let shift = 0;
      let byte: number;
      do {
        byte = packed[at++]!;
        gap += (byte & 0x7f) * 2 ** shift;
        shift += 7;
      } while (byte & 0x80);
      number += gap;
      visit(number);
    }
  }

  /** Keys of the items holding every term; `null` for no terms (everything). */
  match(terms: readonly QueryTerm[]): Set<string> | null {
    if (terms.length === 0) return null;
    let found: Set<number> | null = null;
    // Exact terms first: usually the smallest lists.
    const ordered = [...terms].sort((a, b) => Number(a.prefix) - Number(b.prefix));
    for (const term of ordered) {
      const ids = term.prefix ? this.tokensStartingWith(term.token) : this.exact(term.token);
      const numbers = new Set<number>();
      const within = found;
      const take = (number: number) => {
        if (within === null || within.has(number)) numbers.add(number);
      };
      for (const id of ids) if (id < this.packedTokens) this.eachPacked(this.packed, this.offsets, id, take);
      this.pendingHolding(new Set(ids), take);
      found = numbers;
      if (found.size === 0) return new Set();
    }
    const keys = new Set<string>();
    for (const number of found ?? []) {
      const key = this.keys[number];
      if (key !== undefined) keys.add(key);
    }
    return keys;
  }

  private exact(token: string): number[] {
    const id = this.idOf.get(token);
    return id === undefined ? [] : [id];
  }

  /** Calls `take` with each pending item holding any of `ids`. */
  private pendingHolding(ids: Set<number>, take: (number: number) => void): void {
    if (ids.size === 0) return;
    const runs = this.runItems.length;
    for (let run = 0; run < runs; run++) {
      const end = run + 1 < runs ? this.runStarts[run + 1]! : this.pendingLength;
      for (let i = this.runStarts[run]!; i < end; i++) {
        if (ids.has(this.pending[i]!)) {
          take(this.runItems[run]!);
          break;
        }
      }
    }
  }

  private tokensStartingWith(start: string): number[] {
    if (this.sorted === null || this.unsorted.length > 20_000) {
      this.sorted = this.tokens.map((_, id) => id).sort((a, b) => this.compareTokens(a, b));
      this.unsorted = [];
    }
    const sorted = this.sorted;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.tokens[sorted[middle]!]! < start) low = middle + 1;
      else high = middle;
    }
    const found: number[] = [];
    for (let i = low; i < sorted.length && this.tokens[sorted[i]!]!.startsWith(start); i++)
      found.push(sorted[i]!);
    for (const id of this.unsorted) if (this.tokens[id]!.startsWith(start)) found.push(id);
    return found;
  }

  private compareTokens(a: number, b: number): number {
    const x = this.tokens[a]!;
    const y = this.tokens[b]!;
    return x < y ? -1 : x > y ? 1 : 0;
  }
}
