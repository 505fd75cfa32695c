// Main's memory with a store's saved items, in a process of its own (bench saved-at-scale): the store
// opened as main opens it on a data folder (a planted one's copy, or an empty one), its index loaded and checked,
// its first page listed, the bench's searches run and every page asked for (as scrolling to the end
// does); then its resident memory beside the same process before the store was opened, each after a
// full collection. In the bench's own process the figure would also hold the browser driver's and the
// test bridge's memory, which grow with the page's traffic, not with main.
//   tsx bench/support/saved-store-memory.ts <store> <data folder> <query>…
// prints {"beforeMb":…,"afterMb":…} as its last line.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { openSavedStore, type PlantedStore } from '../../test/support/saved-at-scale.ts';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
const rssMb = () => {
  collect();
  collect();
  return process.memoryUsage().rss / (1024 * 1024);
};

const [store, dataDir, ...queries] = process.argv.slice(2) as [PlantedStore, string, ...string[]];
const beforeMb = rssMb();
const view = openSavedStore(store, dataDir);
const { total } = await view.list({ limit: 100 });
await view.settled();
for (const query of queries) await view.list({ query, limit: 100 });
for (let offset = 100; offset < total; offset += 100) await view.list({ offset, limit: 100 });
await view.settled();
console.log(JSON.stringify({ beforeMb, afterMb: rssMb() }));
