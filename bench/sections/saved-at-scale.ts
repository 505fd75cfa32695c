// Issue 19: years of use. Conversations planted through the store's own save function (~20 turns each,
// English with some accented words and Chinese; test/support/saved-at-scale.ts), 100 and then 5,000, and
// for each count: start to the list on screen, the click that opens the Playground to its list (and main's
// part: the same `conversations.list` call timed in main), a search (from the request after the debounce
// to its results on screen, and main's part), opening one, scrolling to the end of the list, the longest
// main-thread task (CPU time, bench/support/main-thread-trace.ts), the page's DOM elements, and main's
// memory beside an empty app. The growth from 100 to 5,000 is printed as a log-log slope.
// The transcript history (5–30-minute transcripts with their segments) and the speech history (clips with
// their audio), planted through their own stores, get the same rows: the click that shows the list, main's
// part, a search (the transcript history's box; the speech history is searched in main only, it has no
// box), opening one, the scroll to the end, the longest task, the DOM and main's memory, and the growth.
// `GS_SAVED_STORES=transcripts,clips` measures only those (default: all three).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Page } from '@playwright/test';
import { startFakeGateway } from '../../test/fake-gateway/server.ts';
import { copyPlanted, type PlantedStore, plantedDataFolder } from '../../test/support/saved-at-scale.ts';
import { openApp } from '../support/app-page.ts';
import { longestCpuMs, type TracedTask, traceMainThread } from '../support/main-thread-trace.ts';
import { type BenchSection, median, type Row } from '../types.ts';

const COUNTS = [100, 5_000] as const;
const BIG = 5_000;
const ROUNDS = Number(process.env.GS_ROUNDS ?? 3);
/** The list's search waits this long after the last key (src-renderer/src/actions/playground.ts). */
const SEARCH_DELAY_MS = 250;
/** The transcript history's search waits this long (src-renderer/src/actions/transcripts.ts). */
const TRANSCRIPT_SEARCH_DELAY_MS = 200;
const SEARCHES = ['latency budget', 'jalapeno', '烤鸭', 'marker4321'];

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
/** Main's resident memory once garbage is collected (main's IPC layer runs in this process). */
function mainRssMb(): number {
  collect();
  collect();
  return process.memoryUsage().rss / (1024 * 1024);
}

interface Figures {
  startToListMs: number;
  clickToListMs: number;
  mainListMs: number;
  searchMs: number;
  mainSearchMs: number;
  openMs: number;
  scrollMs: number;
  scrollFrames: number;
  domElements: number;
  domElementsMost: number;
  rowsMost: number;
  tasks: TracedTask[];
  rssMb: number;
}

/** Waits in the page until the list's first row shows `title` and its total is `total`, then one frame. */
async function listShows(page: Page, title: string, total: number): Promise<void> {
  await page.waitForFunction(
    ({ title, total }) => {
      const list = document.querySelector<HTMLElement>('[data-testid="conversation-rows"]');
      const first = list?.querySelector('[data-testid="conversation-title-in-list"]');
      return list?.dataset.total === String(total) && first?.textContent === title;
    },
    { title, total },
    { polling: 'raf', timeout: 60_000 },
  );
}

