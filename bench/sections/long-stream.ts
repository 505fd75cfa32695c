// (e) Long-stream rendering: a ~200 KB markdown reply (tables, ~200 code blocks) streamed at ≥ 2,000
// deltas per second through the real app: a paced gateway (child process) → main's gateway client and
// stream manager (batching as in the app) → the test bridge → the Playground's markdown view.
// Measured in the page, per update (one delivered batch): from the batch's arrival, through the store
// update, React's render and commit, to a forced layout (bench/support/stream-probe.ts). The target is a
// ratio, not a time: the cost per update at the end of the reply against the browser's own floor for the
// same blocks, measured in the same run (≤ 1.25×). Both sides are measured in the main thread's CPU time
// (from a trace: bench/support/main-thread-trace.ts), so time the thread spent waiting for a core on this
// shared 2-core machine counts on neither side; the clock's ratio is printed beside. Also compared with
// appending the same stream to a plain <pre>. Then the saved conversation is opened again after a reload.

import { cpus, loadavg } from 'node:os';
import type { CDPSession, Page } from '@playwright/test';
import { cpuSpans, longestCpuMs, type TracedTask, traceMainThread } from '../support/main-thread-trace.ts';
import { deltasOf, longMarkdownReply } from '../support/markdown-reply.ts';
import {
  installLateListener,
  openProbedPlayground,
  type ProbeWindow,
  probeOf,
  STREAM_PACE,
  type StreamProbe,
  streamIntoChat,
  tenthCost,
} from '../support/stream-probe.ts';
import { type BenchSection, median, type Row } from '../types.ts';

// GS_ROUNDS=1 for a quick look (a profile with GS_BENCH_TRACE); the figures are the median of five.
const ROUNDS = Number(process.env.GS_ROUNDS ?? 5);

const COMPOSER = '[data-testid="composer-input"]';
const REPLY = '[data-testid="reply"]';

/** The same target for every machine: what the browser alone needs, measured in the same run. */
const MAX_RATIO_TO_FLOOR = 1.25;

/** The plain baseline: the same stream started from the page, appended to a <pre> as text nodes. */
async function streamIntoPre(page: Page): Promise<StreamProbe> {
  const seen = await page.evaluate(async () => {
    type Batch = { streamId: string; final: boolean; events: Array<{ type: string; text?: string }> };
    const win = window as unknown as ProbeWindow & {
      gatewayStudio: {
        on(e: string, f: (p: Batch) => void): () => void;
        invoke(m: string, i: unknown): Promise<{ ok: boolean; data: { streamId: string } }>;
      };
    };
    const pre = document.createElement('pre');
    pre.style.cssText =
      'position:fixed;inset:0;z-index:9999;margin:0;overflow:auto;background:#fff;white-space:pre-wrap;font:13px monospace';
    document.body.append(pre);
    let streamId = '';
    const early: Batch[] = [];
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const append = (batch: Batch) => {
      for (const event of batch.events) if (event.type === 'text-delta') pre.append(event.text ?? '');
      if (batch.final) finish();
    };
    const off = win.gatewayStudio.on('stream.batch', (batch) => {
      if (streamId === '') early.push(batch);
      else if (batch.streamId === streamId) append(batch);
    });
    const started = await win.gatewayStudio.invoke('chat.responses', {
      request: { model: 'bench', input: 'Write the long answer.' },
      stream: true,
    });
    streamId = started.data.streamId;
    for (const batch of early.splice(0)) if (batch.streamId === streamId) append(batch);
    await finished;
    await new Promise((resolve) => setTimeout(resolve, 50));
    off();
    pre.remove();
    return {
      batches: win.__benchProbe.state.batches.filter((b) => b.id === streamId),
      longTasks: win.__benchProbe.longTasks,
    };
  });
  return probeOf(seen);
}

