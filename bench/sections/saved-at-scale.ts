// Issue 19: years of use. Each store's items planted through its own save function (conversations of ~20
// turns, 5–30-minute transcripts with their segments, speech clips with their audio; English with some
// accented words and Chinese: test/support/saved-at-scale.ts), 100 and then 5,000, and for each count and
// list: start to the list on screen, the click that shows the list to its rows on screen (and main's part:
// the same list call timed in main), a search (from the request after the debounce to its results on
// screen, and main's part), opening one, scrolling to the end of the list, the longest main-thread task
// (CPU time, bench/support/main-thread-trace.ts), the page's DOM elements, and main's memory with the items
// beside none (the store as main opens it, in a process of its own: bench/support/saved-store-memory.ts). The growth from 100 to 5,000 is printed as a log-log slope. With the conversations, a streamed 4 KB
// reply is timed with 5,000 saved and with none: the list must not make streaming dearer.
//
// The user's actions are timed in the page, from the input event's own time stamp (the click, the key, the
// typed search) to the frame that shows the result: the test driver's way to a click (finding the element,
// waiting for it to be still, the DevTools round trips: 100–300 ms a click here) is not the app's.
// `GS_SAVED_STORES=transcripts,clips` measures only those (default: all three).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Page } from '@playwright/test';
import { startFakeGateway } from '../../test/fake-gateway/server.ts';
import { copyPlanted, type PlantedStore, plantedDataFolder } from '../../test/support/saved-at-scale.ts';
import { openApp } from '../support/app-page.ts';
import { runChild } from '../support/child.ts';
import { longestCpuMs, traceMainThread } from '../support/main-thread-trace.ts';
import { type BenchSection, median, type Row } from '../types.ts';

const COUNTS = [100, 5_000] as const;
const BIG = 5_000;
const ROUNDS = Number(process.env.GS_ROUNDS ?? 3);
/** The streamed reply with and without saved conversations: 4 KB in deltas of 8 characters, 5 ms apart. */
const STREAMED_REPLY = 'The quick brown fox jumps over the lazy dog. '.repeat(92);
const STREAMS_PER_RUN = 2;

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
/** Main's resident memory once garbage is collected (main's IPC layer runs in this process). */
function mainRssMb(): number {
  collect();
  collect();
  return process.memoryUsage().rss / (1024 * 1024);
}

type OpenedApp = Awaited<ReturnType<typeof openApp>>['app'];

/** How a saved list is shown, searched and opened in the page. */
interface SavedList {
  store: PlantedStore;
  /** Plural, for the rows: `5,000 transcripts: …`. */
  label: string;
  /** What is done first, untimed, and let settle (the panel that holds the list opened). */
  before?(page: Page): Promise<void>;
  /** The click that shows the list: the click timed. */
  show(page: Page): Promise<void>;
  /** What the timed click is, for the row's detail. */
  shownBy: string;
  list: string;
  row: string;
  /** Inside a row: the text that names it. */
  title: string;
  /** Inside a row: what opens it. */
  open: string;
  /** What opening one shows: at least `atLeast` of `selector`, and `titled` holding its name if given. */
  opened: { selector: string; atLeast: number; titled?: string };
  openedWhat: string;
  scroller: string;
  empty: string;
  /** The search box and how long it waits after the last key (the list's action module). */
  search: { testId: string; delayMs: number };
  searches: string[];
  /** The first page and the total as main answers (the call the page makes). */
  ask(
    app: OpenedApp,
    request: { query?: string; offset?: number; limit?: number },
  ): Promise<{ titles: string[]; total: number }>;
  /** Whether a streamed reply is timed with this list's items saved (the conversations). */
  streams?: boolean;
}