async function measure(count: number, empty: boolean): Promise<Figures> {
  const gateway = await startFakeGateway();
  const planted = empty ? null : await plantedDataFolder(count);
  let startedAt = 0;
  const opened = await openApp({
    gateway: { baseUrl: gateway.baseUrl, apiKey: gateway.apiKey },
    prepareDataDir: (dataDir) => {
      if (planted) copyPlanted(planted, dataDir);
      startedAt = performance.now();
    },
  });
  const { app, page } = opened;
  try {
    if (empty) {
      await page.getByTestId('nav-playground').click();
      await page.getByTestId('conversations-empty').waitFor();
      const rssMb = mainRssMb();
      return { rssMb } as Figures;
    }
    const newest = (await app.ok('conversations.list', { limit: 1 })).conversations[0]!;
    // Main's part of a list: the call the page makes, timed in main (median of a few).
    const mainList: number[] = [];
    for (let i = 0; i < 5; i++) {
      const at = performance.now();
      await app.ok('conversations.list', { limit: 100 });
      mainList.push(performance.now() - at);
    }

    // The click that opens the Playground, to its list on screen (the first list of this start).
    const { result: clicked, tasks: clickTasks } = await traceMainThread(page, async () => {
      const at = performance.now();
      await page.getByTestId('nav-playground').click();
      await listShows(page, newest.title, count);
      return performance.now() - at;
    });
    const startToListMs = performance.now() - startedAt;
    const domElements = await page.evaluate(() => document.getElementsByTagName('*').length);

    // Searches: from the request (the debounce over) to the results on screen.
    const search: number[] = [];
    const mainSearch: number[] = [];
    const { tasks: searchTasks } = await traceMainThread(page, async () => {
      for (const query of SEARCHES) {
        const at = performance.now();
        const found = await app.ok('conversations.list', { query, limit: 100 });
        mainSearch.push(performance.now() - at);
        const first = found.conversations[0]?.title ?? '';
        const typedAt = performance.now();
        await page.getByTestId('conversation-search').fill(query);
        if (found.total > 0) await listShows(page, first, found.total);
        else await page.getByTestId('conversations-empty').waitFor();
        search.push(performance.now() - typedAt - SEARCH_DELAY_MS);
      }
      await page.getByTestId('conversation-search').fill('');
      await listShows(page, newest.title, count);
    });

    // Scroll to the end: pages arrive as it goes.
    const { result: scrolled, tasks: scrollTasks } = await traceMainThread(page, () =>
      page.evaluate(async () => {
        const scroller = document.querySelector<HTMLElement>('.pg-list__scroller')!;
        const list = document.querySelector<HTMLElement>('[data-testid="conversation-rows"]')!;
        const startedAt = performance.now();
        let frames = 0;
        let rowsMost = 0;
        let domMost = 0;
        for (; frames < 20_000; frames++) {
          scroller.scrollTop += Math.round(scroller.clientHeight * 0.8);
          await new Promise((resolve) => requestAnimationFrame(resolve));
          rowsMost = Math.max(rowsMost, list.querySelectorAll('[data-testid="conversation-item"]').length);
          domMost = Math.max(domMost, document.getElementsByTagName('*').length);
          const atEnd = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
          if (atEnd && list.dataset.loaded === list.dataset.total) break;
        }
        return { ms: performance.now() - startedAt, frames, rowsMost, domMost };
      }),
    );

    // Open the last one: from the click to its replies on screen.
    const { result: openMs, tasks: openTasks } = await traceMainThread(page, async () => {
      const row = page.getByTestId('conversation-item').last();
      const at = performance.now();
      await row.locator('.pg-row__main').click();
      await page.getByTestId('reply').nth(9).waitFor();
      return performance.now() - at;
    });

    return {
      startToListMs,
      clickToListMs: clicked,
      mainListMs: median(mainList),
      searchMs: median(search),
      mainSearchMs: median(mainSearch),
      openMs,
      scrollMs: scrolled.ms,
      scrollFrames: scrolled.frames,
      domElements,
      domElementsMost: scrolled.domMost,
      rowsMost: scrolled.rowsMost,
      tasks: [...clickTasks, ...searchTasks, ...scrollTasks, ...openTasks],
      rssMb: mainRssMb(),
    };
  } finally {
    await opened.close();
    await gateway.close();
  }
}

/** How a history list is found, searched and opened in the page. */
interface HistoryList {
  store: Exclude<PlantedStore, 'conversations'>;
  label: string;
  /** Clicks that show the list. */
  show(page: Page): Promise<void>;
  list: string;
  row: string;
  /** Inside a row: the text that names it. */
  title: string;
  /** Inside a row: what opens it. */
  open: string;
  scroller: string;
  empty: string;
  /** The search box, if the list has one. */
  search?: string;
  searches: string[];
  /** The first page and the total as main answers (the call the page makes). */
  ask(
    app: OpenedApp,
    request: { query?: string; offset?: number; limit?: number },
  ): Promise<{ titles: string[]; total: number }>;
  /** Waits until what opened is on screen. */
  opened(page: Page, title: string): Promise<void>;
}

type OpenedApp = Awaited<ReturnType<typeof openApp>>['app'];