/**
 * What the browser alone needs per update: the blocks the app rendered for the last tenth of the reply's
 * text (the part whose updates the ratio compares with), cloned and appended to a bare container outside
 * the app (with the reply's styles), about one update's worth of text one frame apart, then style and
 * layout forced. The blocks are added again from the start of that tenth, into an emptied container, until
 * `updates` updates are measured. No script of ours runs: a renderer making this DOM cannot cost less per
 * update on this machine. Returns the median ms over the updates, by the clock and in the main thread's
 * CPU time.
 *
 * The clones are made before each timed span, so the floor leaves out making the nodes, which any renderer
 * has to do. The same pass is run three more times with the making inside the span, printed beside the
 * target, not used for it: by a native deep clone (`clone`: no script per node, the quickest way we know for
 * a page to make given nodes), by script from a plain tree of the same nodes read before the span
 * (`script`: one createElement or createTextNode and one appendChild per node, className and textContent
 * where they do, as a renderer that builds DOM does, with no markdown parsed), and by the HTML parser from
 * their markup (`html`: insertAdjacentHTML, a renderer that writes HTML). The three run in turn, starting
 * with another each round (`round`), so none always runs last on a page fuller of garbage. All four make
 * the same elements and text: the blocks as shown, their code coloured since (the app's update makes code
 * plain and colours it after).
 */
async function browserFloor(page: Page, characters: number, updates: number, round: number): Promise<Floor> {
  const ways = ['clone', 'script', 'html'] as const;
  const { result: ms, marks } = await traceMainThread(page, async () => {
    const ms = await blocksFloor(page, characters, updates, 'before');
    for (let turn = 0; turn < ways.length; turn++)
      await blocksFloor(page, characters, updates, ways[(round + turn) % ways.length]!);
    return ms;
  });
  const cpuOf = (making: Making) => {
    const name = markName(making);
    return median([...cpuSpans(marks, `${name}-start`, `${name}-end`).values()]);
  };
  return {
    ms,
    cpuMs: cpuOf('before'),
    makingCpuMs: { clone: cpuOf('clone'), script: cpuOf('script'), html: cpuOf('html') },
  };
}

/** How the floor's nodes are made: before the timed span, or in it (see `browserFloor`). */
type Making = 'before' | 'clone' | 'script' | 'html';

/** The marks of each way's spans (`<name>-start:<update>`, `<name>-layout:…`, `<name>-end:…`). */
const markName = (making: Making) => (making === 'before' ? 'gs-floor' : `gs-floor-${making}`);

interface Floor {
  /** The median per update by the clock, and in CPU time, the nodes made before the span. */
  ms: number;
  cpuMs: number;
  /** The same in CPU time, the nodes made in the span, each way. */
  makingCpuMs: Record<Exclude<Making, 'before'>, number>;
}

async function blocksFloor(page: Page, characters: number, updates: number, making: Making): Promise<number> {
  return page.evaluate(
    async ({ characters, updates, making, name }) => {
      const replies = document.querySelectorAll('[data-testid="reply"]');
      const all = Array.from(replies[replies.length - 1]?.querySelectorAll('.markdown-group > *') ?? []);
      // The blocks of the last tenth of the text, as the app's last tenth is the cost compared.
      const total = all.reduce((sum, block) => sum + (block.textContent?.length ?? 0), 0);
      let first = all.length;
      for (let seen = 0; first > 0 && seen < total / 10; ) seen += all[--first]!.textContent?.length ?? 0;
      const blocks = all.slice(first);
      // For `script`: each block as a plain tree, read before any span, so the span only makes nodes.
      type Tree = { tag: string; attributes: Array<[string, string]>; children: Array<Tree | string> };
      const treeOf = (node: Node): Tree | string =>
        node instanceof Element
          ? {
              tag: node.tagName.toLowerCase(),
              attributes: Array.from(node.attributes, (a): [string, string] => [a.name, a.value]),
              children: Array.from(node.childNodes, treeOf),
            }
          : (node.nodeValue ?? '');
      const build = (tree: Tree | string): Node => {
        if (typeof tree === 'string') return document.createTextNode(tree);
        const element = document.createElement(tree.tag);
        for (const [name, value] of tree.attributes)
          if (name === 'class') element.className = value;
          else element.setAttribute(name, value);
        const [only, ...more] = tree.children;
        if (typeof only === 'string' && more.length === 0) element.textContent = only;
        else for (const child of tree.children) element.appendChild(build(child));
        return element;
      };
      const trees = making === 'script' ? blocks.map(treeOf) : [];
      const markup = making === 'html' ? blocks.map((block) => block.outerHTML) : [];
      const scroller = document.createElement('div');
      scroller.style.cssText = 'position:fixed;inset:0;z-index:9999;overflow:auto;background:#fff';
      const host = document.createElement('div');
      host.className = 'markdown';
      host.style.cssText = 'max-width:752px;margin:0 auto;padding:24px';
      scroller.append(host);
      document.body.append(scroller);
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const costs: number[] = [];
      let next = 0;
      for (let update = 0; update < updates && blocks.length > 0; update++) {
        if (next === blocks.length) {
          // The tenth again, from an empty container.
          host.replaceChildren();
          scroller.scrollTop = 0;
          await frame();
          next = 0;
        }
        const taken: number[] = [];
        for (let length = 0; length < characters && next < blocks.length; next++) {
          length += blocks[next]!.textContent?.length ?? 0;
          taken.push(next);
        }
        const make = () =>
          taken.map((index) => (making === 'script' ? build(trees[index]!) : blocks[index]!.cloneNode(true)));
        const made = making === 'before' ? make() : null;
        const html = making === 'html' ? taken.map((index) => markup[index]).join('') : '';
        performance.mark(`${name}-start:${update}`);
        const started = performance.now();
        if (making === 'html') host.insertAdjacentHTML('beforeend', html);
        else host.append(...(made ?? make()));
        // The same mark the app's probe makes before its forced layout (stream-probe.ts), so both spans
        // carry the same instrumentation: a mark is a trace event, not free while the page is traced.
        performance.mark(`${name}-layout:${update}`);
        void document.body.offsetHeight;
        costs.push(performance.now() - started);
        performance.mark(`${name}-end:${update}`);
        scroller.scrollTop = scroller.scrollHeight;
        await frame();
      }
      scroller.remove();
      performance.clearMarks();
      costs.sort((a, b) => a - b);
      return costs[costs.length >> 1] ?? 0;
    },
    { characters, updates, making, name: markName(making) },
  );
}