const LISTS: SavedList[] = [
  {
    store: 'conversations',
    label: 'conversations',
    async show(page) {
      await page.getByTestId('nav-playground').click();
    },
    shownBy: 'the click on Playground (the panel drawn ahead, hidden, at idle)',
    list: '[data-testid="conversation-rows"]',
    row: '[data-testid="conversation-item"]',
    title: '[data-testid="conversation-title-in-list"]',
    open: '.pg-row__main',
    opened: { selector: '[data-testid="reply"]', atLeast: 10 },
    openedWhat: 'its 10 replies on screen',
    scroller: '.pg-list__scroller',
    empty: '[data-testid="conversations-empty"]',
    // src-renderer/src/actions/playground.ts
    search: { testId: 'conversation-search', delayMs: 250 },
    searches: ['latency budget', 'jalapeno', '烤鸭', 'marker4321'],
    async ask(app, request) {
      const { conversations, total } = await app.ok('conversations.list', request);
      return { titles: conversations.map((c) => c.title), total };
    },
    streams: true,
  },
  {
    store: 'transcripts',
    label: 'transcripts',
    async before(page) {
      await page.getByTestId('nav-transcribe').click();
    },
    async show(page) {
      await page.getByTestId('transcribe-tab-history').click();
    },
    shownBy: 'the click on the History tab, Transcribe open (the tab drawn ahead, hidden)',
    list: '[data-testid="history-list"]',
    row: '[data-testid="history-item"]',
    title: '.history-item__name',
    open: '.history-item__open',
    opened: {
      selector: '[data-testid="transcript-segment"]',
      atLeast: 1,
      titled: '[data-testid="transcript-title"]',
    },
    openedWhat: 'its title and first segments on screen',
    scroller: '.transcribe-layout__aside',
    empty: '[data-testid="history-empty"]',
    // src-renderer/src/actions/transcripts.ts
    search: { testId: 'history-search', delayMs: 200 },
    searches: ['budget meeting', 'jalapeno', '天气', 'marker4321'],
    async ask(app, request) {
      const { transcripts, total } = await app.ok('transcripts.list', request);
      return { titles: transcripts.map((t) => t.name), total };
    },
  },
  {
    store: 'clips',
    label: 'speech clips',
    async show(page) {
      await page.getByTestId('nav-speak').click();
    },
    shownBy: 'the click on Speak (the panel drawn ahead, hidden, at idle)',
    list: '[data-testid="speak-history-list"]',
    row: '[data-testid="speak-history-item"]',
    title: '.speak-history-item__preview',
    open: '.speak-history-item__open',
    opened: { selector: '[data-testid="speak-clip"]', atLeast: 1 },
    openedWhat: 'the clip with its player on screen',
    scroller: '.shell__content',
    empty: '[data-testid="speak-history-empty"]',
    // src-renderer/src/actions/speak.ts
    search: { testId: 'speak-history-search', delayMs: 200 },
    searches: ['budget meeting', 'jalapeno', '天气', 'marker4321'],
    async ask(app, request) {
      const { entries, total } = await app.ok('speech.list', request);
      return { titles: entries.map((e) => e.preview), total };
    },
  },
];

interface Figures {
  startToListMs: number;
  clickToListMs: number;
  /** How long the list took to be drawn ahead once asked of main (NaN: not within 10 s). */
  drawnAheadMs: number;
  mainListMs: number;
  searchMs: number;
  mainSearchMs: number;
  openMs: number;
  scrollMs: number;
  scrollFrames: number;
  domElements: number;
  domElementsMost: number;
  rowsMost: number;
  /** The longest task of each phase (CPU time). */
  longest: { click: number; search: number; scroll: number; open: number };
  /** A streamed reply, from the Enter that sends it to its end on screen (lists that stream). */
  streamMs: number;
  rssMb: number;
}

// ─── Timing in the page ──────────────────────────────────────────────────────────────────────────

interface ClockWindow {
  /** The last trusted click, key or typed input: its event's time stamp (the page's clock). */
  __gsInputAt?: number;
  /** When the awaited result was first seen on screen (the page's clock). */
  __gsShownAt?: number;
  /** Set by a watch's first look in the page: it is polling from then on. */
  __gsWatching?: boolean;
}

/**
 * Starts `watch` (a wait that looks each frame) and resolves, with that wait, once its first look has run
 * in the page: an action made after it is timed to the first frame that shows its result. Started after
 * the action, a result on screen within the driver's round trip (~100 ms) was timed to the round trip.
 */