const HISTORIES: HistoryList[] = [
  {
    store: 'transcripts',
    label: 'transcripts',
    async show(page) {
      await page.getByTestId('nav-transcribe').click();
      await page.getByTestId('transcribe-tab-history').click();
    },
    list: '[data-testid="history-list"]',
    row: '[data-testid="history-item"]',
    title: '.history-item__name',
    open: '.history-item__open',
    scroller: '.transcribe-layout__aside',
    empty: '[data-testid="history-empty"]',
    search: 'history-search',
    searches: ['budget meeting', 'jalapeno', '天气', 'marker4321'],
    async ask(app, request) {
      const { transcripts, total } = await app.ok('transcripts.list', request);
      return { titles: transcripts.map((t) => t.name), total };
    },
    async opened(page, title) {
      await page.getByTestId('transcript-title').filter({ hasText: title }).waitFor();
      await page.getByTestId('transcript-segment').first().waitFor();
    },
  },
  {
    store: 'clips',
    label: 'speech clips',
    async show(page) {
      await page.getByTestId('nav-speak').click();
    },
    list: '[data-testid="speak-history-list"]',
    row: '[data-testid="speak-history-item"]',
    title: '.speak-history-item__preview',
    open: '.speak-history-item__open',
    scroller: '.shell__content',
    empty: '[data-testid="speak-history-empty"]',
    searches: ['budget meeting', 'jalapeno', '天气', 'marker4321'],
    async ask(app, request) {
      const { entries, total } = await app.ok('speech.list', request);
      return { titles: entries.map((e) => e.preview), total };
    },
    async opened(page) {
      await page.getByTestId('speak-clip').waitFor();
    },
  },
];

/** Waits in the page until a history list's first row shows `title` and its total is `total`. */
async function historyShows(page: Page, list: HistoryList, title: string, total: number): Promise<void> {
  await page.waitForFunction(
    ({ selector, row, titleIn, title, total }) => {
      const shown = document.querySelector<HTMLElement>(selector);
      const first = shown?.querySelector(`${row} ${titleIn}`);
      return shown?.dataset.total === String(total) && first?.textContent === title;
    },
    { selector: list.list, row: list.row, titleIn: list.title, title, total },
    { polling: 'raf', timeout: 60_000 },
  );
}