/**
 * How many DOM nodes the streamed reply's markdown keeps: a count, not a time, so a change in what is built
 * per block shows here even when the timings' noise hides it. (React makes nothing under the reply's
 * markdown: its blocks are built as DOM directly, markdown/reply-dom.ts.)
 */
async function replyNodeCount(page: Page): Promise<number> {
  return page.evaluate(() => {
    const replies = document.querySelectorAll('[data-testid="reply"]');
    const markdown = replies[replies.length - 1]?.querySelector('.markdown');
    if (!markdown) return 0;
    const walker = document.createTreeWalker(markdown);
    let nodes = 0;
    while (walker.nextNode()) nodes++;
    return nodes;
  });
}

async function heapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return usedSize / 1024 / 1024;
}

/** Reload, open the saved conversation from the list, and watch the long tasks until it has settled. */
async function openSaved(
  page: Page,
): Promise<{ longestMs: number; longestCpuMs: number; firstScreenMs: number }> {
  await page.reload();
  await page.locator('.shell').waitFor();
  await page.evaluate(installLateListener);
  await page.getByRole('button', { name: 'Playground' }).click();
  // A new chat first, so the click below really opens the saved conversation (from main, after the reload).
  await page.locator(COMPOSER).waitFor();
  await page.keyboard.press('Control+n');
  const row = page.locator('[data-testid="conversation-item"]').first();
  await row.waitFor();
  const clickedAt = await page.evaluate(() => {
    (window as unknown as ProbeWindow).__benchProbe.longTasks.length = 0;
    return performance.now();
  });
  const { result: shownAt, tasks } = await traceMainThread(page, async () => {
    await row.click();
    await page.locator(`${REPLY} h2`).first().waitFor();
    const shown = await page.evaluate(() => performance.now());
    await page.waitForTimeout(2000);
    return shown;
  });
  const longest = await page.evaluate(() =>
    Math.max(0, ...(window as unknown as ProbeWindow).__benchProbe.longTasks.map((t) => t.duration)),
  );
  return { longestMs: longest, longestCpuMs: longestCpuMs(tasks), firstScreenMs: shownAt - clickedAt };
}

