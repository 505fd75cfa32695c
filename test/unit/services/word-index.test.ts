// The search's word index (src-main/services/saved-index/word-index.ts): whatever mix of sets, deletes,
// sets again and packings (also packings that yield while items change), a search finds exactly the
// items a plain scan of every item's words finds.
import { describe, expect, it } from 'vitest';
import { WordIndex } from '../../../src-main/services/saved-index/word-index.ts';
import { seededRandom } from '../../support/seeded-random.ts';

const VOCABULARY = Array.from({ length: 400 }, (_, i) => `w${i.toString(36)}${'x'.repeat(i % 5)}`);

/** What a search must find: every item whose words hold each term (a prefix term: a word starting so). */
function scan(items: Map<string, Set<string>>, terms: { token: string; prefix: boolean }[]): Set<string> {
  const found = new Set<string>();
  for (const [key, words] of items) {
    const holds = terms.every(({ token, prefix }) =>
      prefix ? [...words].some((word) => word.startsWith(token)) : words.has(token),
    );
    if (holds) found.add(key);
  }
  return found;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('WordIndex', () => {
  it('finds what a scan finds through sets, deletes, sets again and packings', async () => {
    const random = seededRandom(7);
    const index = new WordIndex();
    const items = new Map<string, Set<string>>();
    const pick = () => VOCABULARY[Math.floor(random() ** 2 * VOCABULARY.length)]!;
    const check = () => {
      for (let q = 0; q < 30; q++) {
        const terms = Array.from({ length: 1 + Math.floor(random() * 2) }, () => {
          const word = pick();
          const prefix = random() < 0.4;
          return { token: prefix ? word.slice(0, 1 + Math.floor(random() * 2)) : word, prefix };
        });
        expect(index.match(terms), JSON.stringify(terms)).toEqual(scan(items, terms));
      }
    };
    for (let step = 0; step < 1500; step++) {
      const roll = random();
      if (roll < 0.7) {
        const key = `item-${Math.floor(random() * 300)}`;
        const words = new Set(Array.from({ length: 1 + Math.floor(random() * 60) }, pick));
        index.set(key, words);
        items.set(key, words);
      } else if (roll < 0.85) {
        const key = `item-${Math.floor(random() * 300)}`;
        index.delete(key);
        items.delete(key);
      } else if (roll < 0.9) {
        await index.pack(async () => {});
      }
      if (step % 100 === 0) check();
    }
    check();
    await index.pack(async () => {});
    check();
    expect(index.size).toBe(items.size);
  });

  it('keeps every change made while a packing yields', async () => {
    const random = seededRandom(11);
    const index = new WordIndex();
    const items = new Map<string, Set<string>>();
    const pick = () => VOCABULARY[Math.floor(random() * VOCABULARY.length)]!;
    for (let i = 0; i < 3000; i++) {
      const words = new Set(Array.from({ length: 80 }, pick));
      index.set(`item-${i}`, words);
      items.set(`item-${i}`, words);
    }
    // Every yield of the packing changes the index: an item set again, one deleted, a new one.
    let changes = 0;
    await index.pack(async () => {
      changes++;
      const again = `item-${Math.floor(random() * 3000)}`;
      const words = new Set(Array.from({ length: 20 }, pick));
      index.set(again, words);
      items.set(again, words);
      const gone = `item-${Math.floor(random() * 3000)}`;
      index.delete(gone);
      items.delete(gone);
      const fresh = `new-${changes}`;
      const freshWords = new Set([pick(), 'brandnewword']);
      index.set(fresh, freshWords);
      items.set(fresh, freshWords);
      await turn();
    });
    for (const word of [...VOCABULARY.slice(0, 50), 'brandnewword']) {
      const exact = [{ token: word, prefix: false }];
      expect(index.match(exact)).toEqual(scan(items, exact));
    }
    const prefix = [{ token: 'w1', prefix: true }];
    expect(index.match(prefix)).toEqual(scan(items, prefix));
    await index.pack(async () => {});
    expect(index.match([{ token: 'brandnewword', prefix: false }])).toEqual(
      scan(items, [{ token: 'brandnewword', prefix: false }]),
    );
  });

  it('writes large gaps between item numbers and finds them again', async () => {
    const index = new WordIndex();
    // 300,000 items, of which only a few far apart hold the rare word: gaps of three bytes.
    for (let i = 0; i < 300_000; i++) index.set(`k${i}`, i % 100_003 === 0 ? ['rare', 'common'] : ['common']);
    await index.pack(async () => {});
    expect(index.match([{ token: 'rare', prefix: false }])).toEqual(new Set(['k0', 'k100003', 'k200006']));
    expect(index.match([{ token: 'common', prefix: false }])?.size).toBe(300_000);
  });

  it('asks to be packed once pending tokens pile up, and not while packing', async () => {
    const index = new WordIndex();
    for (let i = 0; i < 2100; i++)
      index.set(
        `k${i}`,
        Array.from({ length: 100 }, (_, j) => `t${j}`),
      );
    expect(index.wantsPacking).toBe(true);
    const packing = index.pack(() => turn());
    expect(index.wantsPacking).toBe(false);
    await packing;
    expect(index.wantsPacking).toBe(false);
    expect(index.match([{ token: 't5', prefix: false }])?.size).toBe(2100);
  });
});