async function measureHistory(list: HistoryList, count: number, empty: boolean): Promise<Figures> {
  const gateway = await startFakeGateway();
  const planted = empty ? null : await plantedDataFolder(count, list.store);
  let startedAt = 0;
  const opened = await openApp({
    gateway: { baseUrl: gateway.baseUrl, apiKey: gateway.apiKey },
    prepareDataDir: (dataDir) => {
      if (planted) copyPlanted(planted, dataDir, list.store);
      startedAt = performance.now();
    },
  });
  const { app, page } = opened;
  try {
    if (empty) {
      await list.show(page);
      await page.locator(list.empty).waitFor();
      return { rssMb: mainRssMb() } as Figures;
    }
    const newest = (await list.ask(app, { limit: 1 })).titles[0]!;
    const mainList: number[] = [];
    for (let i = 0; i < 5; i++) {
      const at = performance.now();
      await list.ask(app, { limit: 100 });
      mainList.push(performance.now() - at);
    }
    const { result: clicked, tasks: clickTasks } = await traceMainThread(page, async () => {
      const at = performance.now();
      await list.show(page);
      await historyShows(page, list, newest, count);
      return performance.now() - at;
    });
    const startToListMs = performance.now() - startedAt;
    const domElements = await page.evaluate(() => document.getElementsByTagName('*').length);

    const search: number[] = [];
    const mainSearch: number[] = [];
    const { tasks: searchTasks } = await traceMainThread(page, async () => {
      for (const query of list.searches) {
        const at = performance.now();
        const found = await list.ask(app, { query, limit: 100 });
        mainSearch.push(performance.now() - at);
        if (!list.search) continue;
        const typedAt = performance.now();
        await page.getByTestId(list.search).fill(query);
        if (found.total > 0) await historyShows(page, list, found.titles[0]!, found.total);
        else await page.locator(list.empty).waitFor();
        search.push(performance.now() - typedAt - TRANSCRIPT_SEARCH_DELAY_MS);
      }
      if (list.search) {
        await page.getByTestId(list.search).fill('');
        await historyShows(page, list, newest, count);
      }
    });

    const { result: scrolled, tasks: scrollTasks } = await traceMainThread(page, () =>
      page.evaluate(
        async ({ scrollerIn, listIn, rowIn }) => {
          const scroller = document.querySelector<HTMLElement>(scrollerIn)!;
          const shown = document.querySelector<HTMLElement>(listIn)!;
          const startedAt = performance.now();
          let frames = 0;
          let rowsMost = 0;
          let domMost = 0;
          for (; frames < 20_000; frames++) {
            scroller.scrollTop += Math.round(scroller.clientHeight * 0.8);
            await new Promise((resolve) => requestAnimationFrame(resolve));
            rowsMost = Math.max(rowsMost, shown.querySelectorAll(rowIn).length);
            domMost = Math.max(domMost, document.getElementsByTagName('*').length);
            const atEnd = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
            if (atEnd && shown.dataset.loaded === shown.dataset.total) break;
          }
          return { ms: performance.now() - startedAt, frames, rowsMost, domMost };
        },
        { scrollerIn: list.scroller, listIn: list.list, rowIn: list.row },
      ),
    );

    const oldest = (await list.ask(app, { offset: count - 1, limit: 1 })).titles[0]!;
    const { result: openMs, tasks: openTasks } = await traceMainThread(page, async () => {
      const row = page.locator(list.row).last();
      const at = performance.now();
      await row.locator(list.open).click();
      await list.opened(page, oldest);
      return performance.now() - at;
    });

    return {
      startToListMs,
      clickToListMs: clicked,
      mainListMs: median(mainList),
      searchMs: search.length > 0 ? median(search) : Number.NaN,
      mainSearchMs: median(mainSearch),
      openMs,
      scrollMs: scrolled.ms,
      scrollFrames: scrolled.frames,
      domElements,
      domElementsMost: scrolled.domMost,
      rowsMost: scrolled.rowsMost,
      tasks: [...clickTasks, ...searchTasks, ...scrollTasks, ...openTasks],
      rssMb: mainRssMb(),
    };
  } finally {
    await opened.close();
    await gateway.close();
  }
}

/** The median figures of some rounds. */
function medianFigures(rounds: Figures[]): Figures {
  const mid = (pick: (f: Figures) => number) => median(rounds.map(pick));
  return {
    startToListMs: mid((f) => f.startToListMs),
    clickToListMs: mid((f) => f.clickToListMs),
    mainListMs: mid((f) => f.mainListMs),
    searchMs: mid((f) => f.searchMs),
    mainSearchMs: mid((f) => f.mainSearchMs),
    openMs: mid((f) => f.openMs),
    scrollMs: mid((f) => f.scrollMs),
    scrollFrames: mid((f) => f.scrollFrames),
    domElements: Math.max(...rounds.map((f) => f.domElements)),
    domElementsMost: Math.max(...rounds.map((f) => f.domElementsMost)),
    rowsMost: Math.max(...rounds.map((f) => f.rowsMost)),
    tasks: rounds.flatMap((f) => f.tasks),
    rssMb: Math.max(...rounds.map((f) => f.rssMb)),
  };
}

