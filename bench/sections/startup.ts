// Startup, as shipped: the built main entry (out/main/index.js) under the Electron double, its window a
// Chromium page served by the app:// handler — the same start as the desktop e2e suite. Per start:
// main entry → ready-to-show → first screen usable (welcome or shell shown, main's answers in), the
// script the page evaluated before that first screen (deterministic, from the build; target ≤ 250 KB),
// and the page's script time up to it. Five cold starts each of a first run (welcome) and of a
// returning user (shell, one profile saved).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from '@playwright/test';
import { FIRST_SCREEN_MARK } from '../../src-renderer/src/startup/first-screen-mark.ts';
import { type DesktopApp, launchDesktop, MAIN_ENTRY } from '../../test/desktop/launch.ts';
import { addProfile, scratch, windowReady } from '../../test/desktop/steps.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../test/e2e/chromium.ts';
import { startFakeGateway } from '../../test/fake-gateway/server.ts';
import { measureFirstScreenScripts } from '../../test/support/script-budget.ts';
import { type BenchSection, median, type Row } from '../types.ts';

const STARTS = 5;

interface Start {
  entryToWindow: number;
  navigationToReadyToShow: number;
  entryToReadyToShow: number;
  entryToFirstScreen: number;
  spawnToEntry: number;
  scriptKb: number;
  scriptMs: number;
  files: string;
}

function ensureBuild(): void {
  if (process.env.GS_BENCH_BUILD !== '1' && existsSync(MAIN_ENTRY)) return;
  const built = spawnSync('npx', ['--no-install', 'electron-vite', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('electron-vite build failed');
}

const lifecycleAt = (app: DesktopApp, event: string): number => {
  const entry = app.records.find((record) => record.type === 'lifecycle' && record.event === event);
  if (entry?.type !== 'lifecycle') throw new Error(`no ${event} recorded`);
  return entry.at;
};

async function start(browser: Browser, dirs: ReturnType<typeof scratch>): Promise<Start> {
  // CDP's Performance domain counts script time from the moment it is enabled: before the page loads.
  const probes = new Map<Page, () => Promise<number>>();
  const app = await launchDesktop({
    browser,
    userDataDir: dirs.userData,
    keyringFile: dirs.keyring,
    async onPage(page) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      probes.set(page, async () => {
        const { metrics } = await cdp.send('Performance.getMetrics');
        return (metrics.find((metric) => metric.name === 'ScriptDuration')?.value ?? 0) * 1000;
      });
    },
  });
  try {
    const window = await windowReady(app);
    const page = window.page;
    const scriptMs = (await probes.get(page)?.()) ?? Number.NaN;
    const shownAt = await page.evaluate(
      (mark) =>
        performance.timeOrigin + (performance.getEntriesByName(mark, 'mark')[0]?.startTime ?? Number.NaN),
      FIRST_SCREEN_MARK,
    );
    const budget = await measureFirstScreenScripts(page);
    const entry = lifecycleAt(app, 'main-entry');
    const readyToShow = lifecycleAt(app, 'ready-to-show');
    return {
      entryToWindow: lifecycleAt(app, 'window-created') - entry,
      navigationToReadyToShow: readyToShow - lifecycleAt(app, 'did-navigate'),
      entryToReadyToShow: readyToShow - entry,
      entryToFirstScreen: shownAt - entry,
      spawnToEntry: entry - app.spawnedAt,
      scriptKb: budget.totalKb,
      scriptMs,
      files: budget.files.map((file) => `${file.name} ${file.kb} KB`).join(', '),
    };
  } finally {
    await app.close();
  }
}

function rows(label: string, starts: Start[]): Row[] {
  const of = (pick: (start: Start) => number) => median(starts.map(pick));
  const first = starts[0] as Start;
  return [
    {
      metric: `${label}: main entry → window created (median of ${starts.length})`,
      value: of((s) => s.entryToWindow),
      unit: 'ms',
      detail: `main's own start-up: its modules, ready, settings, IPC layer, protocol. Before it, spawn → main entry (Node and the double's TypeScript loader, not Electron's): ${of((s) => s.spawnToEntry).toFixed(0)} ms`,
    },
    {
      metric: `${label}: main entry → ready-to-show`,
      value: of((s) => s.entryToReadyToShow),
      unit: 'ms',
      detail: `includes the renderer host opening a Chromium tab for the window (the double's cost); from the page's commit to ready-to-show: ${of((s) => s.navigationToReadyToShow).toFixed(0)} ms`,
    },
    {
      metric: `${label}: main entry → first screen usable`,
      value: of((s) => s.entryToFirstScreen),
      unit: 'ms',
    },
    {
      // KB of 1024 bytes, the unit of test/support/script-budget.ts (decoded bytes of each script file).
      metric: `${label}: script evaluated before the first screen`,
      value: first.scriptKb,
      unit: 'KB',
      target: { op: '<=', limit: 250 },
      detail: `${first.files} (KB = 1024 bytes; the same build gives the same list every run)`,
    },
    { metric: `${label}: script time up to the first screen`, value: of((s) => s.scriptMs), unit: 'ms' },
  ];
}

const section: BenchSection = {
  name: 'startup',
  description: `the built app through the Electron double: ${STARTS} cold starts each, first run and returning user`,
  async run() {
    ensureBuild();
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const gateway = await startFakeGateway();
    const welcome = scratch();
    const returning = scratch();
    try {
      // A returning user: one profile saved by a first start.
      const setup = await launchDesktop({
        browser,
        userDataDir: returning.userData,
        keyringFile: returning.keyring,
      });
      await addProfile((await windowReady(setup)).page, gateway);
      await setup.close();

      const firstRun: Start[] = [];
      const again: Start[] = [];
      for (let run = 0; run < STARTS; run++) {
        welcome.remove();
        firstRun.push(await start(browser, welcome));
        again.push(await start(browser, returning));
      }
      return [...rows('first run (welcome)', firstRun), ...rows('returning (shell)', again)];
    } finally {
      welcome.remove();
      returning.remove();
      await gateway.close();
      await browser.close();
    }
  },
};

export default section;