async function watching(page: Page, watch: () => Promise<void>): Promise<{ shown: Promise<void> }> {
  await page.evaluate(() => {
    (window as ClockWindow).__gsWatching = false;
  });
  const shown = watch();
  await page.waitForFunction(() => (window as ClockWindow).__gsWatching === true);
  return { shown };
}

/** Records, in the page, the time of every trusted click, key and typed input from now on. */
async function armInputClock(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as ClockWindow;
    if (w.__gsInputAt !== undefined) return;
    w.__gsInputAt = Number.NaN;
    const note = (event: Event) => {
      if (event.isTrusted) w.__gsInputAt = event.timeStamp;
    };
    for (const type of ['click', 'keydown', 'input']) document.addEventListener(type, note, true);
  });
}

/** Resolves once the page has had a moment with nothing to do (its idle callback, or a second at most). */
const settled = (page: Page): Promise<void> =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 1000 })),
  );

/** From the last input to the frame that showed the result, in the page's clock. */
const inputToShownMs = (page: Page): Promise<number> =>
  page.evaluate(() => {
    const w = window as ClockWindow;
    return (w.__gsShownAt ?? Number.NaN) - (w.__gsInputAt ?? Number.NaN);
  });

/** Waits (each frame) until the list's first row shows `title` and its total is `total`; notes the frame. */
async function listShows(page: Page, list: SavedList, title: string, total: number): Promise<void> {
  await page.waitForFunction(
    ({ selector, row, titleIn, title, total }) => {
      (window as ClockWindow).__gsWatching = true;
      const shown = document.querySelector<HTMLElement>(selector);
      const first = shown?.querySelector(`${row} ${titleIn}`);
      if (shown?.dataset.total !== String(total) || first?.textContent !== title) return false;
      // Drawn is not shown: a panel or tab drawn ahead of its showing is in the page, hidden.
      if (!shown.checkVisibility()) return false;
      (window as ClockWindow).__gsShownAt = performance.now();
      return true;
    },
    { selector: list.list, row: list.row, titleIn: list.title, title, total },
    { polling: 'raf', timeout: 60_000 },
  );
}

/** Waits (each frame) until what opening `title` shows is on screen; notes the frame. */
async function openedShows(page: Page, list: SavedList, title: string): Promise<void> {
  await page.waitForFunction(
    ({ selector, atLeast, titled, title }) => {
      (window as ClockWindow).__gsWatching = true;
      const shown = [...document.querySelectorAll(selector)].filter((element) => element.checkVisibility());
      if (shown.length < atLeast) return false;
      const heading = titled ? document.querySelector(titled) : null;
      if (titled && !(heading?.checkVisibility() && heading.textContent?.includes(title))) return false;
      (window as ClockWindow).__gsShownAt = performance.now();
      return true;
    },
    { ...list.opened, title },
    { polling: 'raf', timeout: 60_000 },
  );
}

/** Sends a prompt in a new chat and times its streamed reply, from the Enter to its end on screen. */
async function streamedReplyMs(page: Page): Promise<number> {
  await page.getByTestId('new-chat').click();
  const before = await page.getByTestId('reply').count();
  await page.getByTestId('composer-input').fill('Tell me about the fox.');
  await page.getByTestId('composer-input').press('Enter');
  await page.waitForFunction(
    (before) => {
      const replies = document.querySelectorAll<HTMLElement>('[data-testid="reply"]');
      if (replies.length <= before || replies[replies.length - 1]!.dataset.state !== 'done') return false;
      (window as ClockWindow).__gsShownAt = performance.now();
      return true;
    },
    before,
    { polling: 'raf', timeout: 60_000 },
  );
  return inputToShownMs(page);
}

// ─── One run ─────────────────────────────────────────────────────────────────────────────────────

