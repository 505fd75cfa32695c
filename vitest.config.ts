import { defineConfig } from 'vitest/config';

// vitest 5's reporter calls Map.groupBy (Node 21+) when it prints failures; our tests also run on
// Node 20, where a failing test would otherwise show only "Map.groupBy is not a function".
// This file is loaded in vitest's main process, where the reporter runs.
if (!('groupBy' in Map)) {
  Object.defineProperty(Map, 'groupBy', {
    configurable: true,
    writable: true,
    value<K, V>(items: Iterable<V>, keyOf: (item: V, index: number) => K): Map<K, V[]> {
      const groups = new Map<K, V[]>();
      let index = 0;
      for (const item of items) {
        const key = keyOf(item, index++);
        const group = groups.get(key);
        if (group) group.push(item);
        else groups.set(key, [item]);
      }
      return groups;
    },
  });
}

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 20_000,
    // vitest's default worker count (every core but one): on CI's 2 cores, one file at a time. Two at once
    // halved the time (364 s → 184–210 s) but made timing-sensitive tests (a stop within 5 ms, a check still
    // running) fail under the doubled load; they have to be made load-proof first.
    // electron-store must be transformed so `vi.mock('electron')` reaches its import of electron.
    server: { deps: { inline: ['electron-store'] } },
  },
});
