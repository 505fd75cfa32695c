// (e) Long-stream rendering: a ~200 KB markdown reply (tables, ~200 code blocks) streamed at ≥ 2,000
// deltas per second through the real app: a paced gateway (child process) → main's gateway client and
// stream manager (batching as in the app) → the test bridge → the Playground's markdown view.
// Measured in the page, per update (one delivered batch): from the batch's arrival, through the store
// update, React's render and commit, to a forced layout. Compared in the same run with appending the same
// stream to a plain <pre>. Then the saved conversation is opened again after a reload.

import { cpus, loadavg } from 'node:os';
import type { CDPSession, Page } from '@playwright/test';
import { DEFAULT_BATCH_INTERVAL_MS } from '../../src-main/ipc/stream-manager.ts';
import { openApp } from '../support/app-page.ts';
import { startChild } from '../support/child.ts';
import { deltasOf, longMarkdownReply } from '../support/markdown-reply.ts';
import { type BenchSection, median, type Row } from '../types.ts';

const DELTAS_PER_SECOND = 2500;
const DELTA_CHARACTERS = 12;
const ROUNDS = 3;

const COMPOSER = '[data-testid="composer-input"]';
const REPLY = '[data-testid="reply"]';
const REPLY_DONE = `${REPLY}[data-state="done"]`;

interface StreamProbe {
  /**
   * Per delivered batch of the watched stream: ms spent in all, of which in the forced style and layout,
   * and the text length after it.
   */
  updates: Array<{ ms: number; layoutMs: number; length: number; events: number }>;
  startedAt: number;
  endedAt: number;
  longTasks: LongTask[];
}

/** One delivered batch as the page probe saw it (types only: the page functions below are serialised). */
interface ProbedBatch {
  id: string;
  /** `performance.now()` when the batch arrived. */
  at: number;
  /** From arrival to the end of the forced layout. */
  ms: number;
  /** Of which the forced style and layout. */
  layoutMs: number;
  chars: number;
  events: number;
}

interface LongTask {
  start: number;
  duration: number;
}

/** What the probe keeps on `window`. */
interface ProbeWindow {
  __benchProbe: { state: { arrivedAt: number; batches: ProbedBatch[] }; longTasks: LongTask[] };
}

/**
 * Installed before the app's scripts: a first `stream.batch` listener (before the app's own) stamps the
 * arrival of each batch. A second listener, added after the app's, queues a microtask that runs after
 * React's own flush (React schedules its sync work in a microtask during the app's listener), forces
 * layout and records the time spent.
 */
function installProbe(): void {
  type Win = Window & {
    __benchProbe?: unknown;
    gatewayStudio?: { on(e: string, f: (p: unknown) => void): void };
  };
  const win = window as Win;
  const longTasks: LongTask[] = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const state: ProbeWindow['__benchProbe']['state'] = { arrivedAt: 0, batches: [] };
  win.gatewayStudio?.on('stream.batch', () => {
    state.arrivedAt = performance.now();
  });
  win.__benchProbe = { state, longTasks };
}

function installLateListener(): void {
  type Batch = { streamId: string; events: Array<{ type: string; text?: string }> };
  const win = window as unknown as ProbeWindow & {
    gatewayStudio: { on(e: string, f: (p: Batch) => void): void };
  };
  const { state } = win.__benchProbe;
  win.gatewayStudio.on('stream.batch', (batch) => {
    const arrivedAt = state.arrivedAt;
    let chars = 0;
    for (const event of batch.events) if (event.type === 'text-delta') chars += event.text?.length ?? 0;
    queueMicrotask(() => {
      const committed = performance.now();
      void document.body.offsetHeight;
      const now = performance.now();
      state.batches.push({
        id: batch.streamId,
        at: arrivedAt,
        ms: now - arrivedAt,
        layoutMs: now - committed,
        chars,
        events: batch.events.length,
      });
    });
  });
}

/** What the page saw of one stream: its batches (as probed) and every long task so far. */
interface SeenStream {
  batches: ProbedBatch[];
  longTasks: LongTask[];
}

/** Per-update costs with the text length reached, the stream's span, and the long tasks within it. */
function probeOf({ batches, longTasks }: SeenStream): StreamProbe {
  let length = 0;
  const updates = batches.map((b) => {
    length += b.chars;
    return { ms: b.ms, layoutMs: b.layoutMs, length, events: b.events };
  });
  const startedAt = batches[0]?.at ?? 0;
  const last = batches.at(-1);
  const endedAt = last ? last.at + last.ms : 0;
  return {
    updates,
    startedAt,
    endedAt,
    longTasks: longTasks.filter((t) => t.start >= startedAt && t.start <= endedAt),
  };
}

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