const section: BenchSection = {
  name: 'long-stream',
  description: `~200 KB markdown reply at ${STREAM_PACE.deltasPerSecond.toLocaleString('en-US')} deltas/s through main and the bridge into the Playground, vs a plain <pre> (median of ${ROUNDS} rounds)`,
  async run() {
    const reply = longMarkdownReply();
    const shape = { characters: reply.length, deltas: deltasOf(reply, STREAM_PACE.deltaCharacters).length };
    const { page, close } = await openProbedPlayground({
      apiKey: 'sk-bench-long-stream',
      ...STREAM_PACE,
    });
    try {
      const cdp = await page.context().newCDPSession(page);

      const rounds: Array<{
        app: StreamProbe;
        pre: StreamProbe;
        heap: number;
        open: { longestMs: number; longestCpuMs: number; firstScreenMs: number };
        traced: TracedTask[];
      }> = [];
      const floors: Array<Floor & { charactersPerUpdate: number }> = [];
      let nodes: number | undefined;
      for (let round = 0; round < ROUNDS; round++) {
        // Alternate the order, so neither side always runs on a warmer (or more tired) page. The floor is
        // measured right after the reply ends, on its blocks: within a second of the updates it is compared
        // with, so a change in what else runs on this shared machine moves both alike.
        const replyAndFloor = async () => {
          const chat = await streamIntoChat(page);
          const charactersPerUpdate = shape.characters / chat.probe.updates.length;
          floors.push({
            ...(await browserFloor(page, charactersPerUpdate, 60, round)),
            charactersPerUpdate,
          });
          return chat;
        };
        let pre: StreamProbe;
        let chat: Awaited<ReturnType<typeof streamIntoChat>>;
        if (round % 2 === 0) {
          pre = await streamIntoPre(page);
          chat = await replyAndFloor();
        } else {
          chat = await replyAndFloor();
          pre = await streamIntoPre(page);
        }
        const appProbe = chat.probe;
        // The same reply every round: counted once.
        nodes ??= await replyNodeCount(page);
        const heap = await heapMb(cdp);
        const open = await openSaved(page);
        // A fresh chat for the next round, so each round streams into an empty conversation.
        await page.keyboard.press('Control+n');
        rounds.push({ app: appProbe, pre, heap, open, traced: chat.tasks });
      }
      const floor = median(floors.map((f) => f.cpuMs));
      const floorByClock = median(floors.map((f) => f.ms));
      const charactersPerUpdate = median(floors.map((f) => f.charactersPerUpdate));

      const first = median(rounds.map((r) => tenthCost(r.app, 'first', 'cpuMs')));
      const lastPerRound = rounds.map((r) => tenthCost(r.app, 'last', 'cpuMs'));
      const last = median(lastPerRound);
      const lastByClock = median(rounds.map((r) => tenthCost(r.app, 'last')));
      const lastLayout = median(rounds.map((r) => tenthCost(r.app, 'last', 'layoutMs')));
      const lastLayoutCpu = median(rounds.map((r) => tenthCost(r.app, 'last', 'layoutCpuMs')));
      const preLast = median(rounds.map((r) => tenthCost(r.pre, 'last')));
      // Each round's cost at the end against the floor measured right after it, on the same page.
      const ratios = lastPerRound.map((cost, index) => cost / floors[index]!.cpuMs);
      const ratio = median(ratios);
      const clockRatios = rounds.map((r, index) => tenthCost(r.app, 'last') / floors[index]!.ms);
      // The floor with its nodes made in the span, each way: against the floor itself, and the app against it.
      const madeInSpan = (way: keyof Floor['makingCpuMs']) => {
        const ms = median(floors.map((f) => f.makingCpuMs[way]));
        const floorRatio = median(floors.map((f) => f.makingCpuMs[way] / f.cpuMs));
        const appRatio = median(lastPerRound.map((cost, index) => cost / floors[index]!.makingCpuMs[way]));
        return `${ms.toFixed(2)} ms (${floorRatio.toFixed(2)}× the floor; the app ${appRatio.toFixed(2)}× that)`;
      };
      const appTotal = median(rounds.map((r) => r.app.endedAt - r.app.startedAt));
      const preTotal = median(rounds.map((r) => r.pre.endedAt - r.pre.startedAt));
      const longTasks = rounds.flatMap((r) => r.app.longTasks);
      const over50 = longTasks.filter((t) => t.duration > 50);
      const longest = Math.max(0, ...longTasks.map((t) => t.duration));
      const rate = median(
        rounds.map(
          (r) =>
            r.app.updates.reduce((sum, u) => sum + u.events, 0) / ((r.app.endedAt - r.app.startedAt) / 1000),
        ),
      );
      const updates = median(rounds.map((r) => r.app.updates.length));
      const openLongest = Math.max(...rounds.map((r) => r.open.longestMs));
      const openLongestCpu = Math.max(...rounds.map((r) => r.open.longestCpuMs));
      const traced = rounds.flatMap((r) => r.traced);
      const overByCpu = traced.filter((t) => t.cpuMs >= 50).length;
      const firstScreen = median(rounds.map((r) => r.open.firstScreenMs));
      const [one, five] = loadavg();
      const load = `load average ${one!.toFixed(2)} / ${five!.toFixed(2)} on ${cpus().length} cores`;
      const rows: Row[] = [
        {
          metric: 'stream rate into the page',
          value: rate,
          unit: 'events/s',
          target: { op: '>=', limit: 2000 },
          detail: `${shape.characters} characters in ${shape.deltas} deltas; ${updates} updates (batches) per reply; ${load}`,
        },
        { metric: 'render per update, first 10%, CPU time', value: first, unit: 'ms' },
        {
          metric: 'render per update, last 10%, CPU time',
          value: last,
          unit: 'ms',
          detail: `of which style and layout ${lastLayoutCpu.toFixed(2)} ms; by the clock ${lastByClock.toFixed(2)} ms, of which style and layout ${lastLayout.toFixed(2)} ms; the same probe on the plain <pre> ${preLast.toFixed(2)} ms`,
        },
        {
          metric: 'render per update at the end / browser floor',
          value: ratio,
          unit: '× floor',
          target: { op: '<=', limit: MAX_RATIO_TO_FLOOR },
          detail: `per round (last 10% / floor, same run, CPU time): ${lastPerRound.map((cost, index) => `${cost.toFixed(2)}/${floors[index]!.cpuMs.toFixed(2)} = ${ratios[index]!.toFixed(2)}`).join(', ')}; by the clock: ${clockRatios.map((r) => r.toFixed(2)).join(', ')}`,
        },
        {
          metric: 'browser alone per update (floor), CPU time',
          value: floor,
          unit: 'ms',
          detail: `by the clock ${floorByClock.toFixed(2)} ms; style and layout of the blocks of the reply's last tenth, cloned ${Math.round(charactersPerUpdate)} characters at a time into a bare container, no script (median of 60 per round); with the nodes made in the span by cloning ${madeInSpan('clone')}, by script from a ready tree ${madeInSpan('script')}, by the HTML parser ${madeInSpan('html')}`,
        },
        { metric: 'growth last/first', value: last / first, unit: '×', target: { op: '<=', limit: 1.5 } },
        {
          metric: 'tasks of 50 ms CPU time or more while streaming',
          value: overByCpu,
          unit: 'tasks',
          target: { op: '<=', limit: 0 },
          detail: `longest task's CPU time ${longestCpuMs(traced).toFixed(1)} ms; by the clock (main-thread-trace.ts says why both) ${over50.length} tasks over 50 ms, the longest ${longest.toFixed(0)} ms (all ${ROUNDS} rounds)`,
        },
        {
          metric: 'total time vs plain <pre>',
          value: appTotal / preTotal,
          unit: '×',
          target: { op: '<=', limit: 2 },
          detail: `app ${appTotal.toFixed(0)} ms, <pre> ${preTotal.toFixed(0)} ms (median per reply)`,
        },
        {
          metric: 'DOM nodes of the streamed reply',
          value: nodes ?? 0,
          unit: 'nodes',
          detail: "under the reply's markdown, counted at its end",
        },
        { metric: 'JS heap after the replies', value: median(rounds.map((r) => r.heap)), unit: 'MB' },
        {
          metric: 'open saved 200 KB reply: longest task, CPU time',
          value: openLongestCpu,
          unit: 'ms',
          target: { op: '<', limit: 100 },
          detail: `by the clock ${openLongest.toFixed(0)} ms; first screen ${firstScreen.toFixed(0)} ms after the click (median)`,
        },
      ];
      await cdp.detach();
      return rows;
    } finally {
      await close();
    }
  },
};

export default section;