async function measure(list: SavedList, count: number): Promise<Figures> {
  const gateway = await startFakeGateway();
  gateway.setChatReply({ text: STREAMED_REPLY, chunkSize: 8 });
  const planted = count === 0 ? null : await plantedDataFolder(count, list.store);
  let startedAt = 0;
  const opened = await openApp({
    gateway: { baseUrl: gateway.baseUrl, apiKey: gateway.apiKey },
    prepareDataDir: (dataDir) => {
      if (planted) copyPlanted(planted, dataDir, list.store);
      startedAt = performance.now();
    },
  });
  const { app, page } = opened;
  const streamMs = async () => {
    const times: number[] = [];
    for (let i = 0; i < STREAMS_PER_RUN; i++) times.push(await streamedReplyMs(page));
    return median(times);
  };
  try {
    await armInputClock(page);
    if (count === 0) {
      await list.before?.(page);
      await list.show(page);
      await page.locator(list.empty).waitFor();
      const streamed = list.streams ? await streamMs() : Number.NaN;
      return { ...nothingMeasured(), streamMs: streamed, rssMb: mainRssMb() };
    }
    const newest = (await list.ask(app, { limit: 1 })).titles[0]!;
    // Main's part of a list: the call the page makes, timed in main (median of a few).
    const mainList: number[] = [];
    for (let i = 0; i < 5; i++) {
      const at = performance.now();
      await list.ask(app, { limit: 100 });
      mainList.push(performance.now() - at);
    }

    // The click that shows the list, to its rows on screen (the first list of this start).
    if (list.before) {
      await list.before(page);
      await settled(page);
    }
    // A person's first click comes once the window has settled after its start, and by then the list is
    // drawn ahead, hidden, at idle (Shell, TranscribeLists): waited for, at most 10 s. A click before that
    // builds the panel as it is shown (~200 ms at 5,000, the figure before issue 19's drawing ahead).
    const drawnAt = performance.now();
    const drawnAhead = await page
      .waitForFunction(
        ({ selector, total }) => document.querySelector<HTMLElement>(selector)?.dataset.total === total,
        { selector: list.list, total: String(count) },
        { timeout: 10_000 },
      )
      .then(
        () => true,
        () => false,
      );
    const drawnAheadMs = drawnAhead ? performance.now() - drawnAt : Number.NaN;
    const { tasks: clickTasks } = await traceMainThread(page, async () => {
      const { shown } = await watching(page, () => listShows(page, list, newest, count));
      await list.show(page);
      await shown;
    });
    const clickToListMs = await inputToShownMs(page);
    const startToListMs = performance.now() - startedAt;
    const domElements = await page.evaluate(() => document.getElementsByTagName('*').length);

    // Searches: from the typed query (less the debounce) to its results on screen.
    const search: number[] = [];
    const mainSearch: number[] = [];
    const { tasks: searchTasks } = await traceMainThread(page, async () => {
      for (const query of list.searches) {
        const at = performance.now();
        const found = await list.ask(app, { query, limit: 100 });
        mainSearch.push(performance.now() - at);
        await page.getByTestId(list.search.testId).fill(query);
        if (found.total > 0) await listShows(page, list, found.titles[0]!, found.total);
        else await emptyShows(page, list.empty, query);
        search.push((await inputToShownMs(page)) - list.search.delayMs);
      }
      await page.getByTestId(list.search.testId).fill('');
      await listShows(page, list, newest, count);
    });

    // Scroll to the end: pages arrive as it goes.
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

    // Open the last one: from the click to what it shows on screen.
    const oldest = (await list.ask(app, { offset: count - 1, limit: 1 })).titles[0]!;
    const { tasks: openTasks } = await traceMainThread(page, async () => {
      const { shown } = await watching(page, () => openedShows(page, list, oldest));
      await page.locator(list.row).last().locator(list.open).click();
      await shown;
    });
    const openMs = await inputToShownMs(page);

    return {
      startToListMs,
      clickToListMs,
      drawnAheadMs,
      mainListMs: median(mainList),
      searchMs: median(search),
      mainSearchMs: median(mainSearch),
      openMs,
      scrollMs: scrolled.ms,
      scrollFrames: scrolled.frames,
      domElements,
      domElementsMost: scrolled.domMost,
      rowsMost: scrolled.rowsMost,
      longest: {
        click: longestCpuMs(clickTasks),
        search: longestCpuMs(searchTasks),
        scroll: longestCpuMs(scrollTasks),
        open: longestCpuMs(openTasks),
      },
      streamMs: list.streams ? await streamMs() : Number.NaN,
      rssMb: mainRssMb(),
    };
  } finally {
    await opened.close();
    await gateway.close();
  }
}