/** The app: the prompt typed in the Playground's composer, the reply rendered by its markdown view. */
async function streamIntoApp(page: Page): Promise<StreamProbe> {
  const before = await page.evaluate(
    () => (window as unknown as ProbeWindow).__benchProbe.state.batches.length,
  );
  const replies = await page.locator(REPLY).count();
  await page.locator(COMPOSER).fill('Write the long answer.');
  await page.locator(COMPOSER).press('Enter');
  await page.locator(REPLY).nth(replies).waitFor();
  await page.locator(REPLY_DONE).nth(replies).waitFor({ timeout: 120_000 });
  await page.waitForTimeout(100);
  const seen = await page.evaluate((skip) => {
    const win = window as unknown as ProbeWindow;
    const fresh = win.__benchProbe.state.batches.slice(skip);
    // The stream of this reply: the one that carried the most text since the prompt was sent.
    const byStream = new Map<string, number>();
    for (const b of fresh) byStream.set(b.id, (byStream.get(b.id) ?? 0) + b.chars);
    const streamId = [...byStream].sort((a, b) => b[1] - a[1])[0]?.[0];
    return { batches: fresh.filter((b) => b.id === streamId), longTasks: win.__benchProbe.longTasks };
  }, before);
  return probeOf(seen);
}

/**
 * Median cost per update over the batches in the first or last tenth of the reply's text: in all, or only
 * the forced style and layout at the end of it.
 */
function tenthCost(probe: StreamProbe, which: 'first' | 'last', part: 'ms' | 'layoutMs' = 'ms'): number {
  const total = probe.updates.at(-1)?.length ?? 0;
  const picked = probe.updates.filter((u) =>
    which === 'first' ? u.length <= total * 0.1 : u.length >= total * 0.9,
  );
  return median(picked.map((u) => u[part]));
}

/**
 * What the browser alone needs per update: the blocks the app rendered for the reply, cloned and appended
 * to a bare container outside the app (with the reply's styles), about one update's worth of text one frame
 * apart, then style and layout forced. No script of ours runs: a renderer making this DOM cannot cost less
 * per update on this machine. Returns the median ms over `updates` updates.
 */
async function browserFloor(page: Page, characters: number, updates: number): Promise<number> {
  return page.evaluate(
    async ({ characters, updates }) => {
      const replies = document.querySelectorAll('[data-testid="reply"]');
      const blocks = Array.from(replies[replies.length - 1]?.querySelectorAll('.markdown-group > *') ?? []);
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
      for (let update = 0; update < updates && next < blocks.length; update++) {
        const clones: Node[] = [];
        for (let length = 0; length < characters && next < blocks.length; next++) {
          const block = blocks[next]!;
          length += block.textContent?.length ?? 0;
          clones.push(block.cloneNode(true));
        }
        const started = performance.now();
        host.append(...clones);
        void document.body.offsetHeight;
        costs.push(performance.now() - started);
        scroller.scrollTop = scroller.scrollHeight;
        await frame();
      }
      scroller.remove();
      costs.sort((a, b) => a - b);
      return costs[costs.length >> 1] ?? 0;
    },
    { characters, updates },
  );
}

async function heapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return usedSize / 1024 / 1024;
}

/** Reload, open the saved conversation from the list, and watch the long tasks until it has settled. */
async function openSaved(page: Page): Promise<{ longestMs: number; firstScreenMs: number }> {
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
  await row.click();
  await page.locator(`${REPLY} h2`).first().waitFor();
  const shownAt = await page.evaluate(() => performance.now());
  await page.waitForTimeout(2000);
  const longest = await page.evaluate(() =>
    Math.max(0, ...(window as unknown as ProbeWindow).__benchProbe.longTasks.map((t) => t.duration)),
  );
  return { longestMs: longest, firstScreenMs: shownAt - clickedAt };
}