/** The rows of one history list: each count's figures against the targets, then the growth. */
function historyRows(list: HistoryList, byCount: Map<number, Figures>, emptyRss: number): Row[] {
  const rows: Row[] = [];
  for (const count of COUNTS) {
    const f = byCount.get(count)!;
    const at = `${count.toLocaleString('en-US')} ${list.label}`;
    const isBig = count === BIG;
    const target = (op: '<=' | '<', limit: number) => (isBig ? { target: { op, limit } } : {});
    rows.push(
      { metric: `${at}: click → list on screen`, value: f.clickToListMs, unit: 'ms', ...target('<=', 150) },
      {
        metric: `${at}: main's part of a list (one page)`,
        value: f.mainListMs,
        unit: 'ms',
        ...target('<=', 30),
      },
      list.search
        ? {
            metric: `${at}: search, request → results on screen`,
            value: f.searchMs,
            unit: 'ms',
            ...target('<=', 100),
            detail: `median of ${list.searches.map((q) => `“${q}”`).join(', ')}; main's part ${f.mainSearchMs.toFixed(1)} ms`,
          }
        : {
            metric: `${at}: search in main (the list has no search box)`,
            value: f.mainSearchMs,
            unit: 'ms',
            ...target('<=', 100),
            detail: `median of ${list.searches.map((q) => `“${q}”`).join(', ')}`,
          },
      { metric: `${at}: open one`, value: f.openMs, unit: 'ms', ...target('<=', 100) },
      {
        metric: `${at}: scroll to the end`,
        value: f.scrollMs,
        unit: 'ms',
        detail: `${f.scrollFrames} frames; at most ${f.rowsMost} rows in the page`,
      },
      {
        metric: `${at}: longest main-thread task (CPU time)`,
        value: longestCpuMs(f.tasks),
        unit: 'ms',
        ...target('<', 50),
        detail: 'click to list, searches, scroll to the end, open one',
      },
      {
        metric: `${at}: DOM elements (most while scrolling)`,
        value: Math.max(f.domElements, f.domElementsMost),
        unit: 'elements',
        ...target('<', 3_000),
        detail: `${f.domElements} with the list shown`,
      },
      {
        metric: `${at}: main RSS beyond an empty app`,
        value: f.rssMb - emptyRss,
        unit: 'MB',
        ...target('<=', 50),
        detail: `main (this process, after a collection) ${f.rssMb.toFixed(0)} MB; empty app ${emptyRss.toFixed(0)} MB; an upper bound (runs share this process)`,
      },
    );
  }
  const small = byCount.get(COUNTS[0])!;
  const big = byCount.get(BIG)!;
  const growth = (what: string, a: number, b: number): Row => ({
    metric: `${list.label} growth ${COUNTS[0]} → ${BIG}: ${what} (log-log slope)`,
    value: slope(a, b),
    unit: '',
    target: { op: '<=', limit: 0.3 },
  });
  rows.push(
    growth("main's part of a list", small.mainListMs, big.mainListMs),
    growth('click → list', small.clickToListMs, big.clickToListMs),
    list.search
      ? growth('search', small.searchMs, big.searchMs)
      : growth('search in main', small.mainSearchMs, big.mainSearchMs),
  );
  return rows;
}

/** Which stores to measure (`GS_SAVED_STORES`, comma-separated; default all). */
const STORES = new Set(
  (process.env.GS_SAVED_STORES ?? 'conversations,transcripts,clips').split(',').map((name) => name.trim()),
);

const slope = (small: number, big: number) => Math.log(big / small) / Math.log(BIG / COUNTS[0]);

const section: BenchSection = {
  name: 'saved-at-scale',
  description: `saved conversations, transcripts and speech clips at scale: ${COUNTS.join(' and ')} planted, listed, searched, scrolled, opened (median of ${ROUNDS})`,
  async run() {
    const rows: Row[] = [];
    if (STORES.has('conversations')) rows.push(...(await conversationRows()));
    for (const list of HISTORIES) {
      if (!STORES.has(list.store)) continue;
      for (const count of COUNTS) await plantedDataFolder(count, list.store);
      const emptyRss = (await measureHistory(list, 0, true)).rssMb;
      const byCount = new Map<number, Figures>();
      for (const count of COUNTS) {
        const rounds: Figures[] = [];
        for (let round = 0; round < ROUNDS; round++) rounds.push(await measureHistory(list, count, false));
        byCount.set(count, medianFigures(rounds));
      }
      rows.push(...historyRows(list, byCount, emptyRss));
    }
    return rows;
  },
};