/** An empty app's figures: only its memory and its stream are measured. */
function nothingMeasured(): Figures {
  const none = Number.NaN;
  return {
    startToListMs: none,
    clickToListMs: none,
    drawnAheadMs: none,
    mainListMs: none,
    searchMs: none,
    mainSearchMs: none,
    openMs: none,
    scrollMs: none,
    scrollFrames: none,
    domElements: none,
    domElementsMost: none,
    rowsMost: none,
    longest: { click: none, search: none, scroll: none, open: none },
    streamMs: none,
    rssMb: none,
  };
}

/**
 * Waits (each frame) until the list's empty state names `query` (a search that finds nothing: the one
 * before may have found nothing too); notes the frame.
 */
async function emptyShows(page: Page, selector: string, query: string): Promise<void> {
  await page.waitForFunction(
    ({ selector, query }) => {
      const empty = document.querySelector(selector);
      if (!(empty?.checkVisibility() && empty.textContent?.includes(query))) return false;
      (window as ClockWindow).__gsShownAt = performance.now();
      return true;
    },
    { selector, query },
    { polling: 'raf', timeout: 60_000 },
  );
}

/** The median figures of some rounds (the most, for what is a ceiling: DOM, memory, tasks). */
function medianFigures(rounds: Figures[]): Figures {
  const mid = (pick: (f: Figures) => number) => median(rounds.map(pick));
  const most = (pick: (f: Figures) => number) => Math.max(...rounds.map(pick));
  return {
    startToListMs: mid((f) => f.startToListMs),
    clickToListMs: mid((f) => f.clickToListMs),
    drawnAheadMs: mid((f) => f.drawnAheadMs),
    mainListMs: mid((f) => f.mainListMs),
    searchMs: mid((f) => f.searchMs),
    mainSearchMs: mid((f) => f.mainSearchMs),
    openMs: mid((f) => f.openMs),
    scrollMs: mid((f) => f.scrollMs),
    scrollFrames: mid((f) => f.scrollFrames),
    domElements: most((f) => f.domElements),
    domElementsMost: most((f) => f.domElementsMost),
    rowsMost: most((f) => f.rowsMost),
    longest: {
      click: most((f) => f.longest.click),
      search: most((f) => f.longest.search),
      scroll: most((f) => f.longest.scroll),
      open: most((f) => f.longest.open),
    },
    streamMs: mid((f) => f.streamMs),
    rssMb: most((f) => f.rssMb),
  };
}

// ─── Rows ────────────────────────────────────────────────────────────────────────────────────────

const slope = (small: number, big: number) => Math.log(big / small) / Math.log(BIG / COUNTS[0]);
const ms1 = (value: number) => `${value.toFixed(1)} ms`;