const section: BenchSection = {
  name: 'long-stream',
  description: `~200 KB markdown reply at ${DELTAS_PER_SECOND.toLocaleString('en-US')} deltas/s through main and the bridge into the Playground, vs a plain <pre> (median of ${ROUNDS} rounds)`,
  async run() {
    const server = await startChild('paced-sse-server.ts', [
      String(DELTAS_PER_SECOND),
      String(DELTA_CHARACTERS),
    ]);
    const reply = longMarkdownReply();
    const shape = { characters: reply.length, deltas: deltasOf(reply, DELTA_CHARACTERS).length };
    const opened = await openApp({
      gateway: { baseUrl: server.firstLine, apiKey: 'sk-bench-long-stream' },
      // Batched as main batches in the app.
      batchIntervalMs: DEFAULT_BATCH_INTERVAL_MS,
    });
    const { page, app } = opened;
    try {
      await page.addInitScript(installProbe);
      await app.reload();
      await page.evaluate(installLateListener);
      await page.getByRole('button', { name: 'Playground' }).click();
      await page.locator(COMPOSER).waitFor();
      const cdp = await page.context().newCDPSession(page);

      const rounds: Array<{
        app: StreamProbe;
        pre: StreamProbe;
        heap: number;
        open: { longestMs: number; firstScreenMs: number };
      }> = [];
      const floors: Array<{ ms: number; charactersPerUpdate: number }> = [];
      for (let round = 0; round < ROUNDS; round++) {
        // Alternate the order, so neither side always runs on a warmer (or more tired) page.
        let pre: StreamProbe;
        let appProbe: StreamProbe;
        if (round % 2 === 0) {
          pre = await streamIntoPre(page);
          appProbe = await streamIntoApp(page);
        } else {
          appProbe = await streamIntoApp(page);
          pre = await streamIntoPre(page);
        }
        const heap = await heapMb(cdp);
        const open = await openSaved(page);
        // The saved reply is on screen now: its blocks are what the browser-alone floor appends.
        const charactersPerUpdate = shape.characters / appProbe.updates.length;
        floors.push({ ms: await browserFloor(page, charactersPerUpdate, 60), charactersPerUpdate });
        // A fresh chat for the next round, so each round streams into an empty conversation.
        await page.keyboard.press('Control+n');
        rounds.push({ app: appProbe, pre, heap, open });
      }
      const floor = median(floors.map((f) => f.ms));
      const charactersPerUpdate = median(floors.map((f) => f.charactersPerUpdate));

      const first = median(rounds.map((r) => tenthCost(r.app, 'first')));
      const last = median(rounds.map((r) => tenthCost(r.app, 'last')));
      const lastLayout = median(rounds.map((r) => tenthCost(r.app, 'last', 'layoutMs')));
      const preLast = median(rounds.map((r) => tenthCost(r.pre, 'last')));
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
        { metric: 'render per update, first 10%', value: first, unit: 'ms' },
        {
          metric: 'render per update, last 10%',
          value: last,
          unit: 'ms',
          target: { op: '<=', limit: 2 },
          detail: `of which style and layout ${lastLayout.toFixed(2)} ms; the same probe on the plain <pre> ${preLast.toFixed(2)} ms`,
        },
        {
          metric: 'browser alone per update (floor)',
          value: floor,
          unit: 'ms',
          detail: `style and layout of the reply's own blocks, cloned ${Math.round(charactersPerUpdate)} characters at a time into a bare container, no script (median of 60 per round)`,
        },
        { metric: 'growth last/first', value: last / first, unit: '×', target: { op: '<=', limit: 1.5 } },
        {
          metric: 'long tasks over 50 ms',
          value: over50.length,
          unit: 'tasks',
          target: { op: '<=', limit: 0 },
          detail: `longest task while streaming ${longest.toFixed(0)} ms (all ${ROUNDS} rounds)`,
        },
        {
          metric: 'total time vs plain <pre>',
          value: appTotal / preTotal,
          unit: '×',
          target: { op: '<=', limit: 2 },
          detail: `app ${appTotal.toFixed(0)} ms, <pre> ${preTotal.toFixed(0)} ms (median per reply)`,
        },
        { metric: 'JS heap after the replies', value: median(rounds.map((r) => r.heap)), unit: 'MB' },
        {
          metric: 'open saved 200 KB reply: longest task',
          value: openLongest,
          unit: 'ms',
          target: { op: '<', limit: 100 },
          detail: `first screen ${firstScreen.toFixed(0)} ms after the click (median)`,
        },
      ];
      await cdp.detach();
      return rows;
    } finally {
      await opened.close();
      await server.stop();
    }
  },
};

export default section;