/** The conversation list's rows. */
async function conversationRows(): Promise<Row[]> {
  {
    // Planted first (cached in the temp folder between runs), so no run pays for it.
    for (const count of COUNTS) await plantedDataFolder(count);
    const emptyRss = median(await Promise.all([measure(0, true)]).then((all) => all.map((f) => f.rssMb)));
    const byCount = new Map<number, Figures>();
    for (const count of COUNTS) {
      const rounds: Figures[] = [];
      for (let round = 0; round < ROUNDS; round++) rounds.push(await measure(count, false));
      const mid = (pick: (f: Figures) => number) => median(rounds.map(pick));
      byCount.set(count, {
        startToListMs: mid((f) => f.startToListMs),
        clickToListMs: mid((f) => f.clickToListMs),
        mainListMs: mid((f) => f.mainListMs),
        searchMs: mid((f) => f.searchMs),
        mainSearchMs: mid((f) => f.mainSearchMs),
        openMs: mid((f) => f.openMs),
        scrollMs: mid((f) => f.scrollMs),
        scrollFrames: mid((f) => f.scrollFrames),
        domElements: Math.max(...rounds.map((f) => f.domElements)),
        domElementsMost: Math.max(...rounds.map((f) => f.domElementsMost)),
        rowsMost: Math.max(...rounds.map((f) => f.rowsMost)),
        tasks: rounds.flatMap((f) => f.tasks),
        rssMb: Math.max(...rounds.map((f) => f.rssMb)),
      });
    }
    const small = byCount.get(COUNTS[0])!;
    const big = byCount.get(BIG)!;
    const rows: Row[] = [];
    for (const count of COUNTS) {
      const f = byCount.get(count)!;
      const at = `${count.toLocaleString('en-US')} conversations`;
      const isBig = count === BIG;
      rows.push(
        {
          metric: `${at}: start → list on screen`,
          value: f.startToListMs,
          unit: 'ms',
          detail: 'from main starting (data folder ready) to the first rows painted, the Playground opened',
        },
        {
          metric: `${at}: click → list on screen`,
          value: f.clickToListMs,
          unit: 'ms',
          ...(isBig ? { target: { op: '<=', limit: 150 } } : {}),
        },
        {
          metric: `${at}: main's part of a list (one page)`,
          value: f.mainListMs,
          unit: 'ms',
          ...(isBig ? { target: { op: '<=', limit: 30 } } : {}),
        },
        {
          metric: `${at}: search, request → results on screen`,
          value: f.searchMs,
          unit: 'ms',
          ...(isBig ? { target: { op: '<=', limit: 100 } } : {}),
          detail: `median of ${SEARCHES.map((q) => `“${q}”`).join(', ')}; main's part ${f.mainSearchMs.toFixed(1)} ms`,
        },
        {
          metric: `${at}: open one (20 turns)`,
          value: f.openMs,
          unit: 'ms',
          ...(isBig ? { target: { op: '<=', limit: 100 } } : {}),
        },
        {
          metric: `${at}: scroll to the end`,
          value: f.scrollMs,
          unit: 'ms',
          detail: `${f.scrollFrames} frames; at most ${f.rowsMost} rows in the page`,
        },
        {
          metric: `${at}: longest main-thread task (CPU time)`,
          value: longestCpuMs(f.tasks),
          unit: 'ms',
          ...(isBig ? { target: { op: '<', limit: 50 } } : {}),
          detail: 'click to list, searches, scroll to the end, open one',
        },
        {
          metric: `${at}: DOM elements (most while scrolling)`,
          value: Math.max(f.domElements, f.domElementsMost),
          unit: 'elements',
          ...(isBig ? { target: { op: '<', limit: 3_000 } } : {}),
          detail: `${f.domElements} with the list shown`,
        },
        {
          metric: `${at}: main RSS beyond an empty app`,
          value: f.rssMb - emptyRss,
          unit: 'MB',
          ...(isBig ? { target: { op: '<=', limit: 50 } } : {}),
          detail: `main (this process, after a collection) ${f.rssMb.toFixed(0)} MB; empty app ${emptyRss.toFixed(0)} MB. Runs share this process: its RSS only grows, so this is an upper bound`,
        },
      );
    }
    rows.push(
      {
        metric: `growth ${COUNTS[0]} → ${BIG}: main's part of a list (log-log slope)`,
        value: slope(small.mainListMs, big.mainListMs),
        unit: '',
        target: { op: '<=', limit: 0.3 },
      },
      {
        metric: `growth ${COUNTS[0]} → ${BIG}: click → list (log-log slope)`,
        value: slope(small.clickToListMs, big.clickToListMs),
        unit: '',
        target: { op: '<=', limit: 0.3 },
      },
      {
        metric: `growth ${COUNTS[0]} → ${BIG}: search (log-log slope)`,
        value: slope(small.searchMs, big.searchMs),
        unit: '',
        target: { op: '<=', limit: 0.3 },
      },
    );
    return rows;
  }
}

export default section;