/** The rows of one list: each count's figures (targets at 5,000), then the growth. */
function listRows(
  list: SavedList,
  byCount: Map<number, Figures>,
  empty: Figures,
  memory: Map<number, number>,
): Row[] {
  const rows: Row[] = [];
  for (const count of COUNTS) {
    const f = byCount.get(count)!;
    const at = `${count.toLocaleString('en-US')} ${list.label}`;
    const target = (op: '<=' | '<', limit: number) => (count === BIG ? { target: { op, limit } } : {});
    const { click, search, scroll, open } = f.longest;
    rows.push(
      {
        metric: `${at}: start → list on screen`,
        value: f.startToListMs,
        unit: 'ms',
        detail:
          "from main starting (data folder ready) to the first rows painted, main's list timed first and the drawing ahead waited for",
      },
      {
        metric: `${at}: click → list on screen`,
        value: f.clickToListMs,
        unit: 'ms',
        ...target('<=', 150),
        detail: `from ${list.shownBy}; drawn ${Number.isNaN(f.drawnAheadMs) ? 'not within 10 s' : `${ms1(f.drawnAheadMs)} after main's list calls`}`,
      },
      {
        metric: `${at}: main's part of a list (one page)`,
        value: f.mainListMs,
        unit: 'ms',
        ...target('<=', 30),
      },
      {
        metric: `${at}: search, request → results on screen`,
        value: f.searchMs,
        unit: 'ms',
        ...target('<=', 100),
        detail: `median of ${list.searches.map((q) => `“${q}”`).join(', ')}; main's part ${ms1(f.mainSearchMs)}`,
      },
      {
        metric: `${at}: open one`,
        value: f.openMs,
        unit: 'ms',
        ...target('<=', 100),
        detail: `from the click on the last row to ${list.openedWhat}`,
      },
      {
        metric: `${at}: scroll to the end`,
        value: f.scrollMs,
        unit: 'ms',
        detail: `${f.scrollFrames} frames; at most ${f.rowsMost} rows in the page`,
      },
      {
        metric: `${at}: longest main-thread task (CPU time)`,
        value: Math.max(click, search, scroll, open),
        unit: 'ms',
        ...target('<', 50),
        detail: `click to list ${ms1(click)}, searches ${ms1(search)}, scroll to the end ${ms1(scroll)}, open one ${ms1(open)}`,
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
        value: memory.get(count)! - memory.get(0)!,
        unit: 'MB',
        ...target('<=', 50),
        detail: `the store as main opens it, in a process of its own (bench/support/saved-store-memory.ts): listed, searched, every page asked; in this process beside the browser driver and the test bridge, whose memory grows with the page's traffic, ${(f.rssMb - empty.rssMb).toFixed(1)} MB`,
      },
    );
    if (list.streams) {
      rows.push({
        metric: `${at}: a streamed 4 KB reply, against none saved`,
        value: f.streamMs / empty.streamMs,
        unit: '×',
        ...target('<=', 1.1),
        detail: `from the Enter to its end on screen (512 deltas, 5 ms apart): ${f.streamMs.toFixed(0)} ms; with none saved ${empty.streamMs.toFixed(0)} ms`,
      });
    }
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
    growth('search', small.searchMs, big.searchMs),
  );
  return rows;
}

/** Which stores to measure (`GS_SAVED_STORES`, comma-separated; default all). */
const STORES = new Set(
  (process.env.GS_SAVED_STORES ?? 'conversations,transcripts,clips').split(',').map((name) => name.trim()),
);

const rounds = async (list: SavedList, count: number, times: number) => {
  const figures: Figures[] = [];
  for (let round = 0; round < times; round++) figures.push(await measure(list, count));
  return medianFigures(figures);
};

/** What main's resident memory grows by with `count` items of the list's store (0: an empty folder). */
async function storeMemoryMb(list: SavedList, count: number): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gs-store-memory-'));
  try {
    if (count > 0) copyPlanted(await plantedDataFolder(count, list.store), dataDir, list.store);
    const { beforeMb, afterMb } = await runChild<{ beforeMb: number; afterMb: number }>(
      'saved-store-memory.ts',
      [list.store, dataDir, ...list.searches],
    );
    return afterMb - beforeMb;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const section: BenchSection = {
  name: 'saved-at-scale',
  description: `saved conversations, transcripts and speech clips at scale: ${COUNTS.join(' and ')} planted, listed, searched, scrolled, opened (median of ${ROUNDS})`,
  async run() {
    const rows: Row[] = [];
    for (const list of LISTS) {
      if (!STORES.has(list.store)) continue;
      // Planted first (cached in the temp folder between runs), so no run pays for it.
      for (const count of COUNTS) await plantedDataFolder(count, list.store);
      // The empty app once for its memory; as often as the others where its stream is compared.
      const empty = await rounds(list, 0, list.streams ? ROUNDS : 1);
      const byCount = new Map<number, Figures>();
      for (const count of COUNTS) byCount.set(count, await rounds(list, count, ROUNDS));
      const memory = new Map<number, number>();
      for (const count of [0, ...COUNTS]) memory.set(count, await storeMemoryMb(list, count));
      rows.push(...listRows(list, byCount, empty, memory));
    }
    return rows;
  },
};

export default section;
