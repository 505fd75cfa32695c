// An inverted index in memory: token → the numbers of the items holding it. An item saved again gets a new
// number and its old one is dropped (its postings are skipped until a sweep removes them), so a save costs
// the item's own tokens, never the whole index.
//
// Memory is what decides the layout (issue 19: 5,000 conversations of 20 turns hold ~3 million postings):
// each token's numbers are a Uint32Array (4 bytes a posting; a plain array takes 8 in Node), its first
// element the count, grown by doubling and trimmed to size once a load is done; and a token is copied when
// it becomes a key, since a token cut from a long line would otherwise keep the whole line alive.
import type { QueryTerm } from './tokens.ts';

/** A copy of a string that holds no reference to a larger one it was cut from. */
const detached = (text: string) => (text.length > 12 ? Buffer.from(text, 'utf8').toString('utf8') : text);

export class WordIndex {
  private readonly postings = new Map<string, Uint32Array>();
  /** Item key by number; `undefined` once dropped. */
  private readonly keys: Array<string | undefined> = [];
  private readonly numberOf = new Map<string, number>();
  private dropped = 0;
  /** Tokens sorted, for prefix lookups (built at the first), and tokens new since, looked through one by one. */
  private sorted: string[] | null = null;
  private fresh: string[] = [];

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
    for (const token of tokens) {
      const list = this.postings.get(token);
      if (list === undefined) {
        const own = detached(token);
        this.postings.set(own, Uint32Array.of(1, number, 0));
        if (this.sorted) this.fresh.push(own);
        continue;
      }
      const count = list[0]!;
      if (count + 1 < list.length) {
        list[count + 1] = number;
        list[0] = count + 1;
      } else {
        const grown = new Uint32Array(list.length * 2);
        grown.set(list);
        grown[count + 1] = number;
        grown[0] = count + 1;
        this.postings.set(token, grown);
      }
    }
  }

  delete(key: string): void {
    const number = this.numberOf.get(key);
    if (number === undefined) return;
    this.keys[number] = undefined;
    this.numberOf.delete(key);
    this.dropped++;
  }

  /** Whether enough dropped postings piled up to be worth a sweep. */
  get wantsSweep(): boolean {
    return this.dropped > 1000 && this.dropped > this.numberOf.size;
  }

  /**
   * Removes the postings of dropped items and trims each list to its size, `sliceTokens` tokens at a time,
   * `yieldTo` between slices (so a large index never holds the thread). Numbers stay as they are.
   */
  async sweep(yieldTo: () => Promise<void>, sliceTokens = 5000): Promise<void> {
    const dropped = this.dropped;
    let done = 0;
    for (const token of [...this.postings.keys()]) {
      const list = this.postings.get(token);
      if (list === undefined) continue;
      const count = list[0]!;
      let kept = 0;
      for (let i = 1; i <= count; i++) {
        const number = list[i]!;
        if (this.keys[number] !== undefined) list[++kept] = number;
      }
      list[0] = kept;
      if (kept === 0) this.postings.delete(token);
      else if (kept + 1 < list.length) this.postings.set(token, list.slice(0, kept + 1));
      if (++done % sliceTokens === 0) await yieldTo();
    }
    this.dropped -= dropped;
  }

  /** Keys of the items holding every term; `null` for no terms (everything). */
  match(terms: readonly QueryTerm[]): Set<string> | null {
    if (terms.length === 0) return null;
    let found: Set<number> | null = null;
    // Exact terms first: usually the smallest lists.
    const ordered = [...terms].sort((a, b) => Number(a.prefix) - Number(b.prefix));
    for (const term of ordered) {
      const numbers = new Set<number>();
      const take = (list: Uint32Array | undefined) => {
        if (!list) return;
        const count = list[0]!;
        for (let i = 1; i <= count; i++) {
          const number = list[i]!;
          if (found === null || found.has(number)) numbers.add(number);
        }
      };
      if (term.prefix)
        for (const token of this.tokensStartingWith(term.token)) take(this.postings.get(token));
      else take(this.postings.get(term.token));
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

  private tokensStartingWith(start: string): string[] {
    if (this.sorted === null || this.fresh.length > 20_000) {
      this.sorted = [...this.postings.keys()].sort();
      this.fresh = [];
    }
    const sorted = this.sorted;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sorted[middle]! < start) low = middle + 1;
      else high = middle;
    }
    const found: string[] = [];
    for (let i = low; i < sorted.length && sorted[i]!.startsWith(start); i++) found.push(sorted[i]!);
    for (const token of this.fresh) if (token.startsWith(start)) found.push(token);
    return found;
  }
}
